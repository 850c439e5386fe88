// S3Storage against s3rver, an S3 emulator, on an ephemeral port of 127.0.0.1.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { InvalidBlobKeyError } from '../../../server/storage/blob-storage';
import { createStorage, storageConfigFromEnv } from '../../../server/storage/create-storage';
import { S3Storage, type S3StorageOptions } from '../../../server/storage/s3-storage';
import { sweepOrphans } from '../../../server/storage/sweep-orphans';

const BUCKET = 'aerisk-test';
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

let server: S3rver;
let directory: string;
let endpoint: string;
const opened: S3Storage[] = [];

function storageWith(options: Partial<S3StorageOptions> = {}): S3Storage {
  const storage = new S3Storage({ bucket: BUCKET, endpoint, forcePathStyle: true, credentials: CREDENTIALS, ...options });
  opened.push(storage);
  return storage;
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'aerisk-s3rver-'));
  server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const address: AddressInfo = await server.run();
  endpoint = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  for (const storage of opened) storage.close();
  await server?.close();
  await rm(directory, { recursive: true, force: true });
});

describe('S3Storage', () => {
  it('puts and gets bytes with their content type', async () => {
    const storage = storageWith();
    const bytes = randomBytes(200_000);
    await storage.put('images/s3/a.jpg', bytes, 'image/jpeg');

    const blob = await storage.get('images/s3/a.jpg');
    expect(blob?.contentType).toBe('image/jpeg');
    expect(blob?.bytes.equals(bytes)).toBe(true);

    const streamed = await storage.getStream('images/s3/a.jpg');
    expect(streamed?.size).toBe(bytes.length);
    expect(streamed?.contentType).toBe('image/jpeg');
    expect(Buffer.from(await new Response(streamed!.stream).arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('answers missing keys with null / false and deletes idempotently', async () => {
    const storage = storageWith();
    expect(await storage.get('images/s3/missing.png')).toBeNull();
    expect(await storage.getStream('images/s3/missing.png')).toBeNull();
    expect(await storage.exists('images/s3/missing.png')).toBe(false);

    await storage.put('images/s3/gone.png', Buffer.from('png'), 'image/png');
    expect(await storage.exists('images/s3/gone.png')).toBe(true);
    await storage.delete('images/s3/gone.png');
    await storage.delete('images/s3/gone.png');
    expect(await storage.exists('images/s3/gone.png')).toBe(false);
  });

  it('lists by prefix', async () => {
    const storage = storageWith();
    for (const key of ['list/ab/1.png', 'list/ab/2.png', 'list/ac/3.png', 'list-other/4.png']) {
      await storage.put(key, Buffer.from(key), 'image/png');
    }
    const entries = await collect(storage.list('list/a'));
    expect(entries.map((e) => e.key).sort()).toEqual(['list/ab/1.png', 'list/ab/2.png', 'list/ac/3.png']);
    expect(entries[0].size).toBe('list/ab/1.png'.length);
    expect(entries[0].lastModified.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect((await collect(storage.list('list/ab/'))).map((e) => e.key).sort()).toEqual(['list/ab/1.png', 'list/ab/2.png']);
  });

  it('rejects invalid keys before sending anything', async () => {
    const storage = storageWith({ endpoint: 'http://127.0.0.1:9' }); // nothing listens there
    await expect(storage.put('../x.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toBeInstanceOf(InvalidBlobKeyError);
    await expect(storage.get('a/../../b.jpg')).rejects.toBeInstanceOf(InvalidBlobKeyError);
    await expect(collect(storage.list('../'))).rejects.toBeInstanceOf(InvalidBlobKeyError);
  });

  it('surfaces a missing bucket instead of reporting a missing object', async () => {
    const storage = storageWith({ bucket: 'no-such-bucket' });
    await expect(storage.get('a.png')).rejects.toMatchObject({ name: 'NoSuchBucket' });
  });

  it('sweeps blobs no row refers to, past the grace period', async () => {
    const storage = storageWith();
    for (const key of ['sweep/kept.png', 'sweep/orphan.png']) await storage.put(key, Buffer.from(key), 'image/png');

    const young = await sweepOrphans(storage, async () => new Set(), 60_000, { prefix: 'sweep/' });
    expect(young).toEqual({ examined: 0, deleted: [], incompletePurged: 0 });

    const later = () => Date.now() + 120_000;
    const report = await sweepOrphans(storage, async (keys) => new Set(keys.filter((k) => k.endsWith('kept.png'))), 60_000, {
      prefix: 'sweep/',
      now: later,
    });
    expect(report.deleted).toEqual(['sweep/orphan.png']);
    expect(await storage.exists('sweep/kept.png')).toBe(true);
    expect(await storage.exists('sweep/orphan.png')).toBe(false);
  });
});

describe('createStorage with S3_BUCKET', () => {
  it('builds an S3 store from the environment, credentials from the standard AWS variables', async () => {
    vi.stubEnv('AWS_ACCESS_KEY_ID', CREDENTIALS.accessKeyId);
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', CREDENTIALS.secretAccessKey);
    try {
      const storage = createStorage(
        storageConfigFromEnv({ S3_BUCKET: BUCKET, S3_ENDPOINT: endpoint, S3_REGION: 'eu-west-1', S3_FORCE_PATH_STYLE: 'true' }),
      );
      expect(storage.kind).toBe('s3');
      opened.push(storage as S3Storage);
      await storage.put('env/a.gif', Buffer.from('GIF89a'), 'image/gif');
      expect((await storage.get('env/a.gif'))?.bytes.toString()).toBe('GIF89a');
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
