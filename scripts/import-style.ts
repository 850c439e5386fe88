// npm run format (and format:check): one import style for relative imports across the tree — no file
// extension (`./errors`, not `./errors.js`), as Vite, tsx and TypeScript's bundler resolution all read
// them. Rewrites `.js` specifiers that name a TypeScript file; `--check` lists the files it would change
// and exits 1. Generated code is left as its generator writes it.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const check = process.argv.includes('--check');
const root = path.resolve(import.meta.dirname, '..');
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.ts', '*.tsx'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => file && !/(^|\/)(generated|__generated__)\//.test(file) && existsSync(path.join(root, file)));

// `from './x.js'`, `import './x.js'`, `import('./x.js')`, `vi.mock('./x.js')`-style calls alike.
const SPECIFIER = /(['"])(\.{1,2}\/[^'"\n]+?)\.js\1/g;

const changed: string[] = [];
for (const file of files) {
  const text = readFileSync(path.join(root, file), 'utf8');
  const next = text.replace(SPECIFIER, (whole, quote: string, stem: string) => {
    const target = path.resolve(root, path.dirname(file), stem);
    const isTypeScript = ['.ts', '.tsx'].some((ext) => existsSync(target + ext));
    return isTypeScript ? `${quote}${stem}${quote}` : whole;
  });
  if (next === text) continue;
  changed.push(file);
  if (!check) writeFileSync(path.join(root, file), next);
}
if (check && changed.length) {
  console.log(`Relative imports with a .js extension (npm run format removes them):\n${changed.join('\n')}`);
  process.exit(1);
}
if (!check) console.log(`import style: ${changed.length} file(s) rewritten`);
