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
