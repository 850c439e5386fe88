// How an analysis's findings are drawn and named, on the results screen, in the review's list of changes, in the
// audit trail and in the PDF report alike. A person names a finding by its kind and its place among the findings
// of that kind ("tree finding 3").

/** The label of each kind of finding (analysis contract `feature`). */
export const FINDING_LABELS: Readonly<Record<string, string>> = {
  pool: 'Pool',
  spa: 'Spa',
  tree: 'Tree',
  roof: 'Roof',
  solar: 'Solar panels',
  power_line: 'Power line',
  damage: 'Damage',
  other: 'Other',
};

/** The colour each kind is drawn in, on the results screen and in the PDF report's image. */
export const FINDING_COLOURS: Readonly<Record<string, string>> = {
  pool: '#0ea5e9',
  spa: '#06b6d4',
  tree: '#22c55e',
  roof: '#f97316',
  solar: '#a855f7',
  power_line: '#facc15',
  damage: '#ef4444',
  other: '#94a3b8',
};

export function findingLabel(feature: string): string {
  return FINDING_LABELS[feature] ?? FINDING_LABELS.other;
}

/** 1-based place of finding `index` among the findings of its own feature. */
export function findingOrdinal(findings: readonly { feature: string }[], index: number): number {
  const feature = findings[index]?.feature;
  if (feature === undefined) return index + 1;
  let n = 0;
  for (let i = 0; i <= index; i++) if (findings[i].feature === feature) n++;
  return n;
}

/** "pool finding 2": the second of the pool findings. */
export function findingName(findings: readonly { feature: string }[], index: number): string {
  return `${findingLabel(findings[index]?.feature ?? 'other').toLowerCase()} finding ${findingOrdinal(findings, index)}`;
}
