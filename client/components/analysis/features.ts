// How each kind of finding (analysis contract `feature`) is named and drawn.

export type FeatureStyle = { label: string; colour: string };

export const featureStyles: Record<string, FeatureStyle> = {
  pool: { label: 'Pool', colour: '#0ea5e9' },
  spa: { label: 'Spa', colour: '#06b6d4' },
  tree: { label: 'Tree', colour: '#22c55e' },
  roof: { label: 'Roof', colour: '#f97316' },
  solar: { label: 'Solar panels', colour: '#a855f7' },
  power_line: { label: 'Power line', colour: '#facc15' },
  damage: { label: 'Damage', colour: '#ef4444' },
  other: { label: 'Other', colour: '#94a3b8' },
};

export function featureStyle(feature: string): FeatureStyle {
  return featureStyles[feature] ?? featureStyles.other;
}

/** SVG `points` for a polygon or polyline in image pixel coordinates. */
export function svgPoints(points: readonly (readonly number[])[]): string {
  return points.map(([x, y]) => `${x},${y}`).join(' ');
}

/** The defensible-space zones, outermost first (how they are drawn): 9–30 m, 1.5–9 m, 0–1.5 m. */
export const DEFENSIBLE_SPACE_ZONES = [
  { label: '9–30 m', outerM: 30, colour: '#eab308' },
  { label: '1.5–9 m', outerM: 9, colour: '#f97316' },
  { label: '0–1.5 m', outerM: 1.5, colour: '#dc2626' },
] as const;
