// npm run --silent analyze -- [--gsd M] [--no-models | --all-models] <image>...
// One JSON line per image, exactly the analysis contract plus {file, ms}; an unreadable file gives a line
// with {file, error: {code, message}} and the run goes on. Exit status 1 when any file failed.
// Without --gsd, a drone photo's EXIF/XMP (height above take-off, focal length) gives the ground resolution,
// exactly as for an upload in the app; otherwise the analyzer works in relative terms and says so.
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { ImageDecodeError } from '../server/analyzer/contract';
import { createLocalAnalyzer } from '../server/analyzer/local/analyzer';
import { readExifHints } from '../server/ingest/exif';
import { estimateGsd } from '../server/ingest/gsd';
import { sniffImageFormat } from '../server/ingest/sniff';

/** The ground resolution a photo's own metadata implies, as the upload path estimates it. */
async function gsdFromMetadata(bytes: Buffer): Promise<{ gsd: number; basis: string } | null> {
  const format = sniffImageFormat(bytes);
  if (!format) return null;
  try {
    const hints = await readExifHints(bytes, format);
    const meta = await sharp(bytes).metadata();
    const swap = (meta.orientation ?? 1) >= 5;
    const [w, h] = swap ? [meta.height ?? 0, meta.width ?? 0] : [meta.width ?? 0, meta.height ?? 0];
    const hint = estimateGsd(hints, w, h);
    return hint ? { gsd: hint.metersPerPixel, basis: hint.basis } : null;
  } catch {
    return null;
  }
}

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
    const estimated = gsd ? null : await gsdFromMetadata(bytes);
    const { results, evidence } = await analyzer.analyze(bytes, {
      gsd_m_per_px: gsd ?? estimated?.gsd ?? null,
      gsd_source: gsd ? 'source-native' : estimated ? 'estimated' : null,
      source: 'upload',
      ...(estimated ? { provenance_extra: { gsd_basis: estimated.basis } } : {}),
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
