// npm run bench:client-size — builds nothing: reads the last `npm run build:client` (dist/client) and prints
// the gzipped JavaScript a first visit to each route downloads: the entry chunk and its static imports, plus
// the route's own lazily loaded screen chunk and its imports (from Vite's manifest). Target for /login:
// at most 200 KB (issue 14).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

const dist = path.resolve(import.meta.dirname, '../dist/client');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
const gzipKb = (file: string) => gzipSync(readFileSync(path.join(dist, file))).length / 1024;

/** The chunk keys `key` needs before it runs: itself and its static imports, transitively. */
function closure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const next of manifest[key]?.imports ?? []) closure(next, seen);
  return seen;
}

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entry) throw new Error('No entry chunk in the manifest: run npm run build:client first.');
const screens: Record<string, string> = {
  '/login': 'screens/Login/LoginScreen.tsx',
  '/': 'screens/Home/HomeScreen.tsx',
  '/aerial-risk/history': 'screens/AnalysisHistory/AnalysisHistoryScreen.tsx',
};
const rows: string[] = [];
for (const [route, src] of Object.entries(screens)) {
  const chunks = closure(entry);
  const screen = Object.keys(manifest).find((key) => key.endsWith(src));
  // A screen bundled into the entry (not split) has no chunk of its own: the entry already carries it.
  if (screen && screen !== entry) closure(screen, chunks);
  const files = [...chunks].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
  const kb = files.reduce((sum, file) => sum + gzipKb(file), 0);
  rows.push(
    `${route.padEnd(22)} ${kb.toFixed(1).padStart(6)} KB gzipped JS in ${files.length} file(s): ${files.map((f) => path.basename(f)).join(', ')}`,
  );
}
console.log(rows.join('\n'));
