// End-to-end suite: Debian's Chromium against the real built app (npm run build:client, then the
// server's start script) and the Firebase Auth emulator, on ports reserved for it (app 3100,
// emulator 9299; E2E_PORT and E2E_EMULATOR_PORT move them, so two checkouts can run it side by side)
// so it can run beside `npm start` (3000/9099) and the integration tests (free ports).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { EMULATOR_HOST } from './fixtures/emulator';
import { TOKEN_SYNC_PATH } from './fixtures/token-sync';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const PORT = Number(process.env.E2E_PORT || 3100);
const baseURL = `http://127.0.0.1:${PORT}`;

// Workers load this file again; the environment carries one data directory to all of them.
process.env.AERISK_E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'aerisk-e2e-'));
// The map flow's providers are the local fakes (tests/fakes/), started around the app by the webServer
// command; their addresses land in this file for the tests that read the requests the fakes recorded.
process.env.AERISK_E2E_FAKES_ENV ??= path.join(process.env.AERISK_E2E_DATA_DIR, 'fakes.env');

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e.ts',
  outputDir: path.join(repoRoot, 'test-results/e2e'),
  globalTeardown: './global-teardown.ts',
  fullyParallel: true,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  forbidOnly: true,
  // No retries, under CI too: a test that passes only on a second try is a bug. Tests wait on the condition
  // they need (web-first assertions, the page's clock for throttles), never on a quiet machine.
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: 'list',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          // Debian's Chromium; Playwright's own browser download is never used.
          executablePath: '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--disable-quic',
            '--no-first-run',
          ],
        },
      },
    },
  ],
  webServer: {
    // IMAGERY_PROVIDER and PLACES_PROVIDER are `public`, every public host pointing at its fake. The fakes'
    // FAKE_*_URL origins are saved from the server's environment: run-with-fakes' own --env-file option cannot
    // be used, because Node 20 takes an --env-file anywhere on its command line for its own flag.
    command:
      'node --import tsx tests/fakes/run-with-fakes.ts --provider public -- ' +
      `sh -c 'env | grep "^FAKE_" > "$0" && exec npx tsx scripts/start.ts' ${JSON.stringify(process.env.AERISK_E2E_FAKES_ENV)}`,
    cwd: repoRoot,
    url: `${baseURL}/api/client-config`,
    timeout: 180_000,
    reuseExistingServer: false,
    // SIGTERM lets the start script stop the server and then the Auth emulator it started (which runs
    // in its own process group, out of reach of Playwright's final SIGKILL).
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
      DATA_DIR: process.env.AERISK_E2E_DATA_DIR,
      // Answered by the test fixture (fixtures/test.ts), which records the calls.
      TOKEN_SYNC_URL: `${baseURL}${TOKEN_SYNC_PATH}`,
      ANALYZER: 'local',
      // A disabled account is refused at once here (profile.e2e.ts); with the default the server would
      // accept its token for up to 30 s more. The cache itself is tested by the integration suite.
      TOKEN_CACHE_MS: '0',
    },
  },
});
