// Every address-suggestion failure writes one line to the log — what failed, never a stack trace or the
// provider's body (issue 12) — on both transports and for every way a provider fails.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SECRET_BODY_MARKER, type FakeMode } from '../fakes/fake-server';
import { startFakePublic } from '../fakes/public';
import { createEmulatorUser, type EmulatorUser } from '../helpers/auth-emulator-users';
import { bearer, graphql } from '../helpers/graphql';
import { createTestApp, type TestApp } from '../helpers/test-app';

let fake: Awaited<ReturnType<typeof startFakePublic>>;
let t: TestApp;
let dataDir: string;
let user: EmulatorUser;

beforeAll(async () => {
  fake = await startFakePublic();
  dataDir = await mkdtemp(path.join(tmpdir(), 'aerisk-places-log-'));
  t = await createTestApp({ ...fake.env, DATA_DIR: dataDir, IMAGERY_TIMEOUT_MS: '2000' });
  user = await createEmulatorUser();
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});
afterEach(() => {
  vi.restoreAllMocks();
  fake.setMode('ok');
});

/** Everything the server writes to the console while `run` runs, as lines. */
async function logLines(run: () => Promise<void>): Promise<string[]> {
  const lines: string[] = [];
  const capture = (...args: unknown[]) => {
    const text = args
      .map((arg) => (arg instanceof Error ? (arg.stack ?? String(arg)) : typeof arg === 'string' ? arg : JSON.stringify(arg)))
      .join(' ');
    lines.push(...text.split('\n'));
  };
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) vi.spyOn(console, method).mockImplementation(capture);
  await run();
  return lines.filter((line) => line.trim() !== '');
}

const failures: FakeMode[] = ['http-500', 'malformed-json', 'hang'];

describe('an address-suggestion failure', () => {
  it.each(failures)('(%s) is one log line per request, on REST and GraphQL', async (mode) => {
    fake.setMode(mode);
    const lines = await logLines(async () => {
      const rest = await t.request('/places/autocomplete?input=Empire%20State', { headers: bearer(user.idToken) });
      expect(rest.status).toBe(503);
      const gql = await graphql(t, 'query P($input: PlacePredictionsInput!) { placePredictions(input: $input) { placeId } }', {
        token: user.idToken,
        variables: { input: { input: 'Empire State' } },
      });
      expect(JSON.stringify(gql)).toContain('Failed to fetch place predictions');
    });
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line).toMatch(/^\[places\] photon: /);
      expect(line).not.toContain(SECRET_BODY_MARKER);
    }
  });
});
