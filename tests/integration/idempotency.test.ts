// Idempotency-Key (issue 12): an upload or analysis retried with the same key gets the same answer and
// no second row, on both transports, across a restart (the key is stored with the row), and per user.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulatorUser, type EmulatorUser } from '../helpers/auth-emulator-users';
import { auth, createAnalysisTestApp, sceneImage, scriptedAnalyzer, type AnalysisTestApp } from '../helpers/analysis';

type App = AnalysisTestApp & { dispose(): Promise<void> };
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let t: App;
let base: string;
let user: EmulatorUser;
let bytes: Buffer;

beforeAll(async () => {
  t = await createAnalysisTestApp({ analyzer: scriptedAnalyzer({}) });
  base = await t.listen();
  user = await createEmulatorUser();
  bytes = await sceneImage();
});
afterAll(async () => {
  await t?.dispose();
});

function upload(who: EmulatorUser, key: string | null, location = 'Retry Road') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'scene.png');
  form.append('property_location', location);
  return fetch(`${base}/aerial/upload`, {
    method: 'POST',
    headers: { ...auth(who), ...(key ? { 'idempotency-key': key } : {}) },
    body: form,
  });
}

const analyze = (who: EmulatorUser, itemId: string, key: string) =>
  fetch(`${base}/aerial/analyze/${itemId}`, { method: 'POST', headers: { ...auth(who), 'idempotency-key': key } });

const imageCount = (who: EmulatorUser) => t.db.prisma.image.count({ where: { ownerId: who.uid } });
const analysisCount = (who: EmulatorUser) => t.db.prisma.analysis.count({ where: { ownerId: who.uid } });

describe('Idempotency-Key on uploads', () => {
  it('answers a retry with the first upload and stores one image, also when the retries race', async () => {
    const before = await imageCount(user);
    const first = await upload(user, 'upload-1');
    expect(first.status).toBe(201);
    const { item_id } = (await first.json()) as Json;
    const retry = await upload(user, 'upload-1');
    expect(retry.status).toBe(201);
    expect(await retry.json()).toEqual({ item_id });
    const raced = await Promise.all([upload(user, 'upload-race'), upload(user, 'upload-race'), upload(user, 'upload-race')]);
    const ids = new Set(await Promise.all(raced.map(async (res) => ((await res.json()) as Json).item_id)));
    expect(raced.map((res) => res.status)).toEqual([201, 201, 201]);
    expect(ids.size).toBe(1);
    expect(await imageCount(user)).toBe(before + 2);
    // Without a key, every upload is a new one.
    await upload(user, null);
    await upload(user, null);
    expect(await imageCount(user)).toBe(before + 4);
  });

  it('honours the key on the GraphQL upload too', async () => {
    const before = await imageCount(user);
    const send = async () => {
      const res = await fetch(`${base}/graphql`, {
        method: 'POST',
        headers: { ...auth(user), 'x-graphql-yoga-csrf': '1', 'idempotency-key': 'gql-upload' },
        body: await (async () => {
          const form = new FormData();
          form.append(
            'operations',
            JSON.stringify({
              query:
                'mutation U($input: UploadImageInput!) { uploadImage(input: $input) { ... on MutationUploadImageSuccess { data { itemId } } } }',
              variables: { input: { file: null, propertyLocation: 'GraphQL Grove' } },
            }),
          );
          form.append('map', JSON.stringify({ 0: ['variables.input.file'] }));
          form.append('0', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'scene.png');
          return form;
        })(),
      });
      return ((await res.json()) as Json).data.uploadImage.data.itemId as string;
    };
    const first = await send();
    expect(await send()).toBe(first);
    expect(await imageCount(user)).toBe(before + 1);
  });

  it('is scoped per user: the same key from another user is another upload', async () => {
    const other = await createEmulatorUser();
    const mine = ((await (await upload(user, 'shared-key')).json()) as Json).item_id;
    const theirs = ((await (await upload(other, 'shared-key')).json()) as Json).item_id;
    expect(theirs).not.toBe(mine);
    expect(await imageCount(other)).toBe(1);
  });

  it('refuses a malformed key with 400 and stores nothing', async () => {
    const before = await imageCount(user);
    const res = await upload(user, 'x'.repeat(300));
    expect(res.status).toBe(400);
    expect(((await res.json()) as Json).error.message).toBe('Idempotency-Key must be 1 to 255 visible ASCII characters.');
    expect(await imageCount(user)).toBe(before);
  });
});

describe('Idempotency-Key on analyses', () => {
  it('answers a retry with the same analysis (one row), also after a restart, and refuses the key for another image', async () => {
    const itemId = ((await (await upload(user, null, 'Analyse Avenue')).json()) as Json).item_id;
    const before = await analysisCount(user);
    const first = await analyze(user, itemId, 'analyze-1');
    expect(first.status).toBe(200);
    const answer = (await first.json()) as Json;
    const retry = await analyze(user, itemId, 'analyze-1');
    expect(await retry.json()).toEqual(answer);
    expect(await analysisCount(user)).toBe(before + 1);

    await t.restart();
    base = await t.listen();
    const afterRestart = await analyze(user, itemId, 'analyze-1');
    expect(afterRestart.status).toBe(200);
    expect(await afterRestart.json()).toEqual(answer);
    expect(await analysisCount(user)).toBe(before + 1);

    const otherImage = ((await (await upload(user, null, 'Other Avenue')).json()) as Json).item_id;
    const misused = await analyze(user, otherImage, 'analyze-1');
    expect(misused.status).toBe(422);
    expect(((await misused.json()) as Json).error.message).toBe('This Idempotency-Key was already used for an analysis of another image.');
    expect(await analysisCount(user)).toBe(before + 1);
  });

  it('honours the key on the analyzeImage mutation too', async () => {
    const itemId = ((await (await upload(user, null, 'Mutation Mews')).json()) as Json).item_id;
    const imageId = Buffer.from(`Image:${itemId}`).toString('base64');
    const send = async () => {
      const res = await fetch(`${base}/graphql`, {
        method: 'POST',
        headers: { ...auth(user), 'content-type': 'application/json', 'idempotency-key': 'gql-analyze' },
        body: JSON.stringify({
          query:
            'mutation A($input: AnalyzeImageInput!) { analyzeImage(input: $input) { ... on MutationAnalyzeImageSuccess { data { id status } } ... on Error { message } } }',
          variables: { input: { imageId } },
        }),
      });
      return ((await res.json()) as Json).data.analyzeImage;
    };
    const before = await analysisCount(user);
    const first = await send();
    expect(first.data.status).toBe('done');
    expect(await send()).toEqual(first);
    expect(await analysisCount(user)).toBe(before + 1);
  });
});
