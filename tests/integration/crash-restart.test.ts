// Nothing accepted is lost when the server process dies: the real server (server/index.ts in a child
// process, its database in DATA_DIR with PGlite, or PostgreSQL under TEST_DB=postgres) is killed with
// SIGKILL — no shutdown handler runs — while an analysis is in flight, then started again on the same data.
// Uploads, finished analyses and risk zones are all still there, and the interrupted analysis completes.
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulatorUser, type EmulatorUser } from '../helpers/auth-emulator-users';
import { auth, restUpload } from '../helpers/analysis';
import { serverEnvironment, startServer as start, type Server } from '../helpers/server-process';
import { until } from '../helpers/until';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const fixture = (name: string) => readFileSync(new URL(`../fixtures/images/${name}`, import.meta.url));

describe('a server killed mid-analysis and started again', () => {
  let env: Record<string, string>;
  let disposeEnvironment: (() => Promise<void>) | null = null;
  let server: Server | null = null;
  let user: EmulatorUser;

  beforeAll(async () => {
    ({ env, dispose: disposeEnvironment } = await serverEnvironment());
    user = await createEmulatorUser();
  }, 60_000);
  afterAll(async () => {
    server?.child.kill('SIGKILL');
    await server?.exited;
    await disposeEnvironment?.();
  });

  it('keeps every upload, analysis and risk zone it accepted, and finishes the interrupted analysis', async () => {
    server = await start(env);
    const get = async (url: string) => {
      const res = await fetch(`${server!.base}${url}`, { headers: auth(user) });
      expect(res.status, url).toBe(200);
      return res;
    };

    // Accepted and finished before the crash.
    const first = (await (await restUpload(server.base, user, { bytes: fixture('chico_2020_55.png') }, 'Before Crash Way')).json()) as Json;
    const done = (await (
      await fetch(`${server.base}/aerial/analyze/${first.item_id}`, { method: 'POST', headers: auth(user) })
    ).json()) as Json;
    expect(done.results.risk_score === null || typeof done.results.risk_score === 'number').toBe(true);
    const zoneRes = await fetch(`${server.base}/aerial/risk-zones`, {
      method: 'POST',
      headers: { ...auth(user), 'content-type': 'application/json' },
      body: JSON.stringify({ location: 'Crash Creek levee', details: 'Floods every spring', risk_level: 'high' }),
    });
    expect(zoneRes.status).toBe(201);
    const zone = (await zoneRes.json()) as Json;

    // Accepted, then the process dies while it is being analysed (a 12 MP photo takes a while).
    const big = await sharp(fixture('OSBS_029.png')).resize(4000, 3000, { fit: 'fill' }).jpeg({ quality: 90 }).toBuffer();
    const second = (await (
      await restUpload(server.base, user, { bytes: big, name: 'drone.jpg', type: 'image/jpeg' }, 'Mid Crash Road')
    ).json()) as Json;
    void fetch(`${server.base}/aerial/analyze/${second.item_id}`, { method: 'POST', headers: auth(user) }).catch(() => undefined);
    const inFlight = await until(async () => {
      const list = (await (await get('/aerial/analyses')).json()) as Json[];
      return list.find((a) => a.image_item_id === second.item_id);
    });
    server.child.kill('SIGKILL');
    expect(await server.exited).toBeNull();
    // It really was interrupted: seen queued or running, never finished, by the process that died.
    expect(['queued', 'running']).toContain(inFlight.status);

    server = await start(env);
    const analyses = (await (await get('/aerial/analyses')).json()) as Json[];
    const before = analyses.find((a) => a.analysis_id === done.analysis_id);
    expect(before?.analysis_results).toEqual(done.results);
    expect(before?.property_location).toBe('Before Crash Way');
    const zones = (await (await get('/aerial/risk-zones')).json()) as Json[];
    expect(zones.map((z) => z.id)).toContain(zone.id);
    for (const item of [first.item_id, second.item_id]) {
      const image = await get(`/aerial/image-file/by-id/${item}`);
      expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).width).toBeGreaterThan(0);
    }
    // The interrupted analysis runs again on start and finishes, once.
    const finished = await until(async () => {
      const record = (await (await get(`/aerial/analysis/${inFlight.analysis_id}`)).json()) as Json;
      return record.analysis_results && record;
    }, 90_000);
    expect(finished.property_location).toBe('Mid Crash Road');
    const after = (await (await get('/aerial/analyses')).json()) as Json[];
    expect(after.filter((a) => a.image_item_id === second.item_id)).toHaveLength(1);
  }, 240_000);
});
