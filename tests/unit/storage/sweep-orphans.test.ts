import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalDirStorage } from '../../../server/storage/local-dir-storage';
import { sweepOrphans } from '../../../server/storage/sweep-orphans';

let dataDir: string;
let storage: LocalDirStorage;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'aerisk-sweep-'));
  storage = LocalDirStorage.forDataDir(dataDir);
});

afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

async function putAged(key: string, ageMs: number) {
  await storage.put(key, Buffer.from(key), 'image/png');
  const when = new Date(Date.now() - ageMs);
  await utimes(path.join(storage.root, key), when, when);
}

async function remaining(): Promise<string[]> {
  const keys: string[] = [];
  for await (const entry of storage.list()) keys.push(entry.key);
  return keys.sort();
}

const HOUR = 3_600_000;

describe('sweepOrphans', () => {
  it('deletes old blobs without a row and keeps referenced and recent ones', async () => {
    await putAged('images/a/referenced.png', 2 * HOUR);
    await putAged('images/a/orphan.png', 2 * HOUR);
    await putAged('images/b/orphan-too.png', 3 * HOUR);
    await putAged('images/b/just-uploaded.png', 1000); // its row may be being inserted right now
    const rows = new Set(['images/a/referenced.png']);

    const report = await sweepOrphans(storage, async (keys) => new Set(keys.filter((k) => rows.has(k))), HOUR);

    expect(report.examined).toBe(3);
    expect(report.deleted.sort()).toEqual(['images/a/orphan.png', 'images/b/orphan-too.png']);
    expect(await remaining()).toEqual(['images/a/referenced.png', 'images/b/just-uploaded.png']);
  });

  it('asks about keys in batches of the given size', async () => {
    for (let i = 0; i < 7; i++) await putAged(`k/${i}.png`, 2 * HOUR);
    const batches: number[] = [];
    const report = await sweepOrphans(
      storage,
      async (keys) => {
        batches.push(keys.length);
        return new Set(keys);
      },
      HOUR,
      { batchSize: 3 },
    );
    expect(batches).toEqual([3, 3, 1]);
    expect(report.deleted).toEqual([]);
    expect(await remaining()).toHaveLength(7);
  });

  it('only looks under the prefix', async () => {
    await putAged('images/x.png', 2 * HOUR);
    await putAged('other/y.png', 2 * HOUR);
    const report = await sweepOrphans(storage, async () => new Set(), HOUR, { prefix: 'images/' });
    expect(report.deleted).toEqual(['images/x.png']);
    expect(await remaining()).toEqual(['other/y.png']);
  });

  it('also clears temp files of writes a crash interrupted', async () => {
    const incoming = path.join(storage.root, '.incoming');
    await mkdir(incoming, { recursive: true });
    await writeFile(path.join(incoming, 'dead.part'), 'half a file');
    const old = new Date(Date.now() - 2 * HOUR);
    await utimes(path.join(incoming, 'dead.part'), old, old);

    const report = await sweepOrphans(storage, async () => new Set(), HOUR);
    expect(report.incompletePurged).toBe(1);
    expect(await readdir(incoming)).toEqual([]);
  });

  it('refuses a negative grace period', async () => {
    await expect(sweepOrphans(storage, async () => new Set(), -1)).rejects.toThrow(RangeError);
  });
});
