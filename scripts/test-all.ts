// `npm test`: every check and every test suite, in order, with one closing tally.
// Each step runs even when an earlier one failed, so one run shows everything that is broken.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

type Tally = { passed: number; failed: number; skipped: number };
/** A failed test's name and the first line of its error, printed again at the end of the run. */
type FailedTest = { test: string; error: string };
type Step = {
  name: string;
  command: string;
  env?: Record<string, string>;
  /** Reads the runner's JSON report; without it the step counts as one check. */
  report?: (file: string) => Tally;
  /** The failed tests named in the runner's JSON report. */
  failures?: (file: string) => FailedTest[];
};

const reports = mkdtempSync(join(tmpdir(), 'aerisk-test-'));

function vitestTally(file: string): Tally {
  const r = JSON.parse(readFileSync(file, 'utf8'));
  // A failed test also fails its describe blocks and file (numFailedTestSuites); those count only when no
  // test failed with them (a file that could not load, a failing beforeAll).
  const failedTests = r.numFailedTests ?? 0;
  return {
    passed: r.numPassedTests ?? 0,
    failed: failedTests || (r.numFailedTestSuites ?? 0),
    skipped: (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0),
  };
}

const firstLine = (message: unknown): string =>
  String(message ?? '')
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((line) => line.trim())
    .find((line) => line.length > 0) ?? '';

function vitestFailures(file: string): FailedTest[] {
  const r = JSON.parse(readFileSync(file, 'utf8'));
  const out: FailedTest[] = [];
  for (const f of r.testResults ?? []) {
    const name = String(f.name ?? '').replace(`${process.cwd()}/`, '');
    const failed = (f.assertionResults ?? []).filter((a: { status: string }) => a.status === 'failed');
    for (const a of failed) out.push({ test: `${name} › ${a.fullName ?? a.title}`, error: firstLine(a.failureMessages?.[0]) });
    // A file that failed without a failed test: it could not load, or a hook failed.
    if (!failed.length && f.status === 'failed') out.push({ test: name, error: firstLine(f.message) });
  }
  return out;
}

type PwSuite = {
  title?: string;
  suites?: PwSuite[];
  specs?: { title: string; tests?: { status?: string; results?: { error?: { message?: string } }[] }[] }[];
};

function playwrightFailures(file: string): FailedTest[] {
  const out: FailedTest[] = [];
  const walk = (suite: PwSuite, path: string[]) => {
    const here = suite.title ? [...path, suite.title] : path;
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? [])
        if (t.status === 'unexpected' || t.status === 'flaky')
          out.push({ test: [...here, spec.title].join(' › '), error: firstLine(t.results?.at(-1)?.error?.message) });
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of JSON.parse(readFileSync(file, 'utf8')).suites ?? []) walk(suite, []);
  return out;
}

function playwrightTally(file: string): Tally {
  // Playwright runs with retries 0 (a flaky test is a bug), so a test either passed or failed.
  const s = JSON.parse(readFileSync(file, 'utf8')).stats ?? {};
  return { passed: s.expected ?? 0, failed: (s.unexpected ?? 0) + (s.flaky ?? 0), skipped: s.skipped ?? 0 };
}

const vitest = (name: string, config: string, env: Record<string, string> = {}): Step => {
  const out = join(reports, `${name}.json`);
  return {
    name,
    command: `npx vitest run --config ${config} --reporter=default --reporter=json --outputFile.json=${out}`,
    env,
    report: () => vitestTally(out),
    failures: () => vitestFailures(out),
  };
};

const e2eOut = join(reports, 'e2e.json');
const steps: Step[] = [
  { name: 'prisma client generated', command: 'npm run --silent generate' },
  { name: 'schema.graphql in step with the Pothos schema', command: 'npm run --silent schema:check' },
  { name: "Relay's generated files in step", command: 'npm run --silent relay:check' },
  { name: 'typecheck', command: 'npx tsc --noEmit -p .' },
  { name: 'lint (server, tests, scripts; client with eslint-plugin-relay)', command: 'npm run --silent lint' },
  { name: 'formatting (Prettier, one import-extension style)', command: 'npm run --silent format:check' },
  vitest('unit', 'tests/vitest.unit.config.ts'),
  vitest('integration-pglite', 'tests/vitest.config.ts --project pglite', { TEST_DB: 'pglite' }),
  vitest('integration-postgres', 'tests/vitest.config.ts --project postgres', { TEST_DB: 'postgres' }),
  { name: 'client build', command: 'npm run --silent build:client' },
  {
    name: 'e2e',
    command: 'npx playwright test --config tests/e2e/playwright.config.ts --reporter=list,json',
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eOut },
    report: () => playwrightTally(e2eOut),
    failures: () => playwrightFailures(e2eOut),
  },
];

/** How many of a step's last output lines are kept, to be printed again at the end if it fails unexplained. */
const TAIL_LINES = 60;

/** Runs a step, passing its output through as it comes and keeping its last lines. */
function run(step: Step): Promise<{ code: number; tail: string[] }> {
  return new Promise((resolve) => {
    console.log(`\n── ${step.name} ── ${step.command}`);
    const child = spawn(step.command, { shell: true, stdio: ['inherit', 'pipe', 'pipe'], env: { ...process.env, ...step.env } });
    const tail: string[] = [];
    let partial = '';
    const keep = (chunk: Buffer) => {
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop() ?? '';
      tail.push(...lines);
      if (tail.length > TAIL_LINES) tail.splice(0, tail.length - TAIL_LINES);
    };
    child.stdout.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      keep(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk);
      keep(chunk);
    });
    child.on('close', (code, signal) => {
      if (partial) tail.push(partial);
      resolve({ code: code ?? (signal ? 1 : 0), tail: tail.slice(-TAIL_LINES) });
    });
  });
}

function describe(t: Tally): string {
  return [`${t.passed} passed`, `${t.failed} failed`, ...(t.skipped ? [`${t.skipped} skipped`] : [])].join(', ');
}

const total: Tally = { passed: 0, failed: 0, skipped: 0 };
const broken: string[] = [];
const failures: (FailedTest & { step: string })[] = [];
/** Steps that failed with no failed test to name (a crash, a failed setup): their last output lines. */
const unexplained: { step: string; tail: string[] }[] = [];
for (const step of steps) {
  const { code, tail } = await run(step);
  const named = failures.length;
  let t: Tally = code === 0 ? { passed: 1, failed: 0, skipped: 0 } : { passed: 0, failed: 1, skipped: 0 };
  if (step.report) {
    const file = step.name === 'e2e' ? e2eOut : join(reports, `${step.name}.json`);
    t = existsSync(file) ? step.report(file) : { passed: 0, failed: 0, skipped: 0 };
    // A runner that exits non-zero with no failed test (a crash, a failed setup) still counts as a failure.
    if (code !== 0 && t.failed === 0) t.failed = 1;
    if (code !== 0 && step.failures && existsSync(file)) {
      try {
        for (const f of step.failures(file)) failures.push({ step: step.name, ...f });
      } catch (err) {
        failures.push({ step: step.name, test: '(its report could not be read)', error: String(err) });
      }
    }
  }
  total.passed += t.passed;
  total.failed += t.failed;
  total.skipped += t.skipped;
  if (code !== 0) broken.push(step.name);
  if (code !== 0 && failures.length === named) unexplained.push({ step: step.name, tail });
  console.log(`── ${step.name}: ${describe(t)}`);
}

if (broken.length) console.log(`\nFailing steps: ${broken.join(', ')}`);
// Named again at the very end, so the last lines of a long log say what failed and why.
for (const f of failures) console.log(`  ✗ [${f.step}] ${f.test}\n      ${f.error}`);
for (const u of unexplained) {
  const lines = u.tail.map((line) => line.replace(/\u001b\[[0-9;]*m/g, '')).filter((line) => line.trim());
  console.log(`  ✗ [${u.step}] failed without naming a test; the last lines it printed:`);
  for (const line of lines) console.log(`      ${line}`);
}
console.log(`\ntests: ${describe(total)}`);
process.exit(broken.length || total.failed ? 1 : 0);
