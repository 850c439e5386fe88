// The Map Analysis tab of /map-analysis. Its one query (what the server's imagery and places providers
// are) is started by the screen's route loader, like every other screen's, before anything renders.
import { Suspense } from 'react';
import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import type { MapTabQuery as MapTabQueryType } from '../../__generated__/MapTabQuery.graphql';
import { Alert } from '../Alert';
import { ErrorBoundary } from '../analysis/ErrorBoundary';
import { LoadingState } from '../Spinner';
import { ImageryNotConfigured } from './ImageryNotConfigured';
import { PropertyMapSearch } from './PropertyMapSearch';

export const MAP_SERVICES_UNREACHABLE =
  'The map services cannot be reached from the server right now, so address search and satellite images will fail. ' +
  'You can still upload your own aerial photo in the Upload Image tab.';

export const MapTabQuery = graphql`
  query MapTabQuery {
    imageryStatus {
      configured
      reachable
      ...ImageryNotConfigured_imageryStatus
    }
    placesStatus {
      ...PropertyMapSearch_placesStatus
    }
  }
`;

function MapTabContent({ queryRef }: { queryRef: PreloadedQuery<MapTabQueryType> }) {
  const data = usePreloadedQuery<MapTabQueryType>(MapTabQuery, queryRef);
  return data.imageryStatus.configured ? (
    <div className="space-y-4">
      {data.imageryStatus.reachable === false && (
        // Said before a search fails: the server checks its map services in the background.
        <Alert tone="warning">{MAP_SERVICES_UNREACHABLE}</Alert>
      )}
      <PropertyMapSearch placesStatus={data.placesStatus} />
    </div>
  ) : (
    <ImageryNotConfigured imageryStatus={data.imageryStatus} />
  );
}

export function MapTab({ queryRef }: { queryRef: PreloadedQuery<MapTabQueryType> }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 sm:p-8 dark:border-slate-800 dark:bg-slate-900">
      <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Analyse a property by its address</h2>
      <p className="mt-1 mb-6 text-sm text-slate-600 dark:text-slate-400">
        We fetch a satellite image of the address from above, then detect pools, trees, the roof, solar panels and power lines, and score
        the risk.
      </p>
      <ErrorBoundary fallback={<Alert tone="error">{'Failed to load the map search. Please reload the page.'}</Alert>}>
        <Suspense fallback={<LoadingState label="Loading map search…" />}>
          <MapTabContent queryRef={queryRef} />
        </Suspense>
      </ErrorBoundary>
    </div>
  );
}
