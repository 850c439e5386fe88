import { rmSync } from 'node:fs';

/**
 * Removes the app's temporary data directory (database, stored images, the Auth emulator's saved accounts) when
 * the test runner exits. Not at once: Playwright runs this before it stops the web server, and the server, told
 * to stop, still saves the emulator's accounts into that directory (it logged ENOENT when the directory had gone).
 */
export default function globalTeardown(): void {
  const dir = process.env.AERISK_E2E_DATA_DIR;
  if (dir) process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
}
