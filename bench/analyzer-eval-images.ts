// npm run bench:eval-images [-- --every N] [--only SUBSTRING]
// Times the default analyzer (decode + analysis, as the job runner calls it) on every image of ../shared/eval
// and ../shared/eval/train, once with the manifest's ground resolution and once with it withheld, as an
// upload without metadata arrives. Prints the count, median, p99 and maximum per folder and resolution, and
// the slowest images, so the "no image over 2 s on a quiet machine" target can be checked. The load average
// is printed before and after: figures taken while the machine runs other work are not speed figures.
// --every N times every Nth image only (a quick look); --only keeps files whose path contains SUBSTRING.
// --retime K (default 20) times the K slowest analyses again at the end, one by one: a pass this long on a shared
// machine catches bursts of other load, and the second timing tells a slow image from a slow moment.
import { readFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { createLocalAnalyzer } from '../server/analyzer/local/analyzer';
import { numberOption } from './harness';

const root = join(import.meta.dirname, '..', '..', 'shared', 'eval');
const every = numberOption('--every', 1);
const onlyArg = process.argv.indexOf('--only');
const only = onlyArg > 0 ? process.argv[onlyArg + 1] : null;
const retime = numberOption('--retime', 20);

type Rec = { file: string; gsd_m_per_px: number | null };
const records: Rec[] = [
  ...(JSON.parse(readFileSync(join(root, 'manifest.json'), 'utf8')) as Rec[]),
  ...(JSON.parse(readFileSync(join(root, 'train', 'manifest.json'), 'utf8')) as Rec[]).map((r) => ({
    ...r,
    file: join('train', r.file),
  })),
]
  .filter((r) => !only || r.file.includes(only))
  .filter((_, i) => i % every === 0);

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
console.log(`# Analyzer time on every eval image — ${new Date().toISOString().slice(0, 19)}Z`);
console.log(`${cpus()[0]?.model ?? 'cpu'} × ${availableParallelism()}, load average at start ${load()}`);
console.log(`${records.length} images × 2 resolutions${every > 1 ? ` (every ${every}th image)` : ''}\n`);

const analyzer = createLocalAnalyzer();
// Warm up JIT and model sessions before timing.
for (const r of records.slice(0, 3)) await analyzer.analyze(readFileSync(join(root, r.file)), { source: 'upload', gsd_m_per_px: null });

type Timing = { file: string; folder: string; resolution: 'given' | 'withheld'; ms: number; error?: string };
const timings: Timing[] = [];
const started = performance.now();
for (const r of records) {
  const bytes = readFileSync(join(root, r.file));
  const folder = r.file
    .split('/')
    .slice(0, r.file.startsWith('train/') ? 2 : 1)
    .join('/');
  for (const resolution of ['given', 'withheld'] as const) {
    const t = performance.now();
    let error: string | undefined;
    try {
      await analyzer.analyze(bytes, { source: 'upload', gsd_m_per_px: resolution === 'given' ? r.gsd_m_per_px : null });
    } catch (e) {
      error = (e as Error).message;
    }
    timings.push({ file: r.file, folder, resolution, ms: performance.now() - t, error });
  }
}

const q = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor(xs.length * p))];
console.log('| folder | resolution | images | median (ms) | p99 (ms) | max (ms) | over 2 s |');
console.log('|---|---|---|---|---|---|---|');
const groups = new Map<string, Timing[]>();
for (const t of timings) groups.set(`${t.folder}\t${t.resolution}`, [...(groups.get(`${t.folder}\t${t.resolution}`) ?? []), t]);
for (const [key, group] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
  const [folder, resolution] = key.split('\t');
  const ms = group.map((t) => t.ms).sort((a, b) => a - b);
  const over = ms.filter((m) => m > 2000).length;
  console.log(
    `| ${folder} | ${resolution} | ${ms.length} | ${q(ms, 0.5).toFixed(0)} | ${q(ms, 0.99).toFixed(0)} | ${ms[ms.length - 1].toFixed(0)} | ${over} |`,
  );
}
const all = timings.map((t) => t.ms).sort((a, b) => a - b);
console.log(
  `\nAll ${all.length} analyses: median ${q(all, 0.5).toFixed(0)} ms, p99 ${q(all, 0.99).toFixed(0)} ms, max ${all[all.length - 1].toFixed(0)} ms; over 2 s: ${all.filter((m) => m > 2000).length}`,
);
console.log('Slowest:');
for (const t of [...timings].sort((a, b) => b.ms - a.ms).slice(0, 10))
  console.log(`- ${t.ms.toFixed(0)} ms  ${t.file} (${t.resolution})${t.error ? ` — error: ${t.error}` : ''}`);
if (retime > 0) {
  console.log(`\nThe ${retime} slowest, timed again (best of 3):`);
  const again: number[] = [];
  for (const t of [...timings].sort((a, b) => b.ms - a.ms).slice(0, retime)) {
    const bytes = readFileSync(join(root, t.file));
    const gsd = t.resolution === 'given' ? records.find((r) => r.file === t.file)!.gsd_m_per_px : null;
    let best = Infinity;
    for (let k = 0; k < 3; k++) {
      const s = performance.now();
      await analyzer.analyze(bytes, { source: 'upload', gsd_m_per_px: gsd }).catch(() => null);
      best = Math.min(best, performance.now() - s);
    }
    again.push(best);
    console.log(`- ${best.toFixed(0)} ms (first pass ${t.ms.toFixed(0)} ms)  ${t.file} (${t.resolution})`);
  }
  console.log(`Slowest image after re-timing: ${Math.max(...again).toFixed(0)} ms`);
}
const errors = timings.filter((t) => t.error);
if (errors.length) console.log(`\n${errors.length} analyses failed (first: ${errors[0].file}: ${errors[0].error})`);
console.log(`\nTotal ${((performance.now() - started) / 1000).toFixed(0)} s; load average at end ${load()}`);
