/** A deterministic pseudo-random sequence in [0, 1) (a linear congruential generator), so synthetic noise is the same on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}
