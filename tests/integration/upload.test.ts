// Uploads through both transports, through app.fetch: storage, EXIF hints, spec §5 validation (by
// content, size, pixel limit, first GIF frame, truncated files), CSRF on multipart. The size cap while
// the body streams in is a property of Node's listener (server/http/fetch-api.ts), checked on it at the end.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMAGE_PIXELS, MAX_UPLOAD_BYTES } from '../../common/constants';
import { LocalDirStorage } from '../../server/storage/local-dir-storage';
import { createEmulatorUser, type EmulatorUser } from '../helpers/auth-emulator-users';
import { animatedGif, droneJpeg, hugePng, jpegOfExactSize } from '../unit/ingest/fixtures';
import {
  auth,
  createAnalysisTestApp,
  graphqlUpload,
  restUpload,
  sceneImage,
  scriptedAnalyzer,
  UPLOAD_MUTATION as UPLOAD_MUTATION_TEXT,
  type AnalysisTestApp,
} from '../helpers/analysis';

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

function storedFiles(): string[] {
  const root = path.join(t.dataDir, 'images', 'images');
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.join(e.parentPath, e.name));
  } catch {
    return [];
  }
}

describe('POST /aerial/upload', () => {
  it('stores a PNG and answers {item_id}; the row points at a stored, re-encoded file', async () => {
    const bytes = await sceneImage('png');
    const res = await restUpload(t, user, { bytes, name: 'roof.png' }, '  12 Elm St, Springfield ');
    expect(res.status).toBe(201);
    const body = (await res.json()) as Json;
    expect(Object.keys(body)).toEqual(['item_id']);
    const row = await t.db.prisma.image.findUniqueOrThrow({ where: { id: body.item_id } });
    expect(row).toMatchObject({
      ownerId: user.uid,
      mime: 'image/png',
      width: 320,
      height: 240,
      source: 'upload',
      propertyLocation: '12 Elm St, Springfield',
    });
    expect(row.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(storedFiles().some((f) => f.endsWith(`${row.id}.png`))).toBe(true);
  });

  it('keeps EXIF position, capture time and a ground-resolution estimate, then strips them from the stored file', async () => {
    const res = await restUpload(t, user, { bytes: await droneJpeg(), name: 'DJI_0001.JPG', type: 'image/jpeg' });
    expect(res.status).toBe(201);
    const { item_id } = (await res.json()) as Json;
    const row = await t.db.prisma.image.findUniqueOrThrow({ where: { id: item_id } });
    expect(row.mime).toBe('image/jpeg');
    // Stored sideways with orientation 6: the stored image is upright, 40 × 80.
    expect([row.width, row.height]).toEqual([40, 80]);
    expect(row.latitude).toBeCloseTo(37.775, 3);
    expect(row.longitude).toBeCloseTo(-122.4167, 3);
    expect(row.capturedAt?.toISOString()).toBe('2024-05-06T05:08:09.000Z');
    expect(row.gsdSource).toBe('estimated');
    expect(row.gsdMPerPx).toBeGreaterThan(0);
    const file = await t.request(`/aerial/image-file/by-id/${item_id}`, { headers: auth(user) });
    const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
  });

  it('accepts exactly 10 MB', async () => {
    const res = await restUpload(t, user, { bytes: await jpegOfExactSize(MAX_UPLOAD_BYTES), type: 'image/jpeg' });
    expect(res.status).toBe(201);
  });

  it.each([
    ['a text file named .jpg', () => Buffer.from('hello, this is not a picture\n'.repeat(20)), 'notes.jpg', 'image/jpeg'],
    [
      'an SVG',
      () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>'),
      'drawing.svg',
      'image/svg+xml',
    ],
  ])('refuses %s with 415 and the spec message, storing nothing', async (_name, make, filename, type) => {
    const before = storedFiles().length;
    const res = await restUpload(t, user, { bytes: make(), name: filename, type });
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({
      error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Please select a valid image file (JPEG, PNG, or GIF)' },
    });
    expect(storedFiles().length).toBe(before);
  });

  it('refuses truncated bytes of a real PNG', async () => {
    const whole = await sceneImage('png', 400, 300);
    const res = await restUpload(t, user, { bytes: whole.subarray(0, Math.floor(whole.length * 0.6)) });
    expect(res.status).toBe(415);
    expect(((await res.json()) as Json).error.message).toBe('Please select a valid image file (JPEG, PNG, or GIF)');
  });

  it('refuses 10 MB + 1 byte with 413 and the spec message', async () => {
    const bytes = Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0x20);
    (await sceneImage('png')).copy(bytes); // a real PNG at the start: only the size is wrong
    const res = await restUpload(t, user, { bytes });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: { code: 'PAYLOAD_TOO_LARGE', message: 'File size exceeds 10MB limit' } });
  });

  it('refuses a 20 000 × 20 000 PNG of a few hundred KB without decoding it', async () => {
    const bomb = await hugePng();
    expect(bomb.length).toBeLessThan(1_000_000);
    const started = Date.now();
    const res = await restUpload(t, user, { bytes: bomb, name: 'bomb.png' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as Json).error.message).toBe('Image dimensions 20000 × 20000 exceed the limit of 40 megapixels');
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('refuses at upload an image over the analyzer’s pixel limit (46 MP), on both transports, storing nothing', async () => {
    // Before: ingest allowed 50 MP, so this was stored (201) and then refused by the analyzer (422).
    const bytes = await sharp({ create: { width: 8000, height: 5750, channels: 3, background: '#4a6' } })
      .jpeg()
      .toBuffer();
    expect(8000 * 5750).toBeGreaterThan(MAX_IMAGE_PIXELS);
    const before = await t.db.prisma.image.count({ where: { ownerId: user.uid } });
    const message = 'Image dimensions 8000 × 5750 exceed the limit of 40 megapixels';
    const res = await restUpload(t, user, { bytes, name: 'drone-46mp.jpg', type: 'image/jpeg' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: { code: 'VALIDATION', message } });
    const gql = (await (await graphqlUpload(t, user, { bytes, name: 'drone-46mp.jpg', type: 'image/jpeg' })).json()) as Json;
    expect(gql.data.uploadImage).toMatchObject({ __typename: 'ValidationError', message });
    expect(await t.db.prisma.image.count({ where: { ownerId: user.uid } })).toBe(before);
  });

  it('tells a script what it sent instead of a file field: another field name, a JSON body, raw bytes (the spec message stays)', async () => {
    const bytes = await sceneImage('png');
    const misnamed = new FormData();
    misnamed.append('image', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'roof.png');
    const cases: [RequestInit, string][] = [
      [{ body: misnamed }, 'The form carries a file in the field "image"; send it in the field "file".'],
      [
        { body: JSON.stringify({ file: 'abc' }), headers: { 'content-type': 'application/json' } },
        'Send the image as multipart/form-data, in the form field "file".',
      ],
      [
        { body: new Uint8Array(bytes), headers: { 'content-type': 'image/png' } },
        'Send the image as multipart/form-data, in the form field "file".',
      ],
    ];
    const before = await t.db.prisma.image.count({ where: { ownerId: user.uid } });
    for (const [init, detail] of cases) {
      const res = await t.request('/aerial/upload', {
        ...init,
        method: 'POST',
        headers: { ...auth(user), ...(init.headers as Record<string, string>) },
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: { code: 'VALIDATION', message: 'Please select a file to upload', detail } });
    }
    expect(await t.db.prisma.image.count({ where: { ownerId: user.uid } })).toBe(before);
  });

  it('refuses a form with two files, saying so, and stores neither (in process and over HTTP, whose parser stops at one)', async () => {
    const before = await t.db.prisma.image.count({ where: { ownerId: user.uid } });
    const form = new FormData();
    for (const name of ['east.png', 'west.png'])
      form.append('file', new Blob([new Uint8Array(await sceneImage('png'))], { type: 'image/png' }), name);
    const base = await t.listen();
    for (const res of [
      await t.request('/aerial/upload', { method: 'POST', headers: auth(user), body: form }),
      await fetch(`${base}/aerial/upload`, { method: 'POST', headers: auth(user), body: form }),
    ]) {
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        error: { code: 'VALIDATION', message: 'Send one image per upload: this form carries more than one file.' },
      });
    }
    expect(await t.db.prisma.image.count({ where: { ownerId: user.uid } })).toBe(before);
  });

  it('refuses at upload an image too small to analyse (8 × 8), on both transports, storing nothing', async () => {
    // Before: it was stored (201), and its analysis then failed with "Failed to upload or analyze image. Please try again."
    const bytes = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#4a6' } })
      .png()
      .toBuffer();
    const before = await t.db.prisma.image.count({ where: { ownerId: user.uid } });
    const message = 'Image dimensions 8 × 8 are below the minimum of 32 × 32 pixels';
    const res = await restUpload(t, user, { bytes, name: 'icon.png', type: 'image/png' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: { code: 'VALIDATION', message } });
    const gql = (await (await graphqlUpload(t, user, { bytes, name: 'icon.png', type: 'image/png' })).json()) as Json;
    expect(gql.data.uploadImage).toMatchObject({ __typename: 'ValidationError', message });
    expect(await t.db.prisma.image.count({ where: { ownerId: user.uid } })).toBe(before);
  });

  it('stores only the first frame of a 500-frame GIF, as PNG', async () => {
    const res = await restUpload(t, user, { bytes: await animatedGif(500), name: 'anim.gif', type: 'image/gif' });
    expect(res.status).toBe(201);
    const { item_id } = (await res.json()) as Json;
    const row = await t.db.prisma.image.findUniqueOrThrow({ where: { id: item_id } });
    expect([row.mime, row.width, row.height]).toEqual(['image/png', 64, 64]);
    const file = await t.request(`/aerial/image-file/by-id/${item_id}`, { headers: auth(user) });
    const stored = sharp(Buffer.from(await file.arrayBuffer()));
    expect((await stored.metadata()).pages ?? 1).toBe(1);
    const { data } = await stored.raw().toBuffer({ resolveWithObject: true });
    expect([data[0], data[1], data[2]]).toEqual([255, 0, 0]); // the red first frame
  });

  it('answers "Please select a file to upload" without a file, and for a JSON body', async () => {
    const res = await restUpload(t, user, null, 'somewhere');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: { code: 'VALIDATION', message: 'Please select a file to upload' } });
    const json = await t.request('/aerial/upload', {
      method: 'POST',
      headers: { ...auth(user), 'content-type': 'application/json' },
      body: '{}',
    });
    expect(json.status).toBe(400);
    expect(((await json.json()) as Json).error.message).toBe('Please select a file to upload');
  });

  it('needs a bearer token', async () => {
    const res = await restUpload(t, null, { bytes: await sceneImage() });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
    expect(((await res.json()) as Json).error.code).toBe('UNAUTHENTICATED');
  });
});

describe('uploadImage (GraphQL multipart)', () => {
  it('stores the image and returns it with its raw id and URL', async () => {
    const res = await graphqlUpload(t, user, { bytes: await sceneImage('jpeg'), type: 'image/jpeg' }, 'Lot 7, Ridge Rd');
    expect(res.status).toBe(200);
    const body = (await res.json()) as Json;
    expect(body.errors).toBeUndefined();
    const result = body.data.uploadImage;
    expect(result.__typename).toBe('MutationUploadImageSuccess');
    const image = result.data;
    expect(image).toMatchObject({
      mime: 'image/jpeg',
      width: 320,
      height: 240,
      source: 'upload',
      propertyLocation: 'Lot 7, Ridge Rd',
      latitude: null,
      capturedAt: null,
    });
    expect(Buffer.from(image.id, 'base64').toString()).toBe(`Image:${image.itemId}`);
    expect(image.url).toBe(`/aerial/image-file/by-id/${image.itemId}`);
    expect(await t.db.prisma.image.count({ where: { id: image.itemId, ownerId: user.uid } })).toBe(1);
  });

  it('returns the spec messages as ValidationError: wrong type, too large, no file', async () => {
    const text = await graphqlUpload(t, user, { bytes: Buffer.from('not an image at all'), name: 'x.png' });
    expect(((await text.json()) as Json).data.uploadImage).toEqual({
      __typename: 'ValidationError',
      message: 'Please select a valid image file (JPEG, PNG, or GIF)',
    });
    const big = Buffer.alloc(MAX_UPLOAD_BYTES + 1, 1);
    (await sceneImage('png')).copy(big);
    const large = await graphqlUpload(t, user, { bytes: big });
    expect(((await large.json()) as Json).data.uploadImage).toEqual({
      __typename: 'ValidationError',
      message: 'File size exceeds 10MB limit',
    });
  });

  it('answers "Please select a file to upload" when the map names a file the request does not carry', async () => {
    const form = new FormData();
    form.append('operations', JSON.stringify({ query: UPLOAD_MUTATION_TEXT, variables: { input: { file: null } } }));
    form.append('map', JSON.stringify({ 0: ['variables.input.file'] }));
    const res = await t.request('/graphql', {
      method: 'POST',
      headers: { ...auth(user), 'x-graphql-yoga-csrf': '1' },
      body: form,
    });
    expect(((await res.json()) as Json).data.uploadImage).toEqual({
      __typename: 'ValidationError',
      message: 'Please select a file to upload',
    });
  });

  it('requires the CSRF header on multipart requests and reads nothing without it', async () => {
    const before = await t.db.prisma.image.count();
    const res = await graphqlUpload(t, user, { bytes: await sceneImage() }, 'x', { csrf: false });
    expect(res.status).toBe(403);
    expect(((await res.json()) as Json).errors[0].message).toBe('Required CSRF header(s) not present');
    expect(await t.db.prisma.image.count()).toBe(before);
  });

  it('needs a bearer token', async () => {
    const res = await graphqlUpload(t, null, { bytes: await sceneImage() });
    const body = (await res.json()) as Json;
    expect(body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expect(body.data?.uploadImage ?? null).toBeNull();
  });

  it('refuses a File passed as a plain JSON value', async () => {
    const res = await t.request('/graphql', {
      method: 'POST',
      headers: { ...auth(user), 'content-type': 'application/json' },
      body: JSON.stringify({ query: UPLOAD_MUTATION_TEXT, variables: { input: { file: 'aerisk-upload:guess' } } }),
    });
    const body = (await res.json()) as Json;
    expect(body.errors[0].message).toMatch(/File must be a file part of a multipart request/);
  });
});

describe('on the real HTTP server (Node listener)', () => {
  const fifty = () => Buffer.alloc(50 * 1024 * 1024, 0x20);

  it('stores an upload sent through both transports', async () => {
    const base = await t.listen();
    expect((await restUpload(base, user, { bytes: await sceneImage() })).status).toBe(201);
    const gql = (await (await graphqlUpload(base, user, { bytes: await sceneImage() })).json()) as Json;
    expect(gql.data.uploadImage.__typename).toBe('MutationUploadImageSuccess');
  });

  it('refuses 10 MB + 1 byte on both transports with the spec message', async () => {
    const base = await t.listen();
    const bytes = Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0x20);
    (await sceneImage('png')).copy(bytes);
    const rest = await restUpload(base, user, { bytes });
    expect(rest.status).toBe(413);
    expect(await rest.json()).toEqual({ error: { code: 'PAYLOAD_TOO_LARGE', message: 'File size exceeds 10MB limit' } });
    const gql = (await (await graphqlUpload(base, user, { bytes })).json()) as Json;
    expect(gql.data.uploadImage).toEqual({ __typename: 'ValidationError', message: 'File size exceeds 10MB limit' });
  });

  it('cuts a 50 MB file part off at the limit: 413 with the spec message on both transports, nothing stored', async () => {
    const base = await t.listen();
    const before = await t.db.prisma.image.count();
    const rest = await restUpload(base, user, { bytes: fifty() });
    expect(rest.status).toBe(413);
    expect(await rest.json()).toEqual({ error: { code: 'PAYLOAD_TOO_LARGE', message: 'File size exceeds 10MB limit' } });
    const gql = await graphqlUpload(base, user, { bytes: fifty() });
    expect(gql.status).toBe(413);
    const body = (await gql.json()) as Json;
    expect(body.errors[0]).toMatchObject({ message: 'File size exceeds 10MB limit', extensions: { code: 'PAYLOAD_TOO_LARGE' } });
    expect(await t.db.prisma.image.count()).toBe(before);
  });
});

describe('unexpected failures', () => {
  it('answer the spec’s data-call message on both transports, never details or a stack', async () => {
    // Storage that fails as a full disk would.
    class FullDisk extends LocalDirStorage {
      override async put(): Promise<void> {
        throw Object.assign(new Error('ENOSPC: no space left on device, write /secret/path'), { code: 'ENOSPC' });
      }
    }
    const broken = await createAnalysisTestApp({ analyzer: scriptedAnalyzer({}), storage: new FullDisk(path.join(t.dataDir, 'full')) });
    try {
      const res = await restUpload(broken, user, { bytes: await sceneImage() });
      expect(res.status).toBe(500);
      const text = await res.text();
      expect(JSON.parse(text)).toEqual({ error: { code: 'INTERNAL', message: 'Failed to upload image' } });
      const gql = await graphqlUpload(broken, user, { bytes: await sceneImage() });
      const body = (await gql.json()) as Json;
      expect(body.errors[0]).toMatchObject({ message: 'Failed to upload image', extensions: { code: 'INTERNAL' } });
      for (const answer of [text, JSON.stringify(body)]) expect(answer).not.toMatch(/ENOSPC|secret|\bat\s|\.ts:/);
      expect(await broken.db.prisma.image.count()).toBe(0);
    } finally {
      await broken.dispose();
    }
  });
});
