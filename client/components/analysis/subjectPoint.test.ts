import { describe, expect, it } from 'vitest';
import { MARKER_STEP, MARKER_STEP_LARGE, moveSubjectPoint, subjectPointFromClick } from './subjectPoint';

describe('subjectPointFromClick', () => {
  it('gives shares of the displayed width and height, from the top left', () => {
    expect(subjectPointFromClick(0, 0, 800, 600)).toEqual({ x: 0, y: 0 });
    expect(subjectPointFromClick(400, 150, 800, 600)).toEqual({ x: 0.5, y: 0.25 });
    expect(subjectPointFromClick(800, 600, 800, 600)).toEqual({ x: 1, y: 1 });
  });

  it('does not depend on the display size', () => {
    expect(subjectPointFromClick(100, 300, 400, 400)).toEqual(subjectPointFromClick(250, 750, 1000, 1000));
  });

  it('clamps a click just outside the image to 0–1', () => {
    expect(subjectPointFromClick(-3, 612, 800, 600)).toEqual({ x: 0, y: 1 });
    expect(subjectPointFromClick(805, -0.5, 800, 600)).toEqual({ x: 1, y: 0 });
  });

  it('gives 0 for a box with no size, never NaN or Infinity', () => {
    expect(subjectPointFromClick(10, 10, 0, 0)).toEqual({ x: 0, y: 0 });
    expect(subjectPointFromClick(Number.NaN, 10, 100, 100)).toEqual({ x: 0, y: 0.1 });
  });
});

describe('moveSubjectPoint', () => {
  const centre = { x: 0.5, y: 0.5 };

  it('moves the marker by a small step per arrow key, and a large one with Shift', () => {
    expect(moveSubjectPoint(centre, 'ArrowRight')).toEqual({ x: 0.5 + MARKER_STEP, y: 0.5 });
    expect(moveSubjectPoint(centre, 'ArrowLeft')).toEqual({ x: 0.5 - MARKER_STEP, y: 0.5 });
    expect(moveSubjectPoint(centre, 'ArrowUp')).toEqual({ x: 0.5, y: 0.5 - MARKER_STEP });
    expect(moveSubjectPoint(centre, 'ArrowDown', true)).toEqual({ x: 0.5, y: 0.5 + MARKER_STEP_LARGE });
  });

  it('returns exactly to where it started after as many presses back', () => {
    let point = centre;
    for (let i = 0; i < 10; i++) point = moveSubjectPoint(point, 'ArrowRight')!;
    expect(point.x).toBe(0.7);
    for (let i = 0; i < 10; i++) point = moveSubjectPoint(point, 'ArrowLeft')!;
    expect(point).toEqual(centre);
  });

  it('keeps the marker on the image', () => {
    expect(moveSubjectPoint({ x: 0.01, y: 0.95 }, 'ArrowLeft')).toEqual({ x: 0, y: 0.95 });
    expect(moveSubjectPoint({ x: 0.5, y: 0.95 }, 'ArrowDown', true)).toEqual({ x: 0.5, y: 1 });
  });

  it('ignores every other key', () => {
    expect(moveSubjectPoint(centre, 'Enter')).toBeNull();
    expect(moveSubjectPoint(centre, 'a')).toBeNull();
  });
});
