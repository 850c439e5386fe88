// "Wrong building?": the owner clicks their building on the displayed image, and the server takes the point
// as shares 0–1 of the image's width (x, from the left) and height (y, from the top), whatever its display size.

export type SubjectPoint = { x: number; y: number };

const clamp01 = (value: number) => (Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0);

/**
 * The clicked point as shares of the displayed image: `offsetX / width`, `offsetY / height`, clamped to 0–1
 * (a click on the border can land a pixel outside); a box with no size gives 0.
 */
export function subjectPointFromClick(offsetX: number, offsetY: number, width: number, height: number): SubjectPoint {
  return {
    x: width > 0 ? clamp01(offsetX / width) : 0,
    y: height > 0 ? clamp01(offsetY / height) : 0,
  };
}
