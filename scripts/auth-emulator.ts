// Starts the Firebase Auth emulator (firebase-tools, no Java, no network), or reuses one that is
// already listening on the port. Used by `npm start`, the integration tests' global setup (free ports)
// and Playwright (9299). With `persistDir` its accounts survive restarts: see auth-emulator-snapshots.ts.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hasSnapshot, startSnapshots, type Snapshots } from './auth-emulator-snapshots';
import { freePort } from './free-port';

const require = createRequire(import.meta.url);
const repoFirebaseJson = fileURLToPath(new URL('../firebase.json', import.meta.url));

export interface AuthEmulatorOptions {
  host?: string;
  port?: number;
  projectId?: string;
  /** How long to wait for readiness; first starts take ~10–25 s on a busy 2-core machine. */
  timeoutMs?: number;
  /** Receives the emulator's output lines (default: dropped unless start-up fails). */
  log?: (line: string) => void;
  /**
   * Keep the accounts in this directory: restored at start (`--import`), written again within
   * `snapshotIntervalMs` of every change and once more at stop, so a restart (even after kill -9) keeps them.
   */
  persistDir?: string;
  /** How often the persisted accounts are compared with the emulator's and rewritten when they differ. */
  snapshotIntervalMs?: number;
}

export interface AuthEmulator {
  host: string;
  port: number;
  projectId: string;
  /** host:port, the value of FIREBASE_AUTH_EMULATOR_HOST. */
  hostPort: string;
  url: string;
  /** True when an emulator was already listening and we did not start one. */
  reused: boolean;
  /** The emulator's process (group leader) when we started it. */
  pid: number | null;
  stop(): Promise<void>;
}

export async function isAuthEmulatorUp(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
    const body = (await res.json()) as { authEmulator?: { ready?: boolean } };
    return body.authEmulator?.ready === true;
  } catch {
    return false;
  }
}

// The repository's firebase.json with this instance's host and port, in a temp directory:
// firebase-tools writes firebase-debug.log next to its config, and each instance needs its own port.
// The hub and logging helpers get free ports of their own too: on their fixed defaults (4400, 4500) a
// second instance on the machine collided with the first, and its emulator died soon after start.
async function writeConfig(host: string, port: number): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'aerisk-auth-emulator-'));
  const base = JSON.parse(readFileSync(repoFirebaseJson, 'utf8')) as { emulators?: Record<string, unknown> };
  const emulators = {
    ...base.emulators,
    auth: { host, port },
    hub: { host, port: await freePort() },
    logging: { host, port: await freePort() },
    ui: { enabled: false },
  };
  writeFileSync(path.join(dir, 'firebase.json'), JSON.stringify({ ...base, emulators }, null, 2));
  return dir;
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

function stopChild(child: ChildProcess, dir: string): Promise<void> {
  return new Promise((resolve) => {
    let killer: NodeJS.Timeout | undefined;
    const done = () => {
      if (killer) clearTimeout(killer);
      rmSync(dir, { recursive: true, force: true });
      resolve();
    };
    if (child.exitCode !== null || child.signalCode !== null) return done();
    child.once('exit', done);
    // firebase-tools shuts its emulators down on SIGINT; the emulator keeps nothing worth a slow
    // shutdown, so its process group is killed if that takes more than a few seconds (callers
    // such as vitest's teardown give up after 10 s and would orphan it).
    killer = setTimeout(() => killGroup(child, 'SIGKILL'), 4_000);
    killGroup(child, 'SIGINT');
  });
}

export async function startAuthEmulator(options: AuthEmulatorOptions = {}): Promise<AuthEmulator> {
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? 9099;
  const projectId = options.projectId ?? 'demo-aerisk';
  const url = `http://${host}:${port}`;
  const base = { host, port, projectId, hostPort: `${host}:${port}`, url };
  const persist = (): Snapshots | null =>
    options.persistDir ? startSnapshots({ url, projectId, dir: options.persistDir, intervalMs: options.snapshotIntervalMs ?? 1000 }) : null;
  if (await isAuthEmulatorUp(url)) {
    // Still running from an earlier start (whose parent was killed): it holds the accounts; keep saving them.
    const snapshots = persist();
    return { ...base, reused: true, pid: null, stop: async () => snapshots?.stop() };
  }

  const dir = await writeConfig(host, port);
  const cli = require.resolve('firebase-tools/lib/bin/firebase.js');
  const restore = options.persistDir && hasSnapshot(options.persistDir) ? ['--import', options.persistDir] : [];
  const child = spawn(process.execPath, [cli, 'emulators:start', '--only', 'auth', '--project', projectId, ...restore], {
    cwd: dir,
    // Its own process group, so stop() reaches anything it spawns.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FIREBASE_AUTH_EMULATOR_HOST: undefined, CI: 'true' },
  });
  // The emulator runs detached, so it would outlive a parent that exits without stop().
  const orphanGuard = () => killGroup(child, 'SIGKILL');
  process.once('exit', orphanGuard);
  child.once('exit', () => process.removeListener('exit', orphanGuard));
  const output: string[] = [];
  let saidReady = false;
  const onData = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n').filter(Boolean)) {
      if (line.includes('All emulators ready')) saidReady = true;
      output.push(line);
      if (output.length > 200) output.shift();
      options.log?.(line);
    }
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);

  const deadline = Date.now() + (options.timeoutMs ?? 90_000);
  // The emulator answers before it has imported saved accounts; firebase-tools says "All emulators ready"
  // only once imports are done. Until then nothing may be saved, or an empty list would replace the saved one.
  const imported = () => restore.length === 0 || saidReady;
  while (!(imported() && (await isAuthEmulatorUp(url)))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stopChild(child, dir);
      const why = child.exitCode !== null ? `exited with code ${child.exitCode}` : 'did not become ready in time';
      throw new Error(`The Firebase Auth emulator on ${host}:${port} ${why}:\n${output.join('\n')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  const snapshots = persist();
  return {
    ...base,
    reused: false,
    pid: child.pid ?? null,
    async stop() {
      await snapshots?.stop();
      await stopChild(child, dir);
    },
  };
}
