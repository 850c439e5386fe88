// Every record belongs to its user. Another user's id gets exactly the answer a random id gets, on
// every surface: REST reads, writes and deletes, image files, GraphQL fields, node(id), mutations,
// the subscription, and lists and statistics never include it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulatorUser, type EmulatorUser } from '../helpers/auth-emulator-users';
import { auth, createAnalysisTestApp, scriptedAnalyzer, subscribe, uploaded, type AnalysisTestApp } from '../helpers/analysis';
import { graphql } from '../helpers/graphql';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const RANDOM = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
const gid = (type: string, id: string) => Buffer.from(`${type}:${id}`).toString('base64');

let t: AnalysisTestApp & { dispose(): Promise<void> };
let alice: EmulatorUser;
let mallory: EmulatorUser;
let own: { imageId: string; analysisId: string; zoneId: string };

beforeAll(async () => {
  t = await createAnalysisTestApp({ analyzer: scriptedAnalyzer({ '*': { pool: true } }) });
  [alice, mallory] = await Promise.all([createEmulatorUser(), createEmulatorUser()]);
  const imageId = await uploaded(t, alice, 'Alice’s house');
  const { analysis_id } = (await (await t.request(`/aerial/analyze/${imageId}`, { method: 'POST', headers: auth(alice) })).json()) as Json;
  const zone = (await (
    await t.request('/aerial/risk-zones', {
      method: 'POST',
      headers: { ...auth(alice), 'content-type': 'application/json' },
      body: JSON.stringify({ location: 'Alice’s zone', details: 'private', risk_level: 'high' }),
    })
  ).json()) as Json;
  own = { imageId, analysisId: analysis_id, zoneId: zone.item_id };
  // Mallory has data of her own, so her lists are not trivially empty.
  const malloryImage = await uploaded(t, mallory, 'Mallory’s house');
  await t.request(`/aerial/analyze/${malloryImage}`, { method: 'POST', headers: auth(mallory) });
});
afterAll(async () => {
  await t?.dispose();
});

/** The same request with Alice's id and with a random one must answer identically for Mallory. */
async function sameAsRandom(method: string, pathFor: (id: string) => string, id: string) {
  const theirs = await t.request(pathFor(id), { method, headers: auth(mallory) });
  const random = await t.request(pathFor(RANDOM), { method, headers: auth(mallory) });
  expect(theirs.status).toBe(404);
  expect(random.status).toBe(404);
  expect(await theirs.text()).toBe(await random.text());
}

describe('REST', () => {
  it.each([
    ['GET', (id: string) => `/aerial/analysis/${id}`, 'analysisId'],
    ['DELETE', (id: string) => `/aerial/analysis/${id}`, 'analysisId'],
    ['POST', (id: string) => `/aerial/analyze/${id}`, 'imageId'],
    ['GET', (id: string) => `/aerial/image-file/by-id/${id}`, 'imageId'],
    ['GET', (id: string) => `/aerial/analysis-image/${id}`, 'analysisId'],
    ['DELETE', (id: string) => `/aerial/risk-zones/${id}`, 'zoneId'],
  ] as const)('%s %s: another user’s id is a random id', async (method, pathFor, key) => {
    await sameAsRandom(method, pathFor, own[key]);
  });

  it('lists and statistics hold only the viewer’s records', async () => {
    const analyses = (await (await t.request('/aerial/analyses', { headers: auth(mallory) })).json()) as Json[];
    expect(analyses.map((a) => a.property_location)).toEqual(['Mallory’s house']);
    const zones = (await (await t.request('/aerial/risk-zones', { headers: auth(mallory) })).json()) as Json[];
    expect(zones).toEqual([]);
    const stats = (await (await t.request('/aerial/analysis-statistics', { headers: auth(mallory) })).json()) as Json;
    expect(stats.total_analyses).toBe(1);
    const zoneStats = (await (await t.request('/aerial/statistics', { headers: auth(mallory) })).json()) as Json;
    expect(zoneStats.total_zones).toBe(0);
  });

  it('nothing of Alice’s was changed by Mallory’s attempts', async () => {
    expect(await t.db.prisma.analysis.count({ where: { id: own.analysisId } })).toBe(1);
    expect(await t.db.prisma.riskZone.count({ where: { id: own.zoneId } })).toBe(1);
    expect(await t.db.prisma.analysis.count({ where: { imageId: own.imageId, ownerId: mallory.uid } })).toBe(0);
    const mine = await t.request(`/aerial/analysis/${own.analysisId}`, { headers: auth(alice) });
    expect(mine.status).toBe(200);
  });
});

describe('GraphQL', () => {
  it('analysis(id) and node(id) are null for another user’s ids, as for random ones', async () => {
    const query = `query($a: ID!, $i: ID!, $z: ID!) {
      analysis(id: $a) { analysisId }
      a: node(id: $a) { id } i: node(id: $i) { id } z: node(id: $z) { id }
    }`;
    const theirs = await graphql<Json>(t, query, {
      token: mallory.idToken,
      variables: { a: gid('Analysis', own.analysisId), i: gid('Image', own.imageId), z: gid('RiskZone', own.zoneId) },
    });
    const random = await graphql<Json>(t, query, {
      token: mallory.idToken,
      variables: { a: gid('Analysis', RANDOM), i: gid('Image', RANDOM), z: gid('RiskZone', RANDOM) },
    });
    expect(theirs.errors).toBeUndefined();
    expect(theirs.data).toEqual({ analysis: null, a: null, i: null, z: null });
    expect(theirs.data).toEqual(random.data);
    // Alice still sees them.
    const mine = await graphql<Json>(t, query, {
      token: alice.idToken,
      variables: { a: gid('Analysis', own.analysisId), i: gid('Image', own.imageId), z: gid('RiskZone', own.zoneId) },
    });
    expect(mine.data!.analysis).toEqual({ analysisId: own.analysisId });
    expect(mine.data!.i).not.toBeNull();
  });

  it('node(id) of another user is null; the viewer’s lists hold only their own', async () => {
    const res = await graphql<Json>(
      t,
      `
        query ($u: ID!) {
          node(id: $u) {
            id
          }
          viewer {
            analyses {
              edges {
                node {
                  propertyLocation
                }
              }
            }
            riskZones {
              edges {
                node {
                  id
                }
              }
            }
          }
        }
      `,
      { token: mallory.idToken, variables: { u: gid('User', alice.uid) } },
    );
    expect(res.data!.node).toBeNull();
    expect(res.data!.viewer.analyses.edges.map((e: Json) => e.node.propertyLocation)).toEqual(['Mallory’s house']);
    expect(res.data!.viewer.riskZones.edges).toEqual([]);
  });

  it.each([
    ['analyzeImage', 'AnalyzeImageInput', { imageId: 'Image' }, 'imageId', 'Image not found'],
    ['deleteAnalysis', 'DeleteAnalysisInput', { id: 'Analysis' }, 'analysisId', 'Analysis not found'],
    ['deleteRiskZone', 'DeleteRiskZoneInput', { id: 'RiskZone' }, 'zoneId', 'Risk zone not found'],
  ] as const)('%s: NotFoundError for another user’s id, as for a random one', async (field, inputType, shape, key, message) => {
    const [name, type] = Object.entries(shape)[0];
    const mutation = `mutation($input: ${inputType}!) { ${field}(input: $input) { __typename ... on Error { message } } }`;
    for (const id of [own[key], RANDOM]) {
      const res = await graphql<Json>(t, mutation, { token: mallory.idToken, variables: { input: { [name]: gid(type, id) } } });
      expect(res.data![field]).toEqual({ __typename: 'NotFoundError', message });
    }
  });

  it('the subscription errors with not-found for another user’s analysis, as for a random id', async () => {
    const query = `subscription($id: ID!) { analysis(id: $id) { analysisId status } }`;
    const theirs = await subscribe(t.request, mallory.idToken, query, { id: gid('Analysis', own.analysisId) });
    const random = await subscribe(t.request, mallory.idToken, query, { id: gid('Analysis', RANDOM) });
    expect(theirs.events).toHaveLength(1);
    expect(theirs.events[0].errors?.[0]).toMatchObject({ message: 'Analysis not found', extensions: { code: 'NOT_FOUND' } });
    expect(theirs.events[0].data ?? null).toBeNull();
    expect(JSON.stringify(theirs.events)).toBe(JSON.stringify(random.events));
    const mine = await subscribe(t.request, alice.idToken, query, { id: gid('Analysis', own.analysisId) });
    expect(mine.events.map((e) => e.data.analysis)).toEqual([{ analysisId: own.analysisId, status: 'done' }]);
  });

  it('the subscription needs a token', async () => {
    const res = await subscribe(t.request, null, `subscription($id: ID!) { analysis(id: $id) { status } }`, {
      id: gid('Analysis', own.analysisId),
    });
    expect(res.events[0]?.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
