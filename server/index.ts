// Start-up: read the configuration, open and migrate the database, listen on PORT. Everything
// the server answers is in app.ts.
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { createApp } from './app.js';
import { createFirebaseVerifier } from './auth/firebase.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openDatabase, pgliteDirFor } from './db.js';
import { migrate } from './migrate.js';

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

const verifier = createFirebaseVerifier(config.firebase);
const hasClient = existsSync(clientDir);
if (!hasClient) console.warn('[http] dist/client is missing: serving the API only (npm run build:client).');
const app = createApp({
  config,
  db: db.prisma,
  verifier,
  clientDir: hasClient ? clientDir : null,
  // This process owns DATA_DIR and its database: image files without a row are leftovers of a crash.
  sweepOrphansOnStart: true,
  checkMapReachability: true,
});
const server = createServer((req, res) => app.handleNode(req, res));

server.listen(config.port, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const identity =
    config.firebase.mode === 'emulator'
      ? `Firebase Auth emulator at ${config.firebase.emulatorHost}`
      : `Firebase project ${config.firebase.projectId}`;
  console.log(`Aerisk listening on http://localhost:${port} (${db.kind}, ${identity})`);
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`[http] ${signal}: shutting down`);
  // Keep-alive connections would hold server.close() open; close idle ones now.
  server.closeIdleConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await app.dispose();
  await verifier.close();
  await db.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
