// Vitest global setup for the server integration tests: a Firebase Auth emulator and, unless only the
// PGlite project runs, a PostgreSQL cluster, each of this run's own on a free port. Sharing fixed ports
// let one run's teardown stop the emulator under another run that had reused it.
import type { TestProject } from 'vitest/node';
import { startAuthEmulator } from '../../scripts/auth-emulator';
import { startPostgres } from './postgres';
import { freePort } from '../../scripts/free-port';

declare module 'vitest' {
  export interface ProvidedContext {
    authEmulatorHost: string;
    postgresUrl: string | null;
  }
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
