import { graphql, useFragment } from 'react-relay';
import type { AnalysisFeatures_analysis$key } from '../../__generated__/AnalysisFeatures_analysis.graphql';
import { NO_BUILDING_TO_MEASURE_FROM } from '../../../common/constants';
import { featureStyle } from './features';
import { humanize, percent } from './format';

type Row = { key: string; feature: string; label: string; found: boolean; detail: string };

/** Every feature the analysis looks for: found or not, in words, with the analyzer's confidence. */
export function AnalysisFeatures({ analysis }: { analysis: AnalysisFeatures_analysis$key }) {
  const data = useFragment(
    graphql`
      fragment AnalysisFeatures_analysis on Analysis {
        buildingFound
        results {
          pool {
            present
            location
            condition
          }
          spa {
            present
            location
          }
          trees {
            overhanging
            count
            proximity
          }
          roof {
            style
            condition
          }
          solar {
            present
            coveragePercentage
          }
          powerLines {
            crossingProperty
            proximity
          }
        }
        findings {
          feature
          confidence
          note
          reviewDecision
        }
      }
    `,
    analysis,
  );
  const results = data.results;
  if (!results) return null;
  // What the owner rejected is not evidence any more.
  const findings = data.findings.filter((finding) => finding.reviewDecision !== 'rejected');
  const { pool, spa, trees, roof, solar, powerLines } = results;

  // The highest confidence among the findings of a feature is the confidence shown for it.
  const confidence = (feature: string): number | null => {
    const values = findings.filter((finding) => finding.feature === feature).map((finding) => finding.confidence);
    return values.length ? Math.max(...values) : null;
  };
  const withLocation = (text: string, location: string) => (location ? `${text}, ${location}` : text);
  // With no building found, the contract's "distant" for trees and wires seen is not a distance from anything.
  const unmeasured = data.buildingFound === false ? `; ${NO_BUILDING_TO_MEASURE_FROM}` : null;
  // When the image itself could not be judged (dark, blurred, greyscale), nothing was looked for: "not detected" would
  // read as looked for and absent.
  const absent = (words: string) => (data.buildingFound === null ? 'Not assessed' : words);

  const rows: Row[] = [
    {
      key: 'pool',
      feature: 'pool',
      label: 'Pool',
      found: pool.present,
      detail: pool.present ? withLocation(`Condition: ${humanize(pool.condition)}`, pool.location) : absent('Not detected'),
    },
    {
      key: 'spa',
      feature: 'spa',
      label: 'Spa',
      found: spa.present,
      detail: spa.present ? withLocation('Present', spa.location) : absent('Not detected'),
    },
    {
      key: 'trees',
      feature: 'tree',
      label: 'Trees',
      found: trees.count > 0,
      detail:
        trees.count > 0
          ? `${trees.count} ${trees.count === 1 ? 'tree' : 'trees'}${unmeasured ?? `, ${humanize(trees.proximity).toLowerCase()}${trees.overhanging ? ', overhanging the roof' : ''}`}`
          : absent('None detected'),
    },
    {
      key: 'roof',
      feature: 'roof',
      label: 'Roof',
      found: roof.style !== 'unknown' || roof.condition !== 'unknown',
      detail:
        data.buildingFound === null && roof.style === 'unknown' && roof.condition === 'unknown'
          ? 'Not assessed'
          : `Style: ${humanize(roof.style)} · Condition: ${humanize(roof.condition)}`,
    },
    {
      key: 'solar',
      feature: 'solar',
      label: 'Solar panels',
      found: solar.present,
      detail: solar.present ? `About ${Math.round(solar.coveragePercentage)}% of the roof` : absent('Not detected'),
    },
    {
      key: 'power_lines',
      feature: 'power_line',
      label: 'Power lines',
      found: powerLines.crossingProperty || powerLines.proximity !== 'none',
      detail:
        powerLines.crossingProperty || powerLines.proximity !== 'none'
          ? unmeasured
            ? `In view${unmeasured}`
            : `${humanize(powerLines.proximity)}${powerLines.crossingProperty ? ', crossing the property' : ''}`
          : absent('None detected'),
    },
  ];
  // Damage and other findings, one line per kind and note (four patches of missing cover read as one line).
  const others = new Map<string, { feature: string; note: string; confidence: number; count: number }>();
  for (const finding of findings) {
    if (finding.feature !== 'damage' && finding.feature !== 'other') continue;
    const key = `${finding.feature}\u0000${finding.note}`;
    const seen = others.get(key);
    if (seen) {
      seen.count += 1;
      seen.confidence = Math.max(seen.confidence, finding.confidence);
    } else others.set(key, { feature: finding.feature, note: finding.note, confidence: finding.confidence, count: 1 });
  }

  return (
    <section
      aria-labelledby="features-heading"
      className="rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="features-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        Detected features
      </h2>
      <ul className="mt-4 divide-y divide-slate-100 dark:divide-slate-800">
        {rows.map((row) => {
          const level = confidence(row.feature);
          return (
            <li key={row.key} className="flex items-start justify-between gap-4 py-3" data-testid={`feature-${row.key}`}>
              <div className="flex items-start gap-3">
                <span
                  className="mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full"
                  style={{
                    backgroundColor: row.found ? featureStyle(row.feature).colour : 'transparent',
                    boxShadow: 'inset 0 0 0 1px #94a3b8',
                  }}
                  aria-hidden="true"
                />
                <div>
                  <p className="font-medium text-slate-900 dark:text-white">{row.label}</p>
                  <p className="text-sm text-slate-600 dark:text-slate-400">{row.detail}</p>
                </div>
              </div>
              <span className="shrink-0 text-sm tabular-nums text-slate-500 dark:text-slate-400">
                {level == null ? '—' : `${percent(level)} confidence`}
              </span>
            </li>
          );
        })}
        {[...others.entries()].map(([key, finding]) => (
          <li key={key} className="flex items-start justify-between gap-4 py-3">
            <div>
              <p className="font-medium text-slate-900 dark:text-white">
                {featureStyle(finding.feature).label}
                {finding.count > 1 && <span className="font-normal text-slate-500 dark:text-slate-400"> ({finding.count} areas)</span>}
              </p>
              <p className="text-sm text-slate-600 dark:text-slate-400">{finding.note}</p>
            </div>
            <span className="shrink-0 text-sm tabular-nums text-slate-500 dark:text-slate-400">
              {percent(finding.confidence)} confidence
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
