// Server integration tests, run twice: on PGlite (the embedded default) and on a PostgreSQL
// server. `npm run test:server` runs both projects; `--project pglite|postgres` runs one.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);

export default defineConfig({
  root,
  resolve: {
    // graphql@16 ships CJS (main) and ESM (module) copies. Node, and so every dependency, loads
    // the CJS one; Vite would hand our sources the ESM one, and two GraphQLError classes break
    // `instanceof` checks (Yoga's error masking). Pin ours to the copy Node loads.
    alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }],
  },
  test: {
    globalSetup: ['tests/setup/global-setup.ts'],
    // The machine has two cores shared with the Auth emulator and PostgreSQL.
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
    projects: [
      {
        extends: true,
        // `*.postgres.test.ts`: what only a PostgreSQL server can show (several processes on one database).
        test: {
          name: 'pglite',
          include: ['tests/integration/**/*.test.ts'],
          exclude: ['tests/integration/**/*.postgres.test.ts'],
          env: { TEST_DB: 'pglite' },
        },
      },
      {
        extends: true,
        test: { name: 'postgres', include: ['tests/integration/**/*.test.ts'], env: { TEST_DB: 'postgres' } },
      },
    ],
  },
});
