// The same property over time (issue 10): the owner's earlier analyses of this place (same geocoded address,
// within 25 m, or the same address text) and any one of them side by side with this one — score, each
// feature, what changed, and the image dates.
import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router';
import type { SamePropertyPanel_analysis$key } from '../../__generated__/SamePropertyPanel_analysis.graphql';
import { formatDate } from '../../components/analysis/format';
import { bandLabels, scoreBand } from '../../components/analysis/riskBand';
import { Button } from '../../components/forms';
import { compareFields } from './compareFields';

const MATCH_WORDS: Record<string, string> = { place: 'same geocoded address', coordinates: 'within 25 m', address: 'same address text' };

export function SamePropertyPanel({ analysis }: { analysis: SamePropertyPanel_analysis$key }) {
  const data = useFragment(
    graphql`
      fragment SamePropertyPanel_analysis on Analysis {
        ...SamePropertyPanel_side @relay(mask: false)
        sameProperty {
          match
          distanceM
          analysis {
            analysisId
            ...SamePropertyPanel_side @relay(mask: false)
          }
        }
      }
    `,
    analysis,
  );
  const [chosen, setChosen] = useState<string | null>(null);
  if (data.sameProperty.length === 0) return null;
  const other = data.sameProperty.find((m) => m.analysis.analysisId === chosen)?.analysis ?? null;
  const mine = compareFields(data);
  const theirs = other ? compareFields(other) : null;

  return (
    <section
      aria-labelledby="same-property-heading"
      className="rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="same-property-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        This property over time
      </h2>
      <ul className="mt-3 divide-y divide-slate-100 dark:divide-slate-800" aria-label="Other analyses of this property">
        {data.sameProperty.map((m) => (
          <li key={m.analysis.analysisId} className="flex flex-wrap items-center justify-between gap-3 py-2 text-sm">
            <div>
              <Link
                to={`/analysis-results/${m.analysis.analysisId}`}
                className="font-medium text-brand-600 hover:underline dark:text-brand-400"
              >
                {formatDate(String(m.analysis.image.capturedAt ?? m.analysis.createdAt))}
              </Link>{' '}
              <span className="text-slate-600 dark:text-slate-400">
                ·{' '}
                {m.analysis.riskScore == null ? 'not assessable' : `${m.analysis.riskScore} ${bandLabels[scoreBand(m.analysis.riskScore)]}`}{' '}
                · {MATCH_WORDS[m.match] ?? m.match}
                {m.distanceM != null ? ` (${Math.round(m.distanceM)} m apart)` : ''}
              </span>
            </div>
            <Button
              variant="secondary"
              aria-pressed={chosen === m.analysis.analysisId}
              onClick={() => setChosen(chosen === m.analysis.analysisId ? null : m.analysis.analysisId)}
            >
              {chosen === m.analysis.analysisId ? 'Hide comparison' : 'Compare'}
            </Button>
          </li>
        ))}
      </ul>
      {other && theirs && (
        <table className="mt-4 w-full text-left text-sm" data-testid="property-comparison">
          <caption className="sr-only">This analysis beside the earlier one</caption>
          <thead className="text-xs tracking-wide text-slate-500 uppercase dark:text-slate-400">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">
                Field
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Other ({formatDate(String(other.image.capturedAt ?? other.createdAt))})
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                This analysis
              </th>
              <th scope="col" className="py-2 font-medium">
                Changed
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {mine.map(([label, value], index) => {
              const changed = theirs[index][1] !== value;
              return (
                <tr key={label} className={changed ? 'bg-amber-50 dark:bg-amber-950/30' : ''}>
                  <th scope="row" className="py-2 pr-3 font-medium text-slate-900 dark:text-white">
                    {label}
                  </th>
                  <td className="py-2 pr-3">{theirs[index][1]}</td>
                  <td className="py-2 pr-3">{value}</td>
                  <td className="py-2">{changed ? 'Changed' : '—'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}

/* eslint-disable relay/unused-fields -- compareFields.ts reads these (kept apart so it is tested without compiled fragments) */
graphql`
  fragment SamePropertyPanel_side on Analysis {
    createdAt
    riskScore
    buildingFound
    image {
      capturedAt
    }
    review {
      __typename
    }
    results {
      pool {
        present
      }
      spa {
        present
      }
      trees {
        count
        proximity
      }
      roof {
        style
        condition
      }
      solar {
        present
      }
      powerLines {
        proximity
      }
      propertyCondition
      additionalRisks
    }
  }
`;
/* eslint-enable relay/unused-fields */
