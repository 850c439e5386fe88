// Polygon helpers shared by the analyzers' rasterising (local/geometry.ts) and the defensible-space zones.
type Point = readonly [number, number];

/**
 * The x positions where the horizontal line at `y` crosses the polygon's edges, ascending (half-open edge rule:
 * an edge counts when exactly one of its ends lies above `y`). A point (x, y) is inside by the even-odd rule
 * exactly when an odd number of them lie to its right.
 */
export function scanlineCrossings(y: number, poly: readonly Point[]): number[] {
  const xs: number[] = [];
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i];
    const [xj, yj] = poly[j];
    if (yi > y !== yj > y) xs.push(xi + ((y - yi) * (xj - xi)) / (yj - yi));
  }
  return xs.sort((a, b) => a - b);
}
