// Start-up: read the configuration, open and migrate the database, then by PROCESS_ROLE: `all` and
// `api` listen on PORT (everything the server answers is in app.ts); `worker` only runs analyses.
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { createAnalysisRuntime } from './analysis-runtime';
import { createApp } from './app';
import { createFirebaseVerifier } from './auth/firebase';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase, pgliteDirFor } from './db';
import { migrate } from './migrate';
import { createBatchRunner } from './services/batch-runner';
import { createImagery, createPlaces } from './imagery/factory';

/** After the drain time, what the orderly shutdown (jobs, database) may still take before a forced exit. */
const FORCED_EXIT_GRACE_MS = 5000;

const clientDir = fileURLToPath(new URL('../dist/client/', import.meta.url));

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
}

const config = readConfig();
const db = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: pgliteDirFor(config.dataDir) });
const { applied, warnings } = await migrate(db);
for (const name of applied) console.log(`[db] applied migration ${name}`);
for (const warning of warnings) console.warn(`[db] ${warning}`);

if (config.analysis.role === 'worker') {
  const runtime = createAnalysisRuntime({ config, db });
  await runtime.start();
  // Portfolio batch rows are fetched where analyses run; an API-only process only records them.
  const batches = createBatchRunner(config, {
    db: db.prisma,
    storage: runtime.storage,
    analysis: runtime,
    map: { imagery: createImagery(config.imagery), places: createPlaces(config.imagery), setupHelp: config.imagery.setupHelp },
  });
  await batches.start();
  console.log(`Aerisk worker running ${config.analysis.workers} analysis job(s) at once (${db.kind})`);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`[jobs] ${signal}: finishing the running analyses, then stopping`);
    // A job still running at the forced exit runs again elsewhere once its heartbeat is past the lease.
    setTimeout(() => process.exit(1), config.analysis.deadlineMs + FORCED_EXIT_GRACE_MS).unref();
    runtime.drain();
    await batches.stop();
    await runtime.close();
    await db.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
} else {
  serve();
}

function serve() {
  const verifier = createFirebaseVerifier(config.firebase);
  const hasClient = existsSync(clientDir);
  if (!hasClient) console.warn('[http] dist/client is missing: serving the API only (npm run build:client).');
  const app = createApp({
    config,
    db,
    verifier,
    clientDir: hasClient ? clientDir : null,
    // This process owns DATA_DIR and its database: image files without a row are leftovers of a crash.
    sweepOrphansOnStart: true,
    checkMapReachability: true,
    // Guests that never came back: at start, then every 15 minutes (GUEST_SESSION_TTL_HOURS is hours).
    guestSweepIntervalMs: 15 * 60_000,
  });
  const server = createServer((req, res) => app.handleNode(req, res));

  server.listen(config.port, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const identity =
      config.firebase.mode === 'emulator'
        ? `Firebase Auth emulator at ${config.firebase.emulatorHost}`
        : `Firebase project ${config.firebase.projectId}`;
    const role = config.analysis.role === 'api' ? 'API only, ' : '';
    console.log(`Aerisk listening on http://localhost:${port} (${role}${db.kind}, ${identity})`);
  });

  let stopping = false;
  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    console.log(`[http] ${signal}: shutting down`);
    // The exit is bounded: past the drain time every connection is closed, and shortly after the process
    // exits whatever is still running (a job cut short runs again at the next start, as after a crash).
    const drainMs = config.shutdownDrainMs;
    setTimeout(() => {
      console.warn(`[http] drain time (${drainMs} ms) passed: closing every connection`);
      server.closeAllConnections();
    }, drainMs).unref();
    setTimeout(() => {
      console.error('[http] shutdown did not finish in time: exiting now');
      process.exit(1);
    }, drainMs + FORCED_EXIT_GRACE_MS).unref();
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // Keep-alive connections would hold server.close() open; close idle ones now. Open subscriptions
    // (SSE) and requests waiting for an analysis end now too: server.close() waits for every response,
    // and a stream on a job that is not progressing would otherwise never end.
    server.closeIdleConnections();
    app.drain();
    await closed;
    await app.dispose();
    await verifier.close();
    await db.close();
    process.exit(0);
  }
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}
