// How each kind of finding (analysis contract `feature`) is named (common/findings.ts) and drawn.
import { FINDING_COLOURS, findingLabel } from '../../../common/findings';

export type FeatureStyle = { label: string; colour: string };

export const featureStyles: Record<string, FeatureStyle> = Object.fromEntries(
  Object.entries(FINDING_COLOURS).map(([feature, colour]) => [feature, { label: findingLabel(feature), colour }]),
);

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
