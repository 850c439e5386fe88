// npm run --silent analyze -- [--gsd M] [--no-models | --all-models] <image>...
// One JSON line per image, exactly the analysis contract plus {file, ms}; an unreadable file gives a line
// with {file, error: {code, message}} and the run goes on. Exit status 1 when any file failed.
import { readFile } from 'node:fs/promises';
import { ImageDecodeError } from '../server/analyzer/contract';
import { createLocalAnalyzer } from '../server/analyzer/local/analyzer';

function usage(): never {
  process.stderr.write('usage: npm run --silent analyze -- [--gsd METRES_PER_PIXEL] [--no-models | --all-models] <image>...\n');
  process.exit(2);
}

const args = process.argv.slice(2);
let gsd: number | null = null;
let useModels = true;
let models: string[] | undefined;
const files: string[] = [];
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  if (a === '--gsd') {
    const v = Number(args[++i]);
    if (!Number.isFinite(v) || v <= 0) usage();
    gsd = v;
  } else if (a.startsWith('--gsd=')) {
    gsd = Number(a.slice(6));
    if (!Number.isFinite(gsd) || gsd <= 0) usage();
  } else if (a === '--no-models') useModels = false;
  else if (a === '--all-models') models = ['pool', 'tree', 'solar', 'power_line'];
  else if (a === '--help' || a === '-h') usage();
  else if (a === '--') continue;
  else files.push(a);
}
if (!files.length) usage();

const analyzer = createLocalAnalyzer({ useModels, models });
let failed = 0;
for (const file of files) {
  const started = performance.now();
  try {
    const bytes = await readFile(file);
    const { results, evidence } = await analyzer.analyze(bytes, {
      gsd_m_per_px: gsd,
      gsd_source: gsd ? 'source-native' : null,
      source: 'upload',
    });
    const line = {
      file,
      results,
      findings: evidence.findings,
      score_breakdown: evidence.score_breakdown,
      recommendations: evidence.recommendations,
      assessable: evidence.assessable,
      unassessable_reasons: evidence.unassessable_reasons,
      provenance: evidence.provenance,
      ms: Math.round(performance.now() - started),
    };
    process.stdout.write(JSON.stringify(line) + '\n');
  } catch (e) {
    failed++;
    const error =
      e instanceof ImageDecodeError
        ? { code: e.code, message: e.message }
        : { code: (e as NodeJS.ErrnoException).code === 'ENOENT' ? 'FILE_NOT_FOUND' : 'ANALYSIS_FAILED', message: (e as Error).message };
    process.stdout.write(JSON.stringify({ file, error, ms: Math.round(performance.now() - started) }) + '\n');
  }
}
process.exitCode = failed ? 1 : 0;
