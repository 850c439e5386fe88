// Vitest global setup for the server integration tests: a Firebase Auth emulator and, unless only the
// PGlite project runs, a PostgreSQL cluster, each of this run's own on a free port. Sharing fixed ports
// let one run's teardown stop the emulator under another run that had reused it.
import { createServer } from 'node:net';
import type { TestProject } from 'vitest/node';
import { startAuthEmulator } from '../../scripts/auth-emulator.js';
import { startPostgres } from './postgres.js';

declare module 'vitest' {
  export interface ProvidedContext {
    authEmulatorHost: string;
    postgresUrl: string | null;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export default async function setup(project: TestProject) {
  const emulator = await startAuthEmulator({ port: await freePort(), projectId: 'demo-aerisk' });
  project.provide('authEmulatorHost', emulator.hostPort);
  const postgres = process.env.TEST_DB === 'pglite' ? null : await startPostgres(await freePort());
  project.provide('postgresUrl', postgres?.url ?? null);
  return async () => {
    await postgres?.stop();
    await emulator.stop();
  };
}
