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

/**
 * A service start that failed once is tried again, on a new port, before the whole run is given up: a port
 * taken between the moment it was found free and the moment it was bound, or a start that ran out of time on
 * a loaded machine, should not fail every test. The first error is printed either way.
 */
async function twice<T>(what: string, start: () => Promise<T>): Promise<T> {
  try {
    return await start();
  } catch (err) {
    console.error(`[global-setup] ${what} did not start; trying once more:\n${(err as Error).message}`);
    return start();
  }
}

export default async function setup(project: TestProject) {
  const emulator = await twice('the Auth emulator', async () => startAuthEmulator({ port: await freePort(), projectId: 'demo-aerisk' }));
  project.provide('authEmulatorHost', emulator.hostPort);
  const postgres = process.env.TEST_DB === 'pglite' ? null : await twice('PostgreSQL', async () => startPostgres(await freePort()));
  project.provide('postgresUrl', postgres?.url ?? null);
  return async () => {
    await postgres?.stop();
    await emulator.stop();
  };
}
