// Reading analyses: REST records and the GraphQL history connection with search, the six filters,
// sort (unscored last), cursor pagination; single reads; statistics arithmetic; deletion.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bandFor } from '../../common/constants';
import { createEmulatorUser, type EmulatorUser } from '../helpers/auth-emulator-users';
import { auth, createAnalysisTestApp, scriptedAnalyzer, uploaded, type AnalysisTestApp } from '../helpers/analysis';
import { graphql } from '../helpers/graphql';
import { requestStatements } from '../helpers/test-app';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const scripts = {
  '1 Ocean Ave, Seaside': { pool: true },
  '2 Pine St, Woodville': { trees: { count: 5, proximity: 'touching' as const } },
  '3 Solar Way, Sunnyvale': { solar: 30, powerLines: { crossing_property: false, proximity: 'near' as const } },
  '4 Old Mill Rd, Rustton': { pool: true, spa: true, roof: { condition: 'poor' as const, style: 'gambrel' as const } },
  '5 Dark Ln, Nightfall': { assessable: false },
  '6 Plain Rd, Flatland': { roof: { style: 'flat' as const } },
};
const LOCATIONS = Object.keys(scripts);
/** Analysed only by the statistics tests' own user: one that fails, one that takes a while. */
const BROKEN = '7 Broken Rd, Faultline';
const SLOW = '8 Slow Ln, Waitville';

let t: AnalysisTestApp & { dispose(): Promise<void> };
let base: string;
let user: EmulatorUser;
/** analysis id → {location, score, createdAt}, in creation order. */
const made: { id: string; location: string; score: number | null; itemId: string }[] = [];

beforeAll(async () => {
  t = await createAnalysisTestApp({ analyzer: scriptedAnalyzer({ ...scripts, [BROKEN]: { fail: true }, [SLOW]: { delayMs: 3000 } }) });
  base = await t.listen();
  user = await createEmulatorUser();
  for (const location of LOCATIONS) {
    const itemId = await uploaded(base, user, location);
    const res = await t.request(`/aerial/analyze/${itemId}`, { method: 'POST', headers: auth(user) });
    const body = (await res.json()) as Json;
    made.push({ id: body.analysis_id, location, score: body.results.risk_score, itemId });
  }
  // A second user's analysis must never show up in the first one's lists or statistics.
  const other = await createEmulatorUser();
  const otherItem = await uploaded(base, other, '1 Ocean Ave, Seaside');
  await t.request(`/aerial/analyze/${otherItem}`, { method: 'POST', headers: auth(other) });
});
afterAll(async () => {
  await t?.dispose();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON array or an error object, read field by field
async function list(query = ''): Promise<{ status: number; body: any; link: string | null }> {
  const res = await t.request(`/aerial/analyses${query}`, { headers: auth(user) });
  return { status: res.status, body: await res.json(), link: res.headers.get('link') };
}
const locationsOf = (records: Json[]) => records.map((r) => r.property_location);
const newestFirst = () => [...made].reverse().map((m) => m.location);

function byScore(order: 'asc' | 'desc'): string[] {
  const scored = made.filter((m) => m.score !== null);
  const unscored = made.filter((m) => m.score === null);
  const index = (m: (typeof made)[number]) => made.indexOf(m);
  scored.sort((a, b) => (order === 'desc' ? b.score! - a.score! : a.score! - b.score!) || index(b) - index(a));
  return [...scored, ...unscored.reverse()].map((m) => m.location);
}

describe('GET /aerial/analyses', () => {
  it('returns the viewer’s analysis records, newest first, in the contract’s shape', async () => {
    const { status, body, link } = await list();
    expect(status).toBe(200);
    expect(locationsOf(body)).toEqual(newestFirst());
    expect(link).toBeNull();
    const record = body.find((r: Json) => r.property_location === '4 Old Mill Rd, Rustton');
    expect(Object.keys(record).sort()).toEqual([
      'analysis_id',
      'analysis_results',
      'created_at',
      'evidence',
      'image_analysis_id',
      'image_item_id',
      'property_location',
      'review',
      'risk_score',
      'status',
      'subject_point',
    ]);
    // No building was marked ("Wrong building?"): the subject is the building nearest the centre.
    expect(record.subject_point).toBeNull();
    // Not reviewed (issue 10): the analyzer's output is the effective one.
    expect(record.review).toBeNull();
    const mill = made.find((m) => m.location === '4 Old Mill Rd, Rustton')!;
    expect(record).toMatchObject({
      analysis_id: mill.id,
      status: 'done',
      risk_score: mill.score,
      image_item_id: mill.itemId,
      image_analysis_id: mill.id,
      analysis_results: { pool: { present: true }, spa: { present: true }, roof: { condition: 'poor', style: 'gambrel' } },
      evidence: { assessable: true, provenance: { provider: 'scripted' } },
    });
    expect(new Date(record.created_at).toISOString()).toBe(record.created_at);
  });

  it.each([
    ['ocean', ['1 Ocean Ave, Seaside']],
    ['SEASIDE', ['1 Ocean Ave, Seaside']],
    ['swimming pool', ['4 Old Mill Rd, Rustton', '1 Ocean Ave, Seaside']],
    ['Pool', ['4 Old Mill Rd, Rustton', '1 Ocean Ave, Seaside']],
    ['gambrel roof', ['4 Old Mill Rd, Rustton']],
    ['overhanging', ['2 Pine St, Woodville']],
    ['solar panels', ['3 Solar Way, Sunnyvale']],
    ['power lines near', ['3 Solar Way, Sunnyvale']],
    ['not assessable', ['5 Dark Ln, Nightfall']],
    ['present', []], // a JSON key, not text
    ['coverage_percentage', []],
    ['%', ['3 Solar Way, Sunnyvale']], // LIKE wildcards are literal: only "covering 30% of the roof" has one
    ['_', []],
  ])('searches location and result text case-insensitively: q=%s', async (q, expected) => {
    const { status, body } = await list(`?q=${encodeURIComponent(q)}`);
    expect(status).toBe(200);
    expect(locationsOf(body)).toEqual(expected);
  });

  it.each([
    ['pool', ['4 Old Mill Rd, Rustton', '1 Ocean Ave, Seaside']],
    ['spa', ['4 Old Mill Rd, Rustton']],
    ['trees', ['2 Pine St, Woodville']],
    ['roof', ['4 Old Mill Rd, Rustton']],
    ['solar', ['3 Solar Way, Sunnyvale']],
    ['power_lines', ['3 Solar Way, Sunnyvale']],
    ['pool,spa', ['4 Old Mill Rd, Rustton']],
    ['pool,roof,spa', ['4 Old Mill Rd, Rustton']],
    ['pool,trees', []],
    ['solar,power_lines', ['3 Solar Way, Sunnyvale']],
  ])('combines filters with AND: filters=%s', async (filters, expected) => {
    const { body } = await list(`?filters=${filters}`);
    expect(locationsOf(body)).toEqual(expected);
  });

  it('combines search, filters and sort', async () => {
    const { body } = await list('?q=pool&filters=pool&sort=date&order=asc');
    expect(locationsOf(body)).toEqual(['1 Ocean Ave, Seaside', '4 Old Mill Rd, Rustton']);
    const none = await list('?q=ocean&filters=spa');
    expect(none.body).toEqual([]);
  });

  it('sorts by date and by risk score in both directions, unscored analyses last', async () => {
    expect(locationsOf((await list('?sort=date&order=asc')).body)).toEqual([...LOCATIONS]);
    expect(locationsOf((await list('?sort=date&order=desc')).body)).toEqual(newestFirst());
    const desc = locationsOf((await list('?sort=risk_score')).body);
    const asc = locationsOf((await list('?sort=risk_score&order=asc')).body);
    expect(desc).toEqual(byScore('desc'));
    expect(asc).toEqual(byScore('asc'));
    expect(desc.at(-1)).toBe('5 Dark Ln, Nightfall');
    expect(asc.at(-1)).toBe('5 Dark Ln, Nightfall');
  });

  it.each([
    ['date', 'desc'],
    ['date', 'asc'],
    ['risk_score', 'desc'],
    ['risk_score', 'asc'],
  ])('pages with limit and Link rel="next" (sort=%s order=%s) without gaps or repeats', async (sort, order) => {
    const full = locationsOf((await list(`?sort=${sort}&order=${order}`)).body);
    const seen: string[] = [];
    let next: string | null = `/aerial/analyses?sort=${sort}&order=${order}&limit=4`;
    let pages = 0;
    while (next && pages < 10) {
      const res = await t.request(next, { headers: auth(user) });
      expect(res.status).toBe(200);
      const page = (await res.json()) as Json[];
      expect(page.length).toBeLessThanOrEqual(4);
      seen.push(...locationsOf(page));
      const link = res.headers.get('link');
      next = link ? /^<([^>]+)>; rel="next"$/.exec(link)![1] : null;
      if (next) expect(next).toContain(`sort=${sort}`);
      pages += 1;
    }
    expect(pages).toBe(2);
    expect(seen).toEqual(full);
  });

  it('refuses bad parameters with 400 and a message', async () => {
    for (const query of ['?limit=0', '?limit=abc', '?filters=garage', '?sort=price', '?order=sideways', '?cursor=nonsense']) {
      const { status, body } = await list(query);
      expect(status).toBe(400);
      expect(body.error.code).toBe('VALIDATION');
      expect(body.error.message.length).toBeGreaterThan(0);
    }
    // A cursor of one ordering is meaningless in another.
    const first = await t.request('/aerial/analyses?limit=1', { headers: auth(user) });
    const cursor = new URL(/^<([^>]+)>/.exec(first.headers.get('link')!)![1], 'http://x').searchParams.get('cursor');
    expect((await list(`?limit=1&sort=risk_score&cursor=${cursor}`)).status).toBe(400);
  });

  it('caps limit at 500', async () => {
    const { status, body } = await list('?limit=100000');
    expect(status).toBe(200);
    expect(body).toHaveLength(LOCATIONS.length);
  });

  it('needs a bearer token', async () => {
    const res = await t.request('/aerial/analyses');
    expect(res.status).toBe(401);
  });
});

describe('GET /aerial/analysis/{id}', () => {
  it('returns one record', async () => {
    const pine = made.find((m) => m.location.startsWith('2 Pine'))!;
    const res = await t.request(`/aerial/analysis/${pine.id}`, { headers: auth(user) });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Json;
    expect(body).toMatchObject({ analysis_id: pine.id, property_location: pine.location, analysis_results: { trees: { count: 5 } } });
  });

  it('answers 404 "Analysis not found" for an unknown or malformed id', async () => {
    for (const id of ['1b0e5b8e-4a53-4c55-8a9e-0b8f0b7b3c11', 'abc', '%27%3B--']) {
      const res = await t.request(`/aerial/analysis/${id}`, { headers: auth(user) });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Analysis not found' } });
    }
  });
});

describe('statistics', () => {
  it('GET /aerial/analysis-statistics counts done analyses, bands the scored ones and counts risk factors', async () => {
    const res = await t.request('/aerial/analysis-statistics', { headers: auth(user) });
    expect(res.status).toBe(200);
    const bands = { low: 0, medium: 0, high: 0 };
    for (const m of made) if (m.score !== null) bands[bandFor(m.score)] += 1;
    expect(await res.json()).toEqual({
      total_analyses: 6,
      not_assessable: 1,
      risk_scores: bands,
      risk_factors: { pools: 2, spas: 1, trees_overhanging: 1, power_lines: 1 },
      failed: 0,
      in_progress: 0,
    });
    // The unassessable one is in the total, in no band: the bands and the not-assessable count add up.
    expect(bands.low + bands.medium + bands.high).toBe(5);
  });

  it('viewer.analysisStatistics agrees with REST', async () => {
    const rest = (await (await t.request('/aerial/analysis-statistics', { headers: auth(user) })).json()) as Json;
    const res = await graphql<Json>(
      t,
      `
        {
          viewer {
            analysedCount
            analysisStatistics {
              totalAnalyses
              notAssessable
              riskScores {
                low
                medium
                high
              }
              riskFactors {
                pools
                spas
                treesOverhanging
                powerLines
              }
              failed
              inProgress
            }
          }
        }
      `,
      { token: user.idToken },
    );
    expect(res.data!.viewer).toEqual({
      analysedCount: 6,
      analysisStatistics: {
        totalAnalyses: rest.total_analyses,
        notAssessable: rest.not_assessable,
        riskScores: rest.risk_scores,
        riskFactors: {
          pools: rest.risk_factors.pools,
          spas: rest.risk_factors.spas,
          treesOverhanging: rest.risk_factors.trees_overhanging,
          powerLines: rest.risk_factors.power_lines,
        },
        failed: rest.failed,
        inProgress: rest.in_progress,
      },
    });
  });

  it('counts failed and unfinished analyses apart from the total, which the history lists', async () => {
    const someone = await createEmulatorUser();
    const stats = async () => (await (await t.request('/aerial/analysis-statistics', { headers: auth(someone) })).json()) as Json;
    const analyse = async (location: string) =>
      t.request(`/aerial/analyze/${await uploaded(base, someone, location)}`, { method: 'POST', headers: auth(someone) });

    expect((await analyse(LOCATIONS[0])).status).toBe(200);
    expect((await analyse(BROKEN)).status).toBe(422);
    const slow = analyse(SLOW);
    let during: Json = await stats();
    for (let i = 0; i < 100 && during.in_progress === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      during = await stats();
    }
    expect(during).toMatchObject({ total_analyses: 1, failed: 1, in_progress: 1 });
    // The history lists all three: the statistics say where the other two are.
    expect(((await (await t.request('/aerial/analyses', { headers: auth(someone) })).json()) as Json[]).length).toBe(3);

    expect((await slow).status).toBe(200);
    expect(await stats()).toMatchObject({ total_analyses: 2, failed: 1, in_progress: 0 });
  });

  it('is all zeros for a new user', async () => {
    const fresh = await createEmulatorUser();
    const res = await t.request('/aerial/analysis-statistics', { headers: auth(fresh) });
    expect(await res.json()).toEqual({
      total_analyses: 0,
      not_assessable: 0,
      risk_scores: { low: 0, medium: 0, high: 0 },
      risk_factors: { pools: 0, spas: 0, trees_overhanging: 0, power_lines: 0 },
      failed: 0,
      in_progress: 0,
    });
  });
});

const HISTORY = /* GraphQL */ `
  query History($first: Int, $after: String, $search: String, $filters: [AnalysisFilter!], $sort: AnalysisSort, $order: SortOrder) {
    viewer {
      analyses(first: $first, after: $after, search: $search, filters: $filters, sort: $sort, order: $order) {
        edges {
          cursor
          node {
            id
            analysisId
            propertyLocation
            riskScore
            status
            image {
              itemId
              url
            }
          }
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
    }
  }
`;

describe('viewer.analyses (GraphQL)', () => {
  async function history(variables: Json) {
    const res = await graphql<Json>(t, HISTORY, { token: user.idToken, variables });
    expect(res.errors).toBeUndefined();
    return res.data!.viewer.analyses;
  }

  it('searches, filters and sorts like REST', async () => {
    const all = await history({});
    expect(all.edges.map((e: Json) => e.node.propertyLocation)).toEqual(newestFirst());
    expect(all.edges[0].node.image.url).toBe(`/aerial/image-file/by-id/${all.edges[0].node.image.itemId}`);
    const pools = await history({ search: 'pool', filters: ['pool', 'spa'] });
    expect(pools.edges.map((e: Json) => e.node.propertyLocation)).toEqual(['4 Old Mill Rd, Rustton']);
    const risky = await history({ sort: 'risk_score', order: 'desc' });
    expect(risky.edges.map((e: Json) => e.node.propertyLocation)).toEqual(byScore('desc'));
  });

  it('loads a page with its images in a fixed number of queries, whatever its size (no N+1)', async () => {
    const count = async (first: number) => {
      const before = t.queries.length;
      const page = await history({ first });
      expect(page.edges).toHaveLength(first);
      return requestStatements(t.queries, before).length;
    };
    expect(await count(6)).toBe(await count(2));
  });

  it('pages forward with first/after', async () => {
    const seen: string[] = [];
    let after: string | null = null;
    for (let i = 0; i < 10; i++) {
      const page: Json = await history({ first: 2, after, sort: 'risk_score', order: 'asc' });
      seen.push(...page.edges.map((e: Json) => e.node.propertyLocation));
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    expect(seen).toEqual(byScore('asc'));
  });

  it('totalCount counts every match of the search and filters, not just the page, and only the viewer’s', async () => {
    const TOTAL = /* GraphQL */ `
      query Total($first: Int, $after: String, $search: String, $filters: [AnalysisFilter!]) {
        viewer {
          analyses(first: $first, after: $after, search: $search, filters: $filters) {
            totalCount
            edges {
              cursor
            }
            pageInfo {
              endCursor
            }
          }
        }
      }
    `;
    const total = async (variables: Json) => {
      const res = await graphql<Json>(t, TOTAL, { token: user.idToken, variables });
      expect(res.errors).toBeUndefined();
      return res.data!.viewer.analyses;
    };
    const firstPage = await total({ first: 2 });
    expect(firstPage.edges).toHaveLength(2);
    // The other user's Seaside analysis is not counted.
    expect(firstPage.totalCount).toBe(LOCATIONS.length);
    // A later page counts the same matches.
    expect((await total({ first: 2, after: firstPage.pageInfo.endCursor })).totalCount).toBe(LOCATIONS.length);
    expect((await total({ filters: ['pool'] })).totalCount).toBe(2);
    expect((await total({ filters: ['pool', 'spa'] })).totalCount).toBe(1);
    expect((await total({ search: 'flatland' })).totalCount).toBe(1);
    expect((await total({ search: 'nowhere at all' })).totalCount).toBe(0);
  });

  it('returns a ValidationError-coded error for a bad cursor', async () => {
    const res = await graphql<Json>(t, HISTORY, { token: user.idToken, variables: { after: 'bogus' } });
    expect(res.errors?.[0]?.message).toBe('Invalid cursor.');
  });

  it('analysis(id) and node(id) return the viewer’s analysis; unknown ids are null', async () => {
    const pine = made.find((m) => m.location.startsWith('2 Pine'))!;
    const id = Buffer.from(`Analysis:${pine.id}`).toString('base64');
    const res = await graphql<Json>(
      t,
      `
        query ($id: ID!) {
          analysis(id: $id) {
            analysisId
            results {
              trees {
                count
              }
              imageItemId
              imageAnalysisId
              propertyLocation
            }
          }
          node(id: $id) {
            ... on Analysis {
              analysisId
            }
          }
        }
      `,
      { token: user.idToken, variables: { id } },
    );
    expect(res.data).toEqual({
      analysis: {
        analysisId: pine.id,
        // The contract's identifying fields of analysis_results, as REST returns them.
        results: { trees: { count: 5 }, imageItemId: pine.itemId, imageAnalysisId: pine.id, propertyLocation: pine.location },
      },
      node: { analysisId: pine.id },
    });
    const missing = await graphql<Json>(
      t,
      `
        query ($id: ID!) {
          analysis(id: $id) {
            analysisId
          }
          node(id: $id) {
            id
          }
        }
      `,
      {
        token: user.idToken,
        variables: { id: Buffer.from('Analysis:1b0e5b8e-4a53-4c55-8a9e-0b8f0b7b3c11').toString('base64') },
      },
    );
    expect(missing.errors).toBeUndefined();
    expect(missing.data).toEqual({ analysis: null, node: null });
    const garbage = await graphql<Json>(
      t,
      `
        {
          analysis(id: "x") {
            analysisId
          }
        }
      `,
      { token: user.idToken },
    );
    expect(garbage.data).toEqual({ analysis: null });
  });
});

describe('deleting analyses', () => {
  it('DELETE /aerial/analysis/{id} removes the analysis, its image row and file; then 404', async () => {
    const itemId = await uploaded(base, user, 'to delete');
    const { analysis_id } = (await (await t.request(`/aerial/analyze/${itemId}`, { method: 'POST', headers: auth(user) })).json()) as Json;
    const image = await t.db.prisma.image.findUniqueOrThrow({ where: { id: itemId } });
    const file = path.join(t.dataDir, 'images', image.storageKey);
    expect(existsSync(file)).toBe(true);

    const res = await t.request(`/aerial/analysis/${analysis_id}`, { method: 'DELETE', headers: auth(user) });
    expect(res.status).toBe(204);
    expect(await t.db.prisma.analysis.count({ where: { id: analysis_id } })).toBe(0);
    expect(await t.db.prisma.image.count({ where: { id: itemId } })).toBe(0);
    expect(existsSync(file)).toBe(false);
    const again = await t.request(`/aerial/analysis/${analysis_id}`, { method: 'DELETE', headers: auth(user) });
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Analysis not found' } });
  });

  it('keeps the image while another analysis of it remains (deleteAnalysis mutation)', async () => {
    const itemId = await uploaded(base, user, 'analysed twice');
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const body = (await (await t.request(`/aerial/analyze/${itemId}`, { method: 'POST', headers: auth(user) })).json()) as Json;
      ids.push(body.analysis_id);
    }
    const DELETE = `mutation($input: DeleteAnalysisInput!) { deleteAnalysis(input: $input) { __typename ... on MutationDeleteAnalysisSuccess { data } ... on Error { message } } }`;
    const gid = (id: string) => Buffer.from(`Analysis:${id}`).toString('base64');
    const first = await graphql<Json>(t, DELETE, { token: user.idToken, variables: { input: { id: gid(ids[0]) } } });
    expect(first.data!.deleteAnalysis).toEqual({ __typename: 'MutationDeleteAnalysisSuccess', data: gid(ids[0]) });
    // The payload carries the statistics after the delete (the client updates its panel from it).
    const WITH_STATS = `mutation($input: DeleteAnalysisInput!) { deleteAnalysis(input: $input) { ... on MutationDeleteAnalysisSuccess {
      viewer { analysisStatistics { totalAnalyses } } } } }`;
    const extra = (await (await t.request(`/aerial/analyze/${itemId}`, { method: 'POST', headers: auth(user) })).json()) as Json;
    const withStats = await graphql<Json>(t, WITH_STATS, { token: user.idToken, variables: { input: { id: gid(extra.analysis_id) } } });
    const rest = (await (await t.request('/aerial/analysis-statistics', { headers: auth(user) })).json()) as Json;
    expect(withStats.data!.deleteAnalysis.viewer.analysisStatistics.totalAnalyses).toBe(rest.total_analyses);
    expect(await t.db.prisma.image.count({ where: { id: itemId } })).toBe(1);
    const file = await t.request(`/aerial/image-file/by-id/${itemId}`, { headers: auth(user) });
    expect(file.status).toBe(200);
    await graphql<Json>(t, DELETE, { token: user.idToken, variables: { input: { id: gid(ids[1]) } } });
    expect(await t.db.prisma.image.count({ where: { id: itemId } })).toBe(0);
    const gone = await graphql<Json>(t, DELETE, { token: user.idToken, variables: { input: { id: gid(ids[1]) } } });
    expect(gone.data!.deleteAnalysis).toEqual({ __typename: 'NotFoundError', message: 'Analysis not found' });
  });
});
