// A tiny logistic regression: standardised features, L2-regularised, trained by full-batch gradient descent
// from zero (so training is deterministic). Used to decide whether a candidate blob is what its colour
// suggests, from its shape and surroundings; the weights are committed JSON files under ./weights.
export interface LogisticModel {
  name: string;
  features: string[];
  mean: number[];
  std: number[];
  weights: number[];
  bias: number;
  threshold: number;
  trained_on: string;
}

export function predict(model: LogisticModel, x: number[]): number {
  let z = model.bias;
  for (let i = 0; i < model.weights.length; i++) z += model.weights[i] * ((x[i] - model.mean[i]) / model.std[i]);
  return 1 / (1 + Math.exp(-z));
}

export function train(
  xs: number[][],
  ys: number[],
  opts: { l2?: number; iterations?: number; rate?: number; positiveWeight?: number } = {},
): { mean: number[]; std: number[]; weights: number[]; bias: number } {
  const n = xs.length;
  const d = xs[0]?.length ?? 0;
  const mean = Array.from({ length: d }, (_, j) => xs.reduce((s, x) => s + x[j], 0) / n);
  const std = Array.from({ length: d }, (_, j) => Math.sqrt(xs.reduce((s, x) => s + (x[j] - mean[j]) ** 2, 0) / n) || 1);
  const z = xs.map((x) => x.map((v, j) => (v - mean[j]) / std[j]));
  const l2 = opts.l2 ?? 1e-3;
  const rate = opts.rate ?? 0.5;
  const pw = opts.positiveWeight ?? 1;
  const w = new Array<number>(d).fill(0);
  let b = 0;
  const totalWeight = ys.reduce((s, y) => s + (y ? pw : 1), 0);
  for (let it = 0; it < (opts.iterations ?? 3000); it++) {
    const gw = new Array<number>(d).fill(0);
    let gb = 0;
    for (let i = 0; i < n; i++) {
      let s = b;
      for (let j = 0; j < d; j++) s += w[j] * z[i][j];
      const p = 1 / (1 + Math.exp(-s));
      const e = (p - ys[i]) * (ys[i] ? pw : 1);
      for (let j = 0; j < d; j++) gw[j] += e * z[i][j];
      gb += e;
    }
    for (let j = 0; j < d; j++) w[j] -= rate * (gw[j] / totalWeight + l2 * w[j]);
    b -= rate * (gb / totalWeight);
  }
  return { mean, std, weights: w, bias: b };
}

/** A multinomial logistic regression (one weight row per class), trained offline; committed as JSON. */
export interface SoftmaxModel {
  name: string;
  features: string[];
  classes: string[];
  mean: number[];
  std: number[];
  weights: number[][];
  bias: number[];
  trained_on: string;
}

/** Class probabilities, in the order of `model.classes`. */
export function predictClasses(model: SoftmaxModel, x: number[]): number[] {
  const z = model.classes.map((_, c) =>
    model.weights[c].reduce((s, wj, j) => s + wj * ((x[j] - model.mean[j]) / model.std[j]), model.bias[c]),
  );
  const top = Math.max(...z);
  const e = z.map((v) => Math.exp(v - top));
  const sum = e.reduce((a, b) => a + b, 0);
  return e.map((v) => v / sum);
}
