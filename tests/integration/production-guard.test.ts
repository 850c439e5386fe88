// The real start-up (server/index.ts in a child process): in production it must refuse the
// Auth emulator, which accepts unsigned tokens.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dirs: string[] = [];

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

interface Run {
  code: number | null;
  output: string;
  /** What `whenListening` returned, if the server got that far. */
  probe?: unknown;
}

/**
 * Starts the server; resolves when it exits. Once it listens, `whenListening` runs against its
 * port, and the server is then stopped with SIGTERM.
 */
function startServer(env: Record<string, string>, whenListening?: (port: number) => Promise<unknown>): Promise<Run> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'aerisk-guard-'));
  dirs.push(dataDir);
  const base = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !/^(FIREBASE_|DATABASE_URL|NODE_ENV|PORT|DATA_DIR)/.test(key)),
  );
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: root,
    env: { ...base, PORT: '0', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let probe: Promise<unknown> | undefined;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server neither exited nor matched in time:\n${output}`));
    }, 100_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const port = /listening on http:\/\/localhost:(\d+)/.exec(output)?.[1];
      if (port && whenListening && !probe) {
        probe = whenListening(Number(port)).finally(() => child.kill('SIGTERM'));
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (!probe) return resolve({ code, output });
      probe.then((value) => resolve({ code, output, probe: value }), reject);
    });
  });
}

describe('production start-up guard', () => {
  it('refuses to start with FIREBASE_AUTH_EMULATOR_HOST set', async () => {
    const run = await startServer({
      NODE_ENV: 'production',
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9199',
      FIREBASE_PROJECT_ID: 'aerisk-prod',
      FIREBASE_API_KEY: 'AIza-public-key',
    });
    expect(run.code).not.toBe(0);
    expect(run.output).toMatch(/Refusing to start: NODE_ENV=production is production, with the Firebase Auth emulator/);
    expect(run.output).not.toMatch(/listening/);
  }, 120_000);

  it('refuses to start with no Firebase project (which would mean the emulator)', async () => {
    const run = await startServer({ NODE_ENV: 'production' });
    expect(run.code).not.toBe(0);
    expect(run.output).toMatch(/Refusing to start/);
  }, 120_000);

  it.each(['Production', 'prod', 'staging'])(
    'treats NODE_ENV=%s as production: no emulator, no start',
    async (nodeEnv) => {
      const run = await startServer({ NODE_ENV: nodeEnv });
      expect(run.code).not.toBe(0);
      expect(run.output).toContain(`Refusing to start: NODE_ENV=${nodeEnv} is production`);
      expect(run.output).not.toMatch(/listening/);
    },
    120_000,
  );

  it('starts in production with a real project configured, answers over HTTP, and stops cleanly', async () => {
    const run = await startServer(
      { NODE_ENV: 'production', FIREBASE_PROJECT_ID: 'aerisk-prod', FIREBASE_API_KEY: 'AIza-public-key' },
      async (port) => {
        const health = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(10_000) });
        const config = await fetch(`http://127.0.0.1:${port}/api/client-config`, { signal: AbortSignal.timeout(10_000) });
        return { health: health.status, projectId: ((await config.json()) as { firebase: { projectId: string } }).firebase.projectId };
      },
    );
    expect(run.output).toMatch(/Firebase project aerisk-prod/);
    expect(run.probe).toEqual({ health: 200, projectId: 'aerisk-prod' });
    expect(run.code).toBe(0);
  }, 120_000);
});
