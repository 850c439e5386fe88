// Overload shedding (issue 12): the server admits the heavy work it can serve and tells the rest to come
// back. Uploads beyond HEAVY_REQUEST_CONCURRENCY + HEAVY_REQUEST_QUEUE get 503 with Retry-After at once
// (nothing stored), while reads keep answering; admitted uploads all finish (none lost). New analyses beyond
// ANALYSIS_QUEUE_LIMIT pending jobs get 503 too; open subscription streams per user are capped (429).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulatorUser, type EmulatorUser } from '../helpers/auth-emulator-users';
import { auth, createAnalysisTestApp, sceneImage, scriptedAnalyzer, type AnalysisTestApp } from '../helpers/analysis';
import { until } from '../helpers/until';

type App = AnalysisTestApp & { dispose(): Promise<void> };
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const BUSY = { error: { code: 'UNAVAILABLE', message: 'The server is busy right now. Try again in a moment.' } };
const SUBSCRIPTION = 'subscription Watch($id: ID!) { analysis(id: $id) { id status } }';

let upload: App;
let analyses: App;
let user: EmulatorUser;
let bytes: Buffer;

beforeAll(async () => {
  upload = await createAnalysisTestApp({
    analyzer: scriptedAnalyzer({}),
    env: { HEAVY_REQUEST_CONCURRENCY: '1', HEAVY_REQUEST_QUEUE: '1' },
  });
  // No workers: analyses stay queued, so the queue limit and open streams can be held deterministically.
  analyses = await createAnalysisTestApp({
    analyzer: scriptedAnalyzer({}),
    env: { ANALYSIS_WORKERS: '0', ANALYZE_WAIT_TIMEOUT_MS: '50', ANALYSIS_QUEUE_LIMIT: '2', SUBSCRIPTIONS_PER_USER: '2' },
  });
  user = await createEmulatorUser();
  bytes = await sceneImage();
});
afterAll(async () => {
  await upload?.dispose();
  // Streams the test left open end first, as at shutdown.
  analyses?.app.drain();
  await analyses?.dispose();
});

/**
 * A multipart upload whose file arrives only when `finish()` is called: an upload in flight. `reading`
 * resolves once the server has read the first part and asks for more (it has been admitted).
 */
function heldUpload(t: App, location: string) {
  const boundary = `----aerisk${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="property_location"\r\n\r\n${location}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="held.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  let finish: () => void = () => {};
  let markReading: () => void = () => {};
  const reading = new Promise<void>((resolve) => (markReading = resolve));
  let sentHead = false;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!sentHead) {
        sentHead = true;
        controller.enqueue(head);
        return;
      }
      markReading();
      await finished;
      controller.enqueue(bytes);
      controller.enqueue(tail);
      controller.close();
    },
  });
  const response = t.request('/aerial/upload', {
    method: 'POST',
    headers: { ...auth(user), 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
    duplex: 'half',
  } as RequestInit);
  return { response, reading, finish: () => finish() };
}

const imagesOf = (t: App) => t.db.prisma.image.findMany({ where: { ownerId: user.uid }, select: { propertyLocation: true } });

describe('uploads beyond what the server admits', () => {
  it('are refused with 503 and Retry-After while reads keep answering, and every admitted upload is kept', async () => {
    const first = heldUpload(upload, 'First Street');
    // The first holds the only slot once its body is being read.
    await first.reading;
    // Of the next two, one waits in the queue (size 1) and the other is refused at once.
    const second = heldUpload(upload, 'Second Street');
    const third = heldUpload(upload, 'Third Street');
    const refused = await Promise.race([second.response, third.response]);
    expect(refused.status).toBe(503);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual(BUSY);

    // Reads never wait behind uploads.
    const history = await upload.request('/aerial/analyses', { headers: auth(user) });
    expect(history.status).toBe(200);

    for (const held of [first, second, third]) held.finish();
    const statuses = await Promise.all([first, second, third].map(async (held) => (await held.response).status));
    expect([...statuses].sort()).toEqual([201, 201, 503]);
    const admitted = ['First Street', 'Second Street', 'Third Street'].filter((_, i) => statuses[i] === 201);
    const stored = (await imagesOf(upload)).map((image) => image.propertyLocation).sort();
    expect(stored).toEqual(admitted);
  });
});

describe('analyses beyond ANALYSIS_QUEUE_LIMIT pending jobs', () => {
  it('are refused with 503 and Retry-After, and no row is created for them', async () => {
    const ids: string[] = [];
    for (const location of ['A', 'B', 'C']) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'scene.png');
      form.append('property_location', location);
      const res = await analyses.request('/aerial/upload', { method: 'POST', headers: auth(user), body: form });
      expect(res.status).toBe(201);
      ids.push(((await res.json()) as Json).item_id);
    }
    expect((await analyses.request(`/aerial/analyze/${ids[0]}`, { method: 'POST', headers: auth(user) })).status).toBe(202);
    expect((await analyses.request(`/aerial/analyze/${ids[1]}`, { method: 'POST', headers: auth(user) })).status).toBe(202);
    const refused = await analyses.request(`/aerial/analyze/${ids[2]}`, { method: 'POST', headers: auth(user) });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).not.toBeNull();
    expect(await refused.json()).toEqual(BUSY);
    expect(await analyses.db.prisma.analysis.count({ where: { ownerId: user.uid } })).toBe(2);
  });
});

describe('open subscription streams per user', () => {
  async function open(token: string, analysisId: string) {
    const res = await analyses.request('/graphql', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ query: SUBSCRIPTION, variables: { id: Buffer.from(`Analysis:${analysisId}`).toString('base64') } }),
    });
    return res;
  }

  /** Reads the first event, then closes the stream as a leaving browser does. */
  async function close(res: Response) {
    const reader = res.body!.getReader();
    await reader.read();
    await reader.cancel();
  }

  it('are capped at SUBSCRIPTIONS_PER_USER: one more is refused with 429 until one closes', async () => {
    const [queued] = await analyses.db.prisma.analysis.findMany({ where: { ownerId: user.uid, status: 'queued' }, take: 1 });
    const a = await open(user.idToken, queued.id);
    const b = await open(user.idToken, queued.id);
    expect([a.status, b.status]).toEqual([200, 200]);
    const readerA = a.body!.getReader();
    await readerA.read();
    const c = await open(user.idToken, queued.id);
    expect(c.status).toBe(429);
    expect(c.headers.get('retry-after')).not.toBeNull();
    expect(await c.text()).toContain('Too many live updates are open for this account. Close one and try again.');

    // The cap is per user: another user's request is judged on its own (this analysis is not theirs: not found).
    const other = await createEmulatorUser();
    const foreign = await open(other.idToken, queued.id);
    expect(foreign.status).not.toBe(429);
    expect(await foreign.text()).toContain('not found');

    // Closing a stream frees its place.
    await readerA.cancel();
    const again = await until(async () => {
      const res = await open(user.idToken, queued.id);
      if (res.status === 200) return res;
      await res.text();
      return null;
    });
    await close(again);
    await close(b);
  });
});
