// The real server process (server/index.ts in a child process, through tsx), for tests of what only a
// process shows: a crash and restart, signals, shutdown.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { createPostgresDatabase } from './test-app';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface Server {
  child: ChildProcess;
  base: string;
  /** The exit code, or null when a signal ended it. */
  exited: Promise<number | null>;
  /** Everything it printed so far. */
  output(): string;
}

/**
 * Starts the server on a free port with `env` (on top of this process's, minus its own settings). A
 * worker-only process (PROCESS_ROLE=worker) serves no HTTP: it is ready once it says it runs jobs, and
 * its `base` is empty.
 */
export function startServer(env: Record<string, string>): Promise<Server> {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => !/^(FIREBASE_|DATABASE_URL|NODE_ENV|PORT|DATA_DIR|ANALYZ|PROCESS_ROLE|S3_|AWS_)/.test(key),
    ),
  );
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: root,
    env: { ...inherited, PORT: '0', FIREBASE_PROJECT_ID: 'demo-aerisk', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not start in time:\n${output}`));
    }, 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const port = /listening on http:\/\/localhost:(\d+)/.exec(output)?.[1];
      if (port || /Aerisk worker running/.test(output)) {
        clearTimeout(timer);
        resolve({ child, base: port ? `http://127.0.0.1:${port}` : '', exited, output: () => output });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}) before listening:\n${output}`));
    });
  });
}

/**
 * The settings a server process needs for this test run: its own DATA_DIR, the test Auth emulator, and a
 * fresh PostgreSQL database under TEST_DB=postgres. `dispose` removes both.
 */
export async function serverEnvironment(): Promise<{ env: Record<string, string>; dispose(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'aerisk-server-'));
  const emulator = inject('authEmulatorHost');
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator;
  const env: Record<string, string> = { DATA_DIR: dataDir, FIREBASE_AUTH_EMULATOR_HOST: emulator };
  const database = process.env.TEST_DB === 'postgres' ? await createPostgresDatabase() : null;
  if (database) env.DATABASE_URL = database.url;
  return {
    env,
    async dispose() {
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
