// The review's findings, grouped by feature as a reviewer reads them: one group per feature in the analyzer's
// order, each finding named within its kind ("tree finding 3"), and a long group (a wooded lot gives 80 tree
// crowns) cut to its first few until asked for the rest. The analyzer lists what matters first (crowns nearest
// the roof), and a finding already confirmed or rejected always stays in view.
import { findingLabel, findingName } from '../../../common/findings';
import { humanize } from '../../components/analysis/format';

/** Findings of one feature shown before "Show all". */
export const FINDINGS_SHOWN = 5;

export interface ReviewFinding {
  readonly index: number;
  readonly feature: string;
  readonly reviewDecision?: string | null;
}

export interface FindingGroup<F extends ReviewFinding> {
  feature: string;
  /** "Trees (83)" reads the count; this is "Trees". */
  heading: string;
  /** Its findings in view, each with its name ("tree finding 3"). */
  shown: (F & { name: string })[];
  total: number;
  /** How many are hidden until the group is expanded (0 when expanded or short). */
  hidden: number;
}

const HEADINGS: Record<string, string> = {
  roof: 'Roof',
  pool: 'Pools',
  spa: 'Spas',
  tree: 'Trees',
  solar: 'Solar panels',
  power_line: 'Power lines',
  damage: 'Damage',
  other: 'Other',
};

/** The lower-case name of a feature's findings: "tree", "solar panels". */
export function findingKind(feature: string): string {
  return findingLabel(feature).toLowerCase();
}

export function groupReviewFindings<F extends ReviewFinding>(
  findings: readonly F[],
  expanded: ReadonlySet<string>,
  shownPerGroup = FINDINGS_SHOWN,
): FindingGroup<F>[] {
  const groups = new Map<string, (F & { name: string })[]>();
  for (const finding of findings) {
    const group = groups.get(finding.feature) ?? [];
    // The name findingName (common/findings.ts) gives the change list, the audit trail and the report.
    group.push({ ...finding, name: `${findingKind(finding.feature)} finding ${group.length + 1}` });
    groups.set(finding.feature, group);
  }
  return [...groups].map(([feature, all]) => {
    const shown = expanded.has(feature) ? all : all.filter((f, i) => i < shownPerGroup || f.reviewDecision);
    return {
      feature,
      heading: HEADINGS[feature] ?? findingLabel(feature),
      shown,
      total: all.length,
      hidden: all.length - shown.length,
    };
  });
}

/**
 * One change of the review in words: "Pool finding 2: rejected", "Roof condition: fair → poor". A finding is
 * numbered among the findings of its kind, as the findings list names it.
 */
export function changeText(
  change: { field: string; findingIndex?: number | null; from: string; to: string },
  findings: readonly { feature: string }[],
): string {
  if (change.field === 'finding') return `${humanize(findingName(findings, change.findingIndex ?? 0))}: ${change.to}`;
  if (change.field === 'add_risk') return `Additional risk added: ${change.to}`;
  if (change.field === 'remove_risk') return `Additional risk removed: ${change.from}`;
  return `${humanize(change.field)}: ${humanize(change.from)} → ${humanize(change.to)}`;
}
