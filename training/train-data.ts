// The training split the TypeScript trainers read: `--train DIR`, or ../shared/eval/train beside the checkout.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The training directory and its manifest's records; exits with a clear message when it is absent. */
export function readTrainingManifest<Rec>(): { trainDir: string; manifest: Rec[] } {
  const argIdx = process.argv.indexOf('--train');
  const trainDir = resolve(argIdx > 0 ? process.argv[argIdx + 1] : join(process.cwd(), '..', 'shared', 'eval', 'train'));
  if (!existsSync(join(trainDir, 'manifest.json'))) {
    console.error(`Training data not found at ${trainDir} (expected manifest.json). Pass --train DIR.`);
    process.exit(2);
  }
  return { trainDir, manifest: JSON.parse(readFileSync(join(trainDir, 'manifest.json'), 'utf8')) as Rec[] };
}
