import { rmSync } from 'node:fs';

/** Removes the app's temporary data directory (database and stored images) after the run. */
export default function globalTeardown(): void {
  const dir = process.env.AERISK_E2E_DATA_DIR;
  if (dir) rmSync(dir, { recursive: true, force: true });
}
