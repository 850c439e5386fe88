// The same property over time (issue 10, item 6): the owner's other analyses of the same place (normalised
// address text, coordinates within 25 m, the same geocoded address) and two of them side by side, over REST and
// GraphQL; another user's analyses never match and their ids are 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulatorUser, type EmulatorUser } from '../helpers/auth-emulator-users';
import { auth, createAnalysisTestApp, scriptedAnalyzer, uploaded, type AnalysisTestApp } from '../helpers/analysis';
import { graphql } from '../helpers/graphql';
import type { TestApp } from '../helpers/test-app';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const scripts = {
  '12 Oak Street, Chico, CA': { pool: true },
  '12 oak st   chico ca': { pool: false, roof: { condition: 'fair' as const } },
  '99 Elsewhere Road': {},
  'Lot beside the creek': {},
  'Parcel 7': {},
};

let t: AnalysisTestApp & { dispose(): Promise<void> };
let base: string;
let user: EmulatorUser;
let other: EmulatorUser;
const ids: Record<string, string> = {};

async function analysed(who: EmulatorUser, location: string): Promise<string> {
  const itemId = await uploaded(base, who, location);
  return ((await (await t.request(`/aerial/analyze/${itemId}`, { method: 'POST', headers: auth(who) })).json()) as Json).analysis_id;
}
async function place(id: string, lat: number, lng: number, capturedAt?: string) {
  const row = await t.db.prisma.analysis.findUniqueOrThrow({ where: { id } });
  await t.db.prisma.image.update({
    where: { id: row.imageId },
    data: { latitude: lat, longitude: lng, ...(capturedAt ? { capturedAt: new Date(capturedAt) } : {}) },
  });
}

beforeAll(async () => {
  t = await createAnalysisTestApp({ analyzer: scriptedAnalyzer(scripts) });
  base = await t.listen();
  user = await createEmulatorUser();
  other = await createEmulatorUser();
  for (const location of Object.keys(scripts)) ids[location] = await analysed(user, location);
  ids.foreign = await analysed(other, '12 Oak Street, Chico, CA');
  // Two parcels with unrelated text: 18 m apart (the same place) and ~44 m apart (not).
  await place(ids['Lot beside the creek'], 39.7285, -121.8375, '2019-05-01T00:00:00Z');
  await place(ids['Parcel 7'], 39.72866, -121.8375);
  await place(ids['99 Elsewhere Road'], 39.7289, -121.8375);
});
afterAll(async () => {
  await t?.dispose();
});

const get = (who: EmulatorUser, path: string) => t.request(path, { headers: auth(who) });

describe('GET /aerial/analysis/{id}/same-property', () => {
  it('groups by normalised address text and by coordinates within 25 m, never another user’s', async () => {
    const res = await get(user, `/aerial/analysis/${ids['12 oak st   chico ca']}/same-property`);
    expect(res.status).toBe(200);
    const list = (await res.json()) as Json[];
    expect(list).toEqual([expect.objectContaining({ analysis_id: ids['12 Oak Street, Chico, CA'], match: 'address', distance_m: null })]);

    const near = (await (await get(user, `/aerial/analysis/${ids['Parcel 7']}/same-property`)).json()) as Json[];
    expect(near.map((m) => [m.analysis_id, m.match])).toEqual([[ids['Lot beside the creek'], 'coordinates']]);
    expect(near[0].distance_m).toBeGreaterThan(15);
    expect(near[0].distance_m).toBeLessThan(25);
    expect(near[0].captured_at).toBe('2019-05-01T00:00:00.000Z');
    const far = (await (await get(user, `/aerial/analysis/${ids['99 Elsewhere Road']}/same-property`)).json()) as Json[];
    expect(far.map((m) => m.analysis_id)).toEqual([]);
  });

  it('compares two analyses of the property field by field, earlier image first', async () => {
    const res = await get(user, `/aerial/analysis/${ids['12 oak st   chico ca']}/compare/${ids['12 Oak Street, Chico, CA']}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Json;
    expect(body.before.analysis_id).toBe(ids['12 Oak Street, Chico, CA']);
    expect(body.after.analysis_id).toBe(ids['12 oak st   chico ca']);
    const field = (name: string) => body.fields.find((f: Json) => f.field === name);
    expect(field('pool')).toEqual({ field: 'pool', before: 'true', after: 'false', changed: true });
    expect(field('roof_condition')).toEqual({ field: 'roof_condition', before: 'good', after: 'fair', changed: true });
    expect(field('spa')).toMatchObject({ changed: false });
    expect(field('risk_score').changed).toBe(true);
    expect(field('image_date').before).toMatch(/^analysed \d{4}-\d{2}-\d{2}$/);
  });

  it('another user gets 404; an analysis of another place cannot be compared', async () => {
    const foreign = await get(other, `/aerial/analysis/${ids['12 oak st   chico ca']}/same-property`);
    expect(foreign.status).toBe(404);
    expect((await get(other, `/aerial/analysis/${ids['12 oak st   chico ca']}/compare/${ids['12 Oak Street, Chico, CA']}`)).status).toBe(
      404,
    );
    // Their own analysis of the same address never matches this user's.
    const theirs = (await (await get(other, `/aerial/analysis/${ids.foreign}/same-property`)).json()) as Json[];
    expect(theirs).toEqual([]);
    const unrelated = await get(user, `/aerial/analysis/${ids['12 oak st   chico ca']}/compare/${ids['99 Elsewhere Road']}`);
    expect(unrelated.status).toBe(404);
    expect(((await unrelated.json()) as Json).error.message).toBe('No analysis of the same property has that id.');
    expect((await get(user, `/aerial/analysis/${ids['12 oak st   chico ca']}/compare/${ids.foreign}`)).status).toBe(404);
  });

  it('GraphQL: sameProperty and compareWith, the owner only', async () => {
    const gid = (id: string) => Buffer.from(`Analysis:${id}`).toString('base64');
    const query = `query($id: ID!, $other: ID!) { analysis(id: $id) {
      sameProperty { match distanceM analysis { analysisId riskScore } }
      compareWith(otherId: $other) { field before after changed }
    } }`;
    const variables = { id: gid(ids['12 oak st   chico ca']), other: gid(ids['12 Oak Street, Chico, CA']) };
    const mine = await graphql<Json>(t as unknown as TestApp, query, { token: user.idToken, variables });
    expect(mine.errors).toBeUndefined();
    expect(mine.data!.analysis.sameProperty).toEqual([
      { match: 'address', distanceM: null, analysis: expect.objectContaining({ analysisId: ids['12 Oak Street, Chico, CA'] }) },
    ]);
    expect(mine.data!.analysis.compareWith.find((f: Json) => f.field === 'pool')).toEqual({
      field: 'pool',
      before: 'true',
      after: 'false',
      changed: true,
    });
    const unrelated = await graphql<Json>(t as unknown as TestApp, query, {
      token: user.idToken,
      variables: { ...variables, other: gid(ids['99 Elsewhere Road']) },
    });
    expect(unrelated.data!.analysis.compareWith).toBeNull();
    const theirs = await graphql<Json>(t as unknown as TestApp, query, { token: other.idToken, variables });
    expect(theirs.data).toEqual({ analysis: null });
  });
});
