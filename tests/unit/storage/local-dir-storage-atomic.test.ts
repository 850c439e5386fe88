// What a crash or a disk error in the middle of a write leaves behind. The filesystem calls are wrapped
// (not replaced) so a test can stop a write at a chosen step or make that step fail.
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import * as fsPromises from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LocalDirStorage } from '../../../server/storage/local-dir-storage';

vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>();
  return { ...actual, rename: vi.fn(actual.rename), open: vi.fn(actual.open) };
});

const { rename, open } = vi.mocked(fsPromises);
let dataDir: string;
let storage: LocalDirStorage;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'aerisk-atomic-'));
  storage = LocalDirStorage.forDataDir(dataDir);
});

afterEach(async () => {
  vi.mocked(rename).mockClear();
  vi.mocked(open).mockClear();
  await rm(dataDir, { recursive: true, force: true });
});

const incoming = () => readdir(path.join(storage.root, '.incoming'));

describe('LocalDirStorage writes are all or nothing', () => {
  it('shows nothing under the key until the complete, synced file is renamed into place', async () => {
    const actualRename = (await vi.importActual<typeof import('node:fs/promises')>('node:fs/promises')).rename;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let reachedRename!: () => void;
    const atRename = new Promise<void>((resolve) => (reachedRename = resolve));
    rename.mockImplementationOnce(async (from, to) => {
      reachedRename();
      await gate;
      return actualRename(from, to);
    });

    const bytes = Buffer.alloc(3 * 1024 * 1024, 7);
    const writing = storage.put('images/p/photo.jpg', bytes, 'image/jpeg');
    await atRename;

    // The data is fully written and synced, but only in the temp file: the key does not exist yet.
    expect(await storage.exists('images/p/photo.jpg')).toBe(false);
    expect(await storage.get('images/p/photo.jpg')).toBeNull();
    const keys: string[] = [];
    for await (const entry of storage.list()) keys.push(entry.key);
    expect(keys).toEqual([]);
    const [temp] = await incoming();
    expect((await stat(path.join(storage.root, '.incoming', temp))).size).toBe(bytes.length);

    release();
    await writing;
    // Buffer.equals, not toEqual: a deep comparison of 3 MB element by element takes half a minute.
    expect((await storage.get('images/p/photo.jpg'))?.bytes.equals(bytes)).toBe(true);
    expect(await incoming()).toEqual([]);
  });

  it('leaves neither the key nor a temp file when syncing to disk fails', async () => {
    const actualOpen = (await vi.importActual<typeof import('node:fs/promises')>('node:fs/promises')).open;
    open.mockImplementationOnce(async (...args: Parameters<typeof actualOpen>) => {
      const handle = await actualOpen(...args);
      handle.sync = async () => {
        throw Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' });
      };
      return handle;
    });

    await expect(storage.put('a.png', Buffer.alloc(1024, 1), 'image/png')).rejects.toThrow('EIO');
    expect(await storage.exists('a.png')).toBe(false);
    expect(await incoming()).toEqual([]);
  });

  it('keeps the previous version when replacing it fails', async () => {
    await storage.put('a.png', Buffer.from('version one'), 'image/png');
    rename.mockImplementationOnce(async () => {
      throw Object.assign(new Error('ENOSPC: no space left on device, rename'), { code: 'ENOSPC' });
    });

    await expect(storage.put('a.png', Buffer.from('version two, never visible'), 'image/png')).rejects.toThrow('ENOSPC');
    expect((await storage.get('a.png'))?.bytes.toString()).toBe('version one');
    expect(await incoming()).toEqual([]);
  });
});
