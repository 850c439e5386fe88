// Vitest global setup for the server integration tests: the Firebase Auth emulator on 9199
// (reused if listening) and, unless only the PGlite project runs, PostgreSQL on 55432.
import type { TestProject } from 'vitest/node';
import { startAuthEmulator } from '../../scripts/auth-emulator.js';
import { startPostgres } from './postgres.js';

declare module 'vitest' {
  export interface ProvidedContext {
    authEmulatorHost: string;
    postgresUrl: string | null;
  }
}

export const TEST_EMULATOR_PORT = 9199;
export const TEST_POSTGRES_PORT = 55432;

export default async function setup(project: TestProject) {
  const emulator = await startAuthEmulator({ port: TEST_EMULATOR_PORT, projectId: 'demo-aerisk' });
  project.provide('authEmulatorHost', emulator.hostPort);
  const postgres = process.env.TEST_DB === 'pglite' ? null : await startPostgres(TEST_POSTGRES_PORT);
  project.provide('postgresUrl', postgres?.url ?? null);
  return async () => {
    await postgres?.stop();
    await emulator.stop();
  };
}
