import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BlobContentTypeError, InvalidBlobKeyError } from '../../../server/storage/blob-storage';
import { createStorage, storageConfigFromEnv } from '../../../server/storage/create-storage';
import { LocalDirStorage } from '../../../server/storage/local-dir-storage';

let dataDir: string;
let storage: LocalDirStorage;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'aerisk-storage-'));
  storage = LocalDirStorage.forDataDir(dataDir);
});

afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

async function listKeys(prefix?: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const entry of storage.list(prefix)) keys.push(entry.key);
  return keys.sort();
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  return Buffer.from(await new Response(stream).arrayBuffer());
}

describe('LocalDirStorage', () => {
  it('stores under DATA_DIR/images and reads back bytes and content type', async () => {
    const bytes = randomBytes(5000);
    await storage.put('images/ab/one.jpg', bytes, 'image/jpeg');

    expect(await readFile(path.join(dataDir, 'images', 'images', 'ab', 'one.jpg'))).toEqual(bytes);
    expect(await storage.get('images/ab/one.jpg')).toEqual({ bytes, contentType: 'image/jpeg' });
    expect(await storage.exists('images/ab/one.jpg')).toBe(true);

    const streamed = await storage.getStream('images/ab/one.jpg');
    expect(streamed?.contentType).toBe('image/jpeg');
    expect(streamed?.size).toBe(5000);
    expect(await readAll(streamed!.stream)).toEqual(bytes);
  });

  it('answers null / false for a missing key and deletes idempotently', async () => {
    expect(await storage.get('nope.png')).toBeNull();
    expect(await storage.getStream('a/b/nope.png')).toBeNull();
    expect(await storage.exists('nope.png')).toBe(false);
    await storage.put('x.png', Buffer.from('png'), 'image/png');
    await storage.delete('x.png');
    await storage.delete('x.png');
    expect(await storage.exists('x.png')).toBe(false);
  });

  it('treats a directory as no blob', async () => {
    await storage.put('dir/a.png', Buffer.from('1'), 'image/png');
    expect(await storage.exists('dir')).toBe(false);
    expect(await storage.get('dir')).toBeNull();
  });

  it('replaces an existing blob', async () => {
    await storage.put('a.gif', Buffer.from('first'), 'image/gif');
    await storage.put('a.gif', Buffer.from('second'), 'image/gif');
    expect((await storage.get('a.gif'))?.bytes.toString()).toBe('second');
  });

  it('refuses a content type its key does not carry', async () => {
    await expect(storage.put('a.jpg', Buffer.from('x'), 'image/png')).rejects.toBeInstanceOf(BlobContentTypeError);
    await expect(storage.put('noext', Buffer.from('x'), 'image/png')).rejects.toBeInstanceOf(BlobContentTypeError);
    expect(await listKeys()).toEqual([]);
  });

  it('lists by prefix, skipping its own temp files', async () => {
    for (const key of ['images/ab/1.jpg', 'images/ab/2.jpg', 'images/ac/3.png', 'images/b.png', 'other/4.png']) {
      await storage.put(key, Buffer.from(key), key.endsWith('jpg') ? 'image/jpeg' : 'image/png');
    }
    await mkdir(path.join(storage.root, '.incoming'), { recursive: true });
    await writeFile(path.join(storage.root, '.incoming', 'left-over.part'), 'partial');

    expect(await listKeys()).toEqual(['images/ab/1.jpg', 'images/ab/2.jpg', 'images/ac/3.png', 'images/b.png', 'other/4.png']);
    expect(await listKeys('images/a')).toEqual(['images/ab/1.jpg', 'images/ab/2.jpg', 'images/ac/3.png']);
    expect(await listKeys('images/ab/')).toEqual(['images/ab/1.jpg', 'images/ab/2.jpg']);
    expect(await listKeys('images/ab/2')).toEqual(['images/ab/2.jpg']);
    expect(await listKeys('missing/')).toEqual([]);

    const [entry] = await collect(storage.list('other/'));
    expect(entry.size).toBe('other/4.png'.length);
    expect(entry.lastModified).toBeInstanceOf(Date);
  });

  it('rejects path traversal on every operation and writes nothing outside its root', async () => {
    const outside = path.join(dataDir, 'secret.jpg');
    await writeFile(outside, 'do not touch');
    const attempts = ['../secret.jpg', 'images/../../secret.jpg', '/tmp/x.jpg', '..\\secret.jpg', '.incoming/x.jpg'];
    for (const key of attempts) {
      await expect(storage.put(key, Buffer.from('evil'), 'image/jpeg')).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(storage.getStream(key)).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(storage.exists(key)).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidBlobKeyError);
    }
    await expect(collect(storage.list('../'))).rejects.toBeInstanceOf(InvalidBlobKeyError);
    expect(await readFile(outside, 'utf8')).toBe('do not touch');
    expect(await readdir(dataDir)).toEqual(['secret.jpg']);
  });

  it('never shows a reader a partly written blob while it is being replaced', async () => {
    const size = 8 * 1024 * 1024;
    const versions = [Buffer.alloc(size, 1), Buffer.alloc(size, 2), Buffer.alloc(size, 3), Buffer.alloc(size, 4)];
    await storage.put('big.png', versions[0], 'image/png');

    let writing = true;
    const seen = new Set<number>();
    const reader = (async () => {
      for (let reads = 0; writing && reads < 10_000; reads++) {
        const blob = await storage.get('big.png');
        // Every read is one whole version: full length, one fill byte throughout.
        expect(blob?.bytes.length).toBe(size);
        const first = blob!.bytes[0];
        expect(blob!.bytes.every((b) => b === first)).toBe(true);
        seen.add(first);
      }
    })();
    for (const version of versions.slice(1)) await storage.put('big.png', version, 'image/png');
    writing = false;
    await reader;
    expect(seen.size).toBeGreaterThanOrEqual(1);
    expect((await storage.get('big.png'))?.bytes[0]).toBe(4);
    expect(await readdir(path.join(storage.root, '.incoming'))).toEqual([]);
  }, 30_000);

  it('purges temp files of interrupted writes once they are old enough', async () => {
    const incoming = path.join(storage.root, '.incoming');
    await mkdir(incoming, { recursive: true });
    await writeFile(path.join(incoming, 'old.part'), 'crashed mid-write');
    await writeFile(path.join(incoming, 'new.part'), 'being written now');
    const hourAgo = new Date(Date.now() - 3_600_000);
    await utimes(path.join(incoming, 'old.part'), hourAgo, hourAgo);

    expect(await storage.purgeIncomplete(10 * 60_000)).toBe(1);
    expect(await readdir(incoming)).toEqual(['new.part']);
    expect(await LocalDirStorage.forDataDir(path.join(dataDir, 'none')).purgeIncomplete(0)).toBe(0);
  });
});

describe('createStorage', () => {
  it('uses the local directory under DATA_DIR when no bucket is configured', () => {
    const created = createStorage(storageConfigFromEnv({ DATA_DIR: '/srv/aerisk' }));
    expect(created.kind).toBe('local');
    expect((created as LocalDirStorage).root).toBe(path.resolve('/srv/aerisk/images'));
    expect(storageConfigFromEnv({}).dataDir).toBe('./data');
  });

  it('refuses an S3_FORCE_PATH_STYLE that is not a boolean', () => {
    expect(() => storageConfigFromEnv({ S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(/S3_FORCE_PATH_STYLE/);
    expect(storageConfigFromEnv({ S3_FORCE_PATH_STYLE: 'TRUE' }).s3ForcePathStyle).toBe(true);
  });
});
