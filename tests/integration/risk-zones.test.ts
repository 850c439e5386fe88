// Risk zones (manual risk assessments): REST GET/POST /aerial/risk-zones, DELETE, GET /aerial/statistics
// in the spec's shapes; GraphQL createRiskZone, riskZones connection, riskZoneStatistics, deleteRiskZone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulatorUser, type EmulatorUser } from '../helpers/auth-emulator-users';
import { auth, createAnalysisTestApp, scriptedAnalyzer, type AnalysisTestApp } from '../helpers/analysis';
import { graphql } from '../helpers/graphql';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let t: AnalysisTestApp & { dispose(): Promise<void> };

beforeAll(async () => {
  t = await createAnalysisTestApp({ analyzer: scriptedAnalyzer({}) });
});
afterAll(async () => {
  await t?.dispose();
});

function post(user: EmulatorUser, body: unknown) {
  return t.request('/aerial/risk-zones', {
    method: 'POST',
    headers: { ...auth(user), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

const CREATE = /* GraphQL */ `
  mutation Create($input: CreateRiskZoneInput!) {
    createRiskZone(input: $input) {
      __typename
      ... on MutationCreateRiskZoneSuccess {
        data {
          id
          itemId
          location
          riskLevel
          details
          createdAt
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

describe('REST risk zones', () => {
  let user: EmulatorUser;
  beforeAll(async () => {
    user = await createEmulatorUser();
  });

  it('POST creates a zone in the spec shape; the level defaults to low', async () => {
    const res = await post(user, { location: ' 10 Flood Plain Rd ', details: 'Creek overflows every spring' });
    expect(res.status).toBe(201);
    const zone = (await res.json()) as Json;
    expect(Object.keys(zone).sort()).toEqual(['created_at', 'details', 'item_id', 'location', 'risk_level']);
    expect(zone).toMatchObject({ location: '10 Flood Plain Rd', risk_level: 'low', details: 'Creek overflows every spring' });
    expect(new Date(zone.created_at).toISOString()).toBe(zone.created_at);
  });

  it.each([
    [{ details: 'no location' }],
    [{ location: 'no details' }],
    [{ location: '   ', details: 'blank location' }],
    [{ location: 'x', details: '' }],
    [{ location: 5, details: 'number' }],
    [{}],
    [[]],
  ])('refuses %j with "Please fill in all required fields"', async (body) => {
    const before = await t.db.prisma.riskZone.count({ where: { ownerId: user.uid } });
    const res = await post(user, body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: { code: 'VALIDATION', message: 'Please fill in all required fields' } });
    expect(await t.db.prisma.riskZone.count({ where: { ownerId: user.uid } })).toBe(before);
  });

  it('refuses an unknown risk level', async () => {
    const res = await post(user, { location: 'a', details: 'b', risk_level: 'extreme' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as Json).error.message).toBe('Risk level must be one of low, medium, high.');
  });

  it('GET lists zones newest first and GET /aerial/statistics counts them', async () => {
    const owner = await createEmulatorUser();
    const empty = (await (await t.request('/aerial/statistics', { headers: auth(owner) })).json()) as Json;
    expect(empty).toEqual({ total_zones: 0, risk_levels: { low: 0, medium: 0, high: 0 }, last_updated: null });

    const levels = ['high', 'low', 'medium', 'high', undefined] as const;
    const created: Json[] = [];
    for (const [i, level] of levels.entries()) {
      created.push((await (await post(owner, { location: `Zone ${i}`, details: `Details ${i}`, risk_level: level })).json()) as Json);
    }
    const list = (await (await t.request('/aerial/risk-zones', { headers: auth(owner) })).json()) as Json[];
    expect(list.map((z) => z.location)).toEqual(['Zone 4', 'Zone 3', 'Zone 2', 'Zone 1', 'Zone 0']);
    expect(list[0]).toEqual(created[4]);

    const stats = (await (await t.request('/aerial/statistics', { headers: auth(owner) })).json()) as Json;
    expect(stats).toEqual({
      total_zones: 5,
      risk_levels: { low: 2, medium: 1, high: 2 },
      last_updated: created[4].created_at,
    });
  });

  it('GET pages with limit and Link rel="next"', async () => {
    const owner = await createEmulatorUser();
    for (let i = 0; i < 5; i++) await post(owner, { location: `P${i}`, details: 'd' });
    const seen: string[] = [];
    let next: string | null = '/aerial/risk-zones?limit=2';
    for (let pages = 0; next && pages < 5; pages++) {
      const res = await t.request(next, { headers: auth(owner) });
      seen.push(...((await res.json()) as Json[]).map((z) => z.location));
      const link = res.headers.get('link');
      next = link ? /^<([^>]+)>/.exec(link)![1] : null;
    }
    expect(seen).toEqual(['P4', 'P3', 'P2', 'P1', 'P0']);
  });

  it('DELETE removes a zone; a second delete is 404', async () => {
    const zone = (await (await post(user, { location: 'gone', details: 'soon' })).json()) as Json;
    const res = await t.request(`/aerial/risk-zones/${zone.item_id}`, { method: 'DELETE', headers: auth(user) });
    expect(res.status).toBe(204);
    const again = await t.request(`/aerial/risk-zones/${zone.item_id}`, { method: 'DELETE', headers: auth(user) });
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Risk zone not found' } });
  });

  it('answers a JSON body error and a missing token properly', async () => {
    const notJson = await t.request('/aerial/risk-zones', {
      method: 'POST',
      headers: { ...auth(user), 'content-type': 'text/plain' },
      body: 'x',
    });
    expect(notJson.status).toBe(415);
    expect((await t.request('/aerial/risk-zones')).status).toBe(401);
    expect((await t.request('/aerial/statistics')).status).toBe(401);
  });
});

describe('GraphQL risk zones', () => {
  it('createRiskZone, viewer.riskZones (paged), riskZoneStatistics and deleteRiskZone', async () => {
    const user = await createEmulatorUser();
    const made: Json[] = [];
    for (const [i, riskLevel] of (['medium', null, 'high'] as const).entries()) {
      const res = await graphql<Json>(t, CREATE, {
        token: user.idToken,
        variables: { input: { location: `G${i}`, details: `Why ${i}`, riskLevel } },
      });
      expect(res.errors).toBeUndefined();
      expect(res.data!.createRiskZone.__typename).toBe('MutationCreateRiskZoneSuccess');
      made.push(res.data!.createRiskZone.data);
    }
    expect(made.map((z) => z.riskLevel)).toEqual(['medium', 'low', 'high']);
    expect(Buffer.from(made[0].id, 'base64').toString()).toBe(`RiskZone:${made[0].itemId}`);

    const QUERY = `query($after: String) { viewer {
      riskZones(first: 2, after: $after) { edges { node { location riskLevel details } } pageInfo { hasNextPage endCursor } }
      riskZoneStatistics { totalZones riskLevels { low medium high } lastUpdated } } }`;
    const first = await graphql<Json>(t, QUERY, { token: user.idToken });
    const page1 = first.data!.viewer.riskZones;
    expect(page1.edges.map((e: Json) => e.node.location)).toEqual(['G2', 'G1']);
    expect(page1.pageInfo.hasNextPage).toBe(true);
    const second = await graphql<Json>(t, QUERY, { token: user.idToken, variables: { after: page1.pageInfo.endCursor } });
    expect(second.data!.viewer.riskZones.edges.map((e: Json) => e.node.location)).toEqual(['G0']);
    expect(second.data!.viewer.riskZones.pageInfo.hasNextPage).toBe(false);
    expect(first.data!.viewer.riskZoneStatistics).toEqual({
      totalZones: 3,
      riskLevels: { low: 1, medium: 1, high: 1 },
      lastUpdated: made[2].createdAt,
    });

    const DELETE = `mutation($input: DeleteRiskZoneInput!) { deleteRiskZone(input: $input) { __typename ... on MutationDeleteRiskZoneSuccess { data } ... on Error { message } } }`;
    const del = await graphql<Json>(t, DELETE, { token: user.idToken, variables: { input: { id: made[0].id } } });
    expect(del.data!.deleteRiskZone).toEqual({ __typename: 'MutationDeleteRiskZoneSuccess', data: made[0].id });
    const again = await graphql<Json>(t, DELETE, { token: user.idToken, variables: { input: { id: made[0].id } } });
    expect(again.data!.deleteRiskZone).toEqual({ __typename: 'NotFoundError', message: 'Risk zone not found' });
  });

  it('createRiskZone and deleteRiskZone answer with the viewer’s statistics after the change', async () => {
    const user = await createEmulatorUser();
    const STATS = 'viewer { riskZoneStatistics { totalZones riskLevels { low medium high } } }';
    const create = await graphql<Json>(
      t,
      `mutation($input: CreateRiskZoneInput!) { createRiskZone(input: $input) { ... on MutationCreateRiskZoneSuccess { data { id } ${STATS} } } }`,
      { token: user.idToken, variables: { input: { location: 'Pier 4', details: 'Flood line', riskLevel: 'high' } } },
    );
    expect(create.data!.createRiskZone.viewer.riskZoneStatistics).toEqual({ totalZones: 1, riskLevels: { low: 0, medium: 0, high: 1 } });
    const del = await graphql<Json>(
      t,
      `mutation($input: DeleteRiskZoneInput!) { deleteRiskZone(input: $input) { ... on MutationDeleteRiskZoneSuccess { data ${STATS} } } }`,
      { token: user.idToken, variables: { input: { id: create.data!.createRiskZone.data.id } } },
    );
    expect(del.data!.deleteRiskZone.viewer.riskZoneStatistics).toEqual({ totalZones: 0, riskLevels: { low: 0, medium: 0, high: 0 } });
  });

  it('returns ValidationError "Please fill in all required fields" for blank fields', async () => {
    const user = await createEmulatorUser();
    for (const input of [
      { location: '', details: 'x' },
      { location: 'x', details: '   ' },
    ]) {
      const res = await graphql<Json>(t, CREATE, { token: user.idToken, variables: { input } });
      expect(res.data!.createRiskZone).toEqual({ __typename: 'ValidationError', message: 'Please fill in all required fields' });
    }
    expect(await t.db.prisma.riskZone.count({ where: { ownerId: user.uid } })).toBe(0);
  });
});
