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

/** One arrow key press moves the keyboard's marker this share of the image; with Shift, `MARKER_STEP_LARGE`. */
export const MARKER_STEP = 0.02;
export const MARKER_STEP_LARGE = 0.1;

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/**
 * Where an arrow key moves the keyboard's marker (`large` with Shift), kept on the image; `null` for any other key.
 * Steps are rounded to the step's own precision, so ten presses one way and ten back return exactly.
 */
export function moveSubjectPoint(point: SubjectPoint, key: string, large = false): SubjectPoint | null {
  const direction = ARROWS[key];
  if (!direction) return null;
  const step = large ? MARKER_STEP_LARGE : MARKER_STEP;
  const move = (value: number, sign: number) => clamp01(Math.round((value + sign * step) * 1000) / 1000);
  return { x: move(point.x, direction[0]), y: move(point.y, direction[1]) };
}
