// /map-analysis "Property Analysis": the Map Analysis tab (address → satellite image, components/map/)
// and the Upload Image tab, whose finished analysis opens /analysis-results/{analysisId}.
import { useId, useRef, type KeyboardEvent } from 'react';
import type { PreloadedQuery } from 'react-relay';
import { useLoaderData, useNavigate, useSearchParams } from 'react-router';
import type { MapTabQuery as MapTabQueryType } from '../../__generated__/MapTabQuery.graphql';
import { ImageUploadForm } from '../../components/analysis/ImageUploadForm';
import { MapPinIcon, UploadIcon } from '../../components/icons';
import { PageContainer, PageHeader } from '../../components/layouts';
import { MapTab, MapTabQuery } from '../../components/map/MapTab';
import { preloadQuery } from '../../relay/preload';

const tabs = [
  { key: 'map', label: 'Map Analysis', icon: MapPinIcon },
  { key: 'upload', label: 'Upload Image', icon: UploadIcon },
] as const;
type TabKey = (typeof tabs)[number]['key'];

function UploadTabPanel() {
  const navigate = useNavigate();
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 sm:p-8 dark:border-slate-800 dark:bg-slate-900">
      <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Upload an aerial image</h2>
      <p className="mt-1 mb-6 text-sm text-slate-600 dark:text-slate-400">
        A drone or aerial photo of the property, seen from above. We detect pools, trees, the roof, solar panels and power lines, and score
        the risk.
      </p>
      <ImageUploadForm onAnalyzed={(analysis) => navigate(`/analysis-results/${analysis.analysisId}`)} />
    </div>
  );
}

/** The Map tab's query starts with the route, like every other screen's (the Upload tab needs none). */
export function loader() {
  return preloadQuery<MapTabQueryType>(MapTabQuery, {});
}

export default function MapAnalysisScreen() {
  const queryRef = useLoaderData() as PreloadedQuery<MapTabQueryType>;
  // The tab lives in the URL so a link (or the back button) can open the upload form directly.
  const [searchParams, setSearchParams] = useSearchParams();
  const active: TabKey = searchParams.get('tab') === 'upload' ? 'upload' : 'map';
  const id = useId();
  const tabRefs = useRef<Record<TabKey, HTMLButtonElement | null>>({ map: null, upload: null });

  const select = (key: TabKey) => setSearchParams(key === 'map' ? {} : { tab: key }, { replace: true });
  // Arrow keys move between tabs (the WAI-ARIA tabs pattern).
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    const next = tabs[(tabs.findIndex((tab) => tab.key === active) + 1) % tabs.length].key;
    select(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <PageContainer>
      <div className="space-y-8">
        <PageHeader
          title="Property Analysis"
          description="Analyse a property from a satellite image found by address, or from an aerial image you upload."
        />
        <div>
          <div
            role="tablist"
            aria-label="Analysis method"
            className="flex gap-2 border-b border-slate-200 dark:border-slate-800"
            onKeyDown={onKeyDown}
          >
            {tabs.map(({ key, label, icon: Icon }) => {
              const selected = key === active;
              return (
                <button
                  key={key}
                  ref={(element) => {
                    tabRefs.current[key] = element;
                  }}
                  type="button"
                  role="tab"
                  id={`${id}-tab-${key}`}
                  aria-selected={selected}
                  aria-controls={`${id}-panel-${key}`}
                  tabIndex={selected ? 0 : -1}
                  onClick={() => select(key)}
                  className={`-mb-px inline-flex items-center gap-2 border-b-2 px-4 py-2.5 text-sm font-semibold transition ${
                    selected
                      ? 'border-brand-600 text-brand-700 dark:border-brand-400 dark:text-brand-300'
                      : 'border-transparent text-slate-500 hover:border-slate-300 hover:text-slate-700 dark:text-slate-400 dark:hover:text-slate-200'
                  }`}
                >
                  <Icon className="h-4 w-4" />
                  {label}
                </button>
              );
            })}
          </div>
          <div role="tabpanel" id={`${id}-panel-${active}`} aria-labelledby={`${id}-tab-${active}`} className="pt-6">
            {active === 'map' ? <MapTab queryRef={queryRef} /> : <UploadTabPanel />}
          </div>
        </div>
      </div>
    </PageContainer>
  );
}
