// `npm start`: the whole product on one machine with no account and no key. Without a real
// Firebase project in the environment it starts the Auth emulator and points the server (and,
// through /api/client-config, the browser) at it; it builds the client when the build is
// missing or stale; then it runs the server, which applies migrations and listens on PORT.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startAuthEmulator, type AuthEmulator } from './auth-emulator';

const root = fileURLToPath(new URL('..', import.meta.url));
const env = { ...process.env };
const blank = (name: string) => !env[name]?.trim();

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const info = statSync(target);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

function buildClientIfStale(): void {
  const scripts = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts?: Record<string, string> }).scripts;
  const built = newestMtime(path.join(root, 'dist/client/index.html'));
  const sources = Math.max(
    ...['client', 'schema.graphql', 'relay.config.js', 'common/constants.ts'].map((p) => newestMtime(path.join(root, p))),
  );
  if (built > 0 && built >= sources) return;
  if (!scripts?.['build:client']) {
    console.warn('[start] No build:client script yet: serving the API only.');
    return;
  }
  console.log(built === 0 ? '[start] Building the client…' : '[start] Client sources changed: rebuilding…');
  const result = spawnSync('npm', ['run', 'build:client'], { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error('[start] The client build failed.');
    process.exit(result.status ?? 1);
  }
}

async function startIdentity(): Promise<AuthEmulator | null> {
  const realProject = !blank('FIREBASE_PROJECT_ID') && blank('FIREBASE_AUTH_EMULATOR_HOST');
  if (realProject) {
    console.log(`[start] Using Firebase project ${env.FIREBASE_PROJECT_ID}.`);
    return null;
  }
  const [host, port] = (env.FIREBASE_AUTH_EMULATOR_HOST?.trim() || '127.0.0.1:9099').split(':');
  const projectId = env.FIREBASE_PROJECT_ID?.trim() || 'demo-aerisk';
  // Its accounts live in DATA_DIR/auth beside the database, so a restart (even a kill -9) keeps them.
  const persistDir = path.resolve(root, env.DATA_DIR?.trim() || 'data', 'auth');
  const snapshotIntervalMs = Number(env.AUTH_EMULATOR_SNAPSHOT_MS?.trim() || 1000);
  if (!Number.isInteger(snapshotIntervalMs) || snapshotIntervalMs < 100) {
    throw new Error('AUTH_EMULATOR_SNAPSHOT_MS must be a whole number of milliseconds, at least 100.');
  }
  console.log(`[start] Starting the Firebase Auth emulator on ${host}:${port} (project ${projectId}, accounts in ${persistDir})…`);
  const emulator = await startAuthEmulator({ host, port: Number(port), projectId, persistDir, snapshotIntervalMs });
  console.log(`[start] Auth emulator ${emulator.reused ? 'already running' : 'ready'} at ${emulator.url}.`);
  env.FIREBASE_AUTH_EMULATOR_HOST = emulator.hostPort;
  env.FIREBASE_PROJECT_ID = projectId;
  return emulator;
}

let emulator: AuthEmulator | null = null;
try {
  emulator = await startIdentity();
} catch (error) {
  console.error(`[start] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
buildClientIfStale();

const server = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], { cwd: root, env, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => {
  void (async () => {
    await emulator?.stop();
    process.exit(code ?? (signal ? 1 : 0));
  })();
});
