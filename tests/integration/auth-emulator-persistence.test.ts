// Accounts survive a restart in the embedded default (issue 12): the Auth emulator `npm start` runs keeps
// its accounts in DATA_DIR/auth, saved shortly after every change and restored at start. A kill -9 of the
// emulator (no shutdown code runs) loses nothing saved before it; a normal stop saves the very last change.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isAuthEmulatorUp, startAuthEmulator, type AuthEmulator } from '../../scripts/auth-emulator';
import { freePort } from '../../scripts/free-port';
import { createEmulatorUser, signIn } from '../helpers/auth-emulator-users';
import { until } from '../helpers/until';

const dir = mkdtempSync(path.join(tmpdir(), 'aerisk-auth-persist-'));
let emulator: AuthEmulator | null = null;

afterAll(async () => {
  await emulator?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function start(port: number): Promise<AuthEmulator> {
  emulator = await startAuthEmulator({ port, projectId: 'demo-aerisk', persistDir: dir, snapshotIntervalMs: 200 });
  // The helpers that sign users up and in talk to this emulator.
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.hostPort;
  return emulator;
}

const saved = () => readFileSync(path.join(dir, 'auth_export', 'accounts.json'), 'utf8');

describe('the embedded Auth emulator with a persistence directory', () => {
  it('keeps accounts across a kill -9 and across a normal restart', async () => {
    const port = await freePort();
    let current = await start(port);
    const early = await createEmulatorUser();
    // Saved soon after the sign-up, with no shutdown needed.
    await until(async () => saved().includes(early.uid), 10_000);

    process.kill(-current.pid!, 'SIGKILL');
    await until(async () => !(await isAuthEmulatorUp(current.url)), 10_000);
    await current.stop();
    current = await start(port);
    expect(current.reused).toBe(false);
    const again = await signIn(early.email, early.password);
    expect(again.uid).toBe(early.uid);

    // A sign-up just before a normal stop is saved by the stop itself.
    const late = await createEmulatorUser();
    await current.stop();
    emulator = null;
    current = await start(port);
    expect((await signIn(late.email, late.password)).uid).toBe(late.uid);
    expect((await signIn(early.email, early.password)).uid).toBe(early.uid);
    // A wrong password is still refused: the accounts came back with their passwords, not opened up.
    await expect(signIn(early.email, 'not-the-password')).rejects.toThrow(/INVALID_PASSWORD|INVALID_LOGIN_CREDENTIALS/);
  }, 300_000); // three emulator starts, 10-60 s each on a busy 2-core machine
});
