// npm run bench:threads [-- --analyses N]
// What the server's other requests feel while analyses run: the main thread's event-loop delay (how late a
// 1 ms timer fires, p50/p99/max) during N back-to-back analyses of a 12 MP photo and of a 600×400 map image,
// with the local analyzer in-process (ANALYZER_THREADS=0) and on one worker thread (the default). Same process,
// same images; the ratio in-process / threaded is the figure to read. Also the time per analysis both ways.
import { readFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import sharp from 'sharp';
import type { Analyzer } from '../server/analyzer/contract';
import { createLocalAnalyzer } from '../server/analyzer/local/analyzer';
import { createThreadedLocalAnalyzer } from '../server/analyzer/local/threaded';

const arg = process.argv.indexOf('--analyses');
const count = arg > 0 ? Number(process.argv[arg + 1]) : 6;
const source = readFileSync(new URL('../tests/fixtures/images/OSBS_029.png', import.meta.url));
const images = [
  { name: '600×400 PNG', bytes: await sharp(source).resize(600, 400, { fit: 'fill' }).png().toBuffer(), gsd: 0.1 },
  { name: '4000×3000 JPEG', bytes: await sharp(source).resize(4000, 3000, { fit: 'fill' }).jpeg({ quality: 90 }).toBuffer(), gsd: null },
];

async function measure(analyzer: Analyzer, bytes: Buffer, gsd: number | null) {
  for (let i = 0; i < 2; i++) await analyzer.analyze(bytes, { source: 'upload', gsd_m_per_px: gsd }); // warm
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  const started = performance.now();
  for (let i = 0; i < count; i++) await analyzer.analyze(bytes, { source: 'upload', gsd_m_per_px: gsd });
  const perAnalysis = (performance.now() - started) / count;
  histogram.disable();
  const ms = (ns: number) => ns / 1e6;
  return { p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max), perAnalysis };
}

const threaded = createThreadedLocalAnalyzer({ threads: 1 });
threaded.warm();
const inProcess = createLocalAnalyzer();

console.log(`# Analyzer threads benchmark — ${new Date().toISOString().slice(0, 19)}Z`);
console.log(
  `${cpus()[0]?.model ?? 'cpu'} × ${availableParallelism()}, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}; ${count} analyses each\n`,
);
console.log('| image | analyzer | event-loop delay p50 / p99 / max (ms) | time per analysis (ms) |');
console.log('|---|---|---|---|');
const f = (x: number) => x.toFixed(1);
for (const img of images) {
  const a = await measure(inProcess, img.bytes, img.gsd);
  const b = await measure(threaded, img.bytes, img.gsd);
  console.log(`| ${img.name} | in-process | ${f(a.p50)} / ${f(a.p99)} / ${f(a.max)} | ${a.perAnalysis.toFixed(0)} |`);
  console.log(`| ${img.name} | worker thread | ${f(b.p50)} / ${f(b.p99)} / ${f(b.max)} | ${b.perAnalysis.toFixed(0)} |`);
  console.log(
    `| ${img.name} | ratio in-process / thread | p99 ${(a.p99 / b.p99).toFixed(1)}×, max ${(a.max / b.max).toFixed(1)}× | ${(a.perAnalysis / b.perAnalysis).toFixed(2)}× |`,
  );
}
await threaded.close();
