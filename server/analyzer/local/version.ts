// The local analyzer's version as provenance records it: its release number and a digest of everything that
// decides its answer — its own code, the shared contract, scoring, assembly and recommendations beside it, and
// the model weights. Two analyses with the same version came from the same analyzer, and a changed analyzer is
// never recorded under an old name (the release number alone stayed 1.0.0 through every change).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ANALYZER_RELEASE = '1.0.0';

/** server/analyzer/: its own files, and the local analyzer's and models' folders (not Claude's). */
const ANALYZER_ROOT = fileURLToPath(new URL('..', import.meta.url));
const FOLDERS = ['local', 'models'];

function filesUnder(dir: string, relative: string, recurse: boolean): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const rel = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isFile()) files.push(rel);
    else if (entry.isDirectory() && recurse) files.push(...filesUnder(path.join(dir, entry.name), rel, true));
  }
  return files;
}

/** The first 8 hex digits of a SHA-256 over each file's path and bytes, in path order. */
export function analyzerDigest(root: string = ANALYZER_ROOT): string {
  const files = [...filesUnder(root, '', false), ...FOLDERS.flatMap((folder) => filesUnder(path.join(root, folder), folder, true))].sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(root, file)))
      .update('\0');
  }
  return hash.digest('hex').slice(0, 8);
}

/** e.g. `1.0.0+3f2a9c1e`: the release, then the digest of what it ran. */
export const ANALYZER_VERSION = `${ANALYZER_RELEASE}+${analyzerDigest()}`;
