// The Auth emulator keeps its accounts in memory. With a persistence directory (npm start: DATA_DIR/auth),
// its accounts and configuration are saved in firebase-tools' own export layout, so `emulators:start
// --import DIR` (what startAuthEmulator passes) restores them. They are saved shortly after every change,
// not only at exit: every `intervalMs` the accounts are read (accounts:batchGet, as firebase-tools' own
// export does) and written again when they differ from the last save, so a kill -9 of everything loses
// at most the changes of that last interval. Each file is replaced atomically (write, fsync, rename).
import { createHash } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, renameSync, writeSync } from 'node:fs';
import path from 'node:path';

const METADATA_FILE = 'firebase-export-metadata.json';
const AUTH_DIR = 'auth_export';

export function hasSnapshot(dir: string): boolean {
  return existsSync(path.join(dir, METADATA_FILE)) && existsSync(path.join(dir, AUTH_DIR, 'accounts.json'));
}

function writeAtomically(file: string, text: string): void {
  const temp = `${file}.${process.pid}.tmp`;
  // The emulator stores passwords without real hashing: readable by this user only.
  const fd = openSync(temp, 'w', 0o600);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, file);
}

async function read(url: string): Promise<string> {
  const response = await fetch(url, { headers: { Authorization: 'Bearer owner' }, signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.text();
}

export interface SnapshotOptions {
  /** The emulator's origin, e.g. http://127.0.0.1:9099. */
  url: string;
  projectId: string;
  dir: string;
  intervalMs: number;
  log?: (line: string) => void;
}

export interface Snapshots {
  /** Saves now when anything changed since the last save; resolves once written. */
  save(): Promise<boolean>;
  /** Saves a last time and stops. */
  stop(): Promise<void>;
}

export function startSnapshots(options: SnapshotOptions): Snapshots {
  const { url, projectId, dir } = options;
  const log = options.log ?? ((line: string) => console.warn(line));
  mkdirSync(path.join(dir, AUTH_DIR), { recursive: true, mode: 0o700 });
  let lastDigest: string | null = null;
  let failing = false;
  let running: Promise<boolean> = Promise.resolve(false);

  async function snapshot(): Promise<boolean> {
    const [accounts, config] = await Promise.all([
      read(`${url}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:batchGet?maxResults=-1`),
      read(`${url}/emulator/v1/projects/${projectId}/config`),
    ]);
    const digest = createHash('sha256').update(accounts).update('\0').update(config).digest('hex');
    if (digest === lastDigest && hasSnapshot(dir)) return false;
    writeAtomically(path.join(dir, AUTH_DIR, 'accounts.json'), accounts);
    writeAtomically(path.join(dir, AUTH_DIR, 'config.json'), config);
    writeAtomically(path.join(dir, METADATA_FILE), JSON.stringify({ version: 'aerisk', auth: { version: 'aerisk', path: AUTH_DIR } }));
    lastDigest = digest;
    return true;
  }

  // One save at a time; a failure is logged once until saving works again.
  const save = () => {
    running = running.then(snapshot, snapshot).then(
      (written) => {
        failing = false;
        return written;
      },
      (error: unknown) => {
        if (!failing)
          log(`[auth] could not save the emulator's accounts to ${dir}: ${error instanceof Error ? error.message : String(error)}`);
        failing = true;
        return false;
      },
    );
    return running;
  };
  const timer = setInterval(() => void save(), options.intervalMs);
  timer.unref();
  void save();
  return {
    save,
    async stop() {
      clearInterval(timer);
      await save();
    },
  };
}
