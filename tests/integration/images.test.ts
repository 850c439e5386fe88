// Image files for their owner: GET /aerial/image-file/by-id/{imageId} and /aerial/analysis-image/{analysisId}.
import { existsSync, utimesSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { LocalDirStorage } from '../../server/storage/local-dir-storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulatorUser, type EmulatorUser } from '../helpers/auth-emulator-users';
import { auth, createAnalysisTestApp, sceneImage, scriptedAnalyzer, uploaded, type AnalysisTestApp } from '../helpers/analysis';
import { graphql } from '../helpers/graphql';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let t: AnalysisTestApp & { dispose(): Promise<void> };
let user: EmulatorUser;

beforeAll(async () => {
  t = await createAnalysisTestApp({ analyzer: scriptedAnalyzer({}) });
  user = await createEmulatorUser();
});
afterAll(async () => {
  await t?.dispose();
});

function expectImageHeaders(res: Response, type: string) {
  expect(res.headers.get('content-type')).toBe(type);
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('cache-control')).toMatch(/^private\b/);
}

describe('GET /aerial/image-file/by-id/{imageId}', () => {
  it('serves the stored JPEG with its type, nosniff and private caching', async () => {
    const itemId = await uploaded(t, user, '', await sceneImage('jpeg'));
    const res = await t.request(`/aerial/image-file/by-id/${itemId}`, { headers: auth(user) });
    expect(res.status).toBe(200);
    expectImageHeaders(res, 'image/jpeg');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get('content-length'))).toBe(bytes.length);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'jpeg', width: 320, height: 240 });
  });

  it('serves PNG as image/png, and HEAD answers the headers only', async () => {
    const itemId = await uploaded(t, user, '', await sceneImage('png'));
    const res = await t.request(`/aerial/image-file/by-id/${itemId}`, { headers: auth(user) });
    expectImageHeaders(res, 'image/png');
    const head = await t.request(`/aerial/image-file/by-id/${itemId}`, { method: 'HEAD', headers: auth(user) });
    expect(head.status).toBe(200);
    expectImageHeaders(head, 'image/png');
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  it('Image.url is where the bytes are', async () => {
    const itemId = await uploaded(t, user);
    const gid = Buffer.from(`Image:${itemId}`).toString('base64');
    const res = await graphql<Json>(
      t,
      `
        query ($id: ID!) {
          node(id: $id) {
            ... on Image {
              url
              mime
            }
          }
        }
      `,
      {
        token: user.idToken,
        variables: { id: gid },
      },
    );
    const { url, mime } = res.data!.node;
    const file = await t.request(url, { headers: auth(user) });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe(mime);
  });

  it('answers 404 "Image not found" for an unknown or malformed id, and 401 without a token', async () => {
    for (const id of ['0d1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b', 'x', '..%2F..%2Fetc%2Fpasswd']) {
      const res = await t.request(`/aerial/image-file/by-id/${id}`, { headers: auth(user) });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Image not found' } });
    }
    const itemId = await uploaded(t, user);
    expect((await t.request(`/aerial/image-file/by-id/${itemId}`)).status).toBe(401);
  });
});

describe('GET /aerial/analysis-image/{analysisId}', () => {
  it('serves the analysed image of an analysis', async () => {
    const bytes = await sceneImage('png', 200, 100);
    const itemId = await uploaded(t, user, '', bytes);
    const { analysis_id } = (await (await t.request(`/aerial/analyze/${itemId}`, { method: 'POST', headers: auth(user) })).json()) as Json;
    const res = await t.request(`/aerial/analysis-image/${analysis_id}`, { headers: auth(user) });
    expect(res.status).toBe(200);
    expectImageHeaders(res, 'image/png');
    const direct = await t.request(`/aerial/image-file/by-id/${itemId}`, { headers: auth(user) });
    expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(await direct.arrayBuffer()))).toBe(true);
  });

  it('answers 404 "Analysis not found" for an unknown id', async () => {
    const res = await t.request('/aerial/analysis-image/0d1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b', { headers: auth(user) });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Analysis not found' } });
  });
});

describe('files without a row', () => {
  it('are swept at start once older than the grace period; young ones and referenced ones stay', async () => {
    const itemId = await uploaded(t, user);
    const image = await t.db.prisma.image.findUniqueOrThrow({ where: { id: itemId } });
    const storage = new LocalDirStorage(path.join(t.dataDir, 'images'));
    const png = await sceneImage('png', 8, 8);
    // A crash between writing the file and its row leaves exactly this behind.
    await storage.put('images/aa/aaaaaaaa-0000-4000-8000-000000000001.png', png, 'image/png');
    await storage.put('images/bb/bbbbbbbb-0000-4000-8000-000000000002.png', png, 'image/png');
    const old = new Date(Date.now() - 2 * 3600_000);
    const file = (key: string) => path.join(t.dataDir, 'images', key);
    utimesSync(file('images/aa/aaaaaaaa-0000-4000-8000-000000000001.png'), old, old);
    utimesSync(file(image.storageKey), old, old);

    await t.restart({ sweepOrphansOnStart: true });
    // The sweep runs in the background at start.
    for (let i = 0; i < 200 && existsSync(file('images/aa/aaaaaaaa-0000-4000-8000-000000000001.png')); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(existsSync(file('images/aa/aaaaaaaa-0000-4000-8000-000000000001.png'))).toBe(false);
    expect(existsSync(file('images/bb/bbbbbbbb-0000-4000-8000-000000000002.png'))).toBe(true);
    expect(existsSync(file(image.storageKey))).toBe(true);
    expect((await t.request(`/aerial/image-file/by-id/${itemId}`, { headers: auth(user) })).status).toBe(200);
  });
});
