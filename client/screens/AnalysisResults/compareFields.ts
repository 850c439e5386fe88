// The compared fields of two analyses of one property, in words (SamePropertyPanel shows them side by side). Apart
// from the panel so it can be tested without Relay's compiled fragments.
import type { SamePropertyPanel_analysis$data } from '../../__generated__/SamePropertyPanel_analysis.graphql';
import { formatDate, humanize } from '../../components/analysis/format';
import { bandLabels, scoreBand } from '../../components/analysis/riskBand';

export type Side = Pick<SamePropertyPanel_analysis$data, 'createdAt' | 'riskScore' | 'buildingFound' | 'image' | 'results' | 'review'>;

/** The compared fields of one analysis, in words (the server's compareWith compares the same fields). */
export function compareFields(side: Side): [string, string][] {
  const r = side.results;
  const yes = (value: boolean | undefined) => (value === undefined ? '—' : value ? 'Yes' : 'No');
  // With no building found, trees and wires were seen but not measured from anything.
  const unmeasured = side.buildingFound === false;
  // An image that could not be judged (greyscale, dark, blurred): its features were not looked for.
  const notJudged = side.buildingFound === null && r != null;
  const feature = (value: string) => (notJudged ? 'Not assessed' : value);
  const imageDate = side.image.capturedAt
    ? `${formatDate(String(side.image.capturedAt))} (captured)`
    : `${formatDate(String(side.createdAt))} (analysed)`;
  return [
    ['Image date', imageDate],
    ['Risk score', side.riskScore == null ? 'Not assessable' : `${side.riskScore} ${bandLabels[scoreBand(side.riskScore)]}`],
    ['Pool', feature(yes(r?.pool.present))],
    ['Spa', feature(yes(r?.spa.present))],
    [
      'Trees',
      r
        ? feature(`${r.trees.count} (${unmeasured && r.trees.count > 0 ? 'no building found' : humanize(r.trees.proximity).toLowerCase()})`)
        : '—',
    ],
    ['Roof style', r ? feature(humanize(r.roof.style)) : '—'],
    ['Roof condition', r ? feature(humanize(r.roof.condition)) : '—'],
    ['Solar panels', feature(yes(r?.solar.present))],
    [
      'Power lines',
      r ? feature(unmeasured && r.powerLines.proximity !== 'none' ? 'In view (no building found)' : humanize(r.powerLines.proximity)) : '—',
    ],
    ['Property condition', r ? feature(humanize(r.propertyCondition)) : '—'],
    ['Additional risks', r ? r.additionalRisks.join('; ') || 'None' : '—'],
    ['Reviewed', side.review ? 'Yes' : 'No'],
  ];
}
