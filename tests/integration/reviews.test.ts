// Review and rescore (issue 10, item 1): POST/DELETE /aerial/analysis/{id}/review and the reviewAnalysis /
// revertAnalysisReview mutations. The score is recomputed from the reviewed values, the analyzer's original
// is kept beside it, history filters and statistics follow the reviewed values, and bad input is refused in
// words with nothing changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulatorUser, type EmulatorUser } from '../helpers/auth-emulator-users';
import {
  auth,
  boxFinding,
  createAnalysisTestApp,
  highRiskScript,
  restUpload,
  scriptedAnalyzer,
  sceneImage,
  uploaded,
  type AnalysisTestApp,
} from '../helpers/analysis';
import { findingsKey } from '../../server/services/analysis-columns';
import { graphql } from '../helpers/graphql';
import type { TestApp } from '../helpers/test-app';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const HIGH = highRiskScript([
  boxFinding('pool', 'blue water'),
  boxFinding('tree', 'crown over the roof'),
  boxFinding('roof', 'main building'),
]);

let t: AnalysisTestApp & { dispose(): Promise<void> };
let base: string;
let user: EmulatorUser;
let other: EmulatorUser;

beforeAll(async () => {
  t = await createAnalysisTestApp({ analyzer: scriptedAnalyzer({ '*': HIGH }) });
  base = await t.listen();
  user = await createEmulatorUser();
  other = await createEmulatorUser();
});
afterAll(async () => {
  await t?.dispose();
});

async function analysed(who: EmulatorUser, location = '12 Pool Lane'): Promise<string> {
  const itemId = await uploaded(base, who, location);
  const res = await t.request(`/aerial/analyze/${itemId}`, { method: 'POST', headers: auth(who) });
  return ((await res.json()) as Json).analysis_id;
}

const review = (who: EmulatorUser | null, id: string, body: unknown) =>
  t.request(`/aerial/analysis/${id}/review`, {
    method: 'POST',
    headers: { ...(who ? auth(who) : {}), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const record = async (id: string) => (await (await t.request(`/aerial/analysis/${id}`, { headers: auth(user) })).json()) as Json;
const gid = (id: string) => Buffer.from(`Analysis:${id}`).toString('base64');

const REVIEW = /* GraphQL */ `
  mutation ($input: ReviewAnalysisInput!) {
    reviewAnalysis(input: $input) {
      __typename
      ... on MutationReviewAnalysisSuccess {
        data {
          riskScore
          results {
            roof {
              condition
            }
            additionalRisks
          }
          scoreBreakdown {
            factor
            points
          }
          review {
            reviewedBy
            analyzerRiskScore
            changes {
              field
              from
              to
              reason
            }
          }
        }
      }
      ... on Error {
        message
        code
      }
      ... on ValidationError {
        fieldErrors {
          path
          message
        }
      }
    }
  }
`;

describe('reviewing an analysis over REST', () => {
  it('rejecting a false finding rescores from the reviewed values and keeps the original beside it', async () => {
    const id = await analysed(user);
    expect((await record(id)).risk_score).toBe(67);
    const poolIndex = (await record(id)).evidence.findings.findIndex((f: Json) => f.feature === 'pool');

    const res = await review(user, id, {
      field: 'finding',
      finding_index: poolIndex,
      value: 'rejected',
      reason: 'It is a blue tarp, not a pool',
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Json;
    expect(body.risk_score).toBe(57);
    expect(body.analysis_results.pool).toEqual({ present: false, location: '', condition: 'none' });
    expect(body.evidence.findings.map((f: Json) => f.feature)).toEqual(['tree', 'roof']);
    expect(body.evidence.score_breakdown.map((i: Json) => i.factor)).not.toContain('pool');
    expect(body.review.analyzer.risk_score).toBe(67);
    expect(body.review.analyzer.analysis_results.pool.present).toBe(true);
    expect(body.review.analyzer.evidence.findings).toHaveLength(3);
    expect(body.review.reviewed_by).toBe(user.email);
    expect(body.review.changes).toEqual([
      expect.objectContaining({
        field: 'finding',
        finding_index: poolIndex,
        from: 'pool',
        to: 'rejected',
        reason: 'It is a blue tarp, not a pool',
      }),
    ]);

    // History filters, search and statistics read the reviewed values.
    const pools = (await (await t.request('/aerial/analyses?filters=pool', { headers: auth(user) })).json()) as Json[];
    expect(pools.map((a) => a.analysis_id)).not.toContain(id);
    const trees = (await (await t.request('/aerial/analyses?filters=trees', { headers: auth(user) })).json()) as Json[];
    expect(trees.map((a) => a.analysis_id)).toContain(id);
    const stats = (await (await t.request('/aerial/analysis-statistics', { headers: auth(user) })).json()) as Json;
    expect(stats.risk_factors.pools).toBe(0);
    expect(stats.risk_scores.medium).toBeGreaterThanOrEqual(1);
  });

  it('an upload without a location is found by its file name in the history, before and after a review', async () => {
    const someone = await createEmulatorUser();
    const upload = await restUpload(base, someone, { bytes: await sceneImage(), name: 'C:\\drone\\DJI_0753.JPG', type: 'image/png' }, '');
    const { item_id } = (await upload.json()) as Json;
    const { analysis_id: id } = (await (
      await t.request(`/aerial/analyze/${item_id}`, { method: 'POST', headers: auth(someone) })
    ).json()) as Json;
    const found = async (q: string) =>
      ((await (await t.request(`/aerial/analyses?q=${encodeURIComponent(q)}`, { headers: auth(someone) })).json()) as Json[]).map(
        (r) => r.analysis_id,
      );
    expect(await found('dji_0753')).toEqual([id]);
    expect(await found('drone')).toEqual([]); // the folder it came from is not part of its name

    // A review recomputes the searched text: the name stays in it.
    const poolIndex = (await (await t.request(`/aerial/analysis/${id}`, { headers: auth(someone) })).json()).evidence.findings.findIndex(
      (f: Json) => f.feature === 'pool',
    );
    const res = await review(someone, id, { field: 'finding', finding_index: poolIndex, value: 'rejected', reason: 'A tarp' });
    expect(res.status).toBe(200);
    expect(await found('DJI_0753.JPG')).toEqual([id]);
    expect(await found('swimming pool')).toEqual([]);
  });

  it('rejecting the building finding leaves no building: the owner is asked to mark it, and the screens are told', async () => {
    const id = await analysed(user, '14 Empty Lot');
    const roofIndex = (await record(id)).evidence.findings.findIndex((f: Json) => f.feature === 'roof');
    const query = /* GraphQL */ `
      query ($id: ID!) {
        analysis(id: $id) {
          assessable
          buildingFound
          unassessableReasons
          recommendations
        }
      }
    `;
    const read = async () =>
      (await graphql<Json>(t as unknown as TestApp, query, { token: user.idToken, variables: { id: gid(id) } })).data!.analysis;
    expect(await read()).toMatchObject({ assessable: true, buildingFound: true, unassessableReasons: [] });

    const res = await review(user, id, {
      field: 'finding',
      finding_index: roofIndex,
      value: 'rejected',
      reason: 'That is a neighbour’s shed',
    });
    expect(res.status).toBe(200);
    expect(await read()).toEqual({
      assessable: false,
      buildingFound: false,
      unassessableReasons: ['The reviewer rejected the building finding, so there is no building to assess.'],
      recommendations: [
        'If the property has a building, mark its roof on the image (“Mark your building” on the results screen) or upload an image centred on it.',
      ],
    });
  });

  it('sets feature values and additional risks; the reviewer’s poor roof counts without a damage finding', async () => {
    const id = await analysed(user);
    let res = await review(user, id, { field: 'roof_condition', value: 'poor', reason: 'Missing shingles seen on site' });
    let body = (await res.json()) as Json;
    expect(res.status).toBe(200);
    // 67 − roof fair 12 + roof poor 35 = 90.
    expect(body.risk_score).toBe(90);
    expect(body.analysis_results.roof.condition).toBe('poor');
    expect(body.evidence.recommendations.join(' ')).toMatch(/Missing shingles seen on site/);

    res = await review(user, id, { field: 'trees_proximity', value: 'distant', reason: 'Trimmed last spring' });
    body = (await res.json()) as Json;
    expect(body.risk_score).toBe(70);
    expect(body.analysis_results.trees).toEqual({ count: 2, proximity: 'distant', overhanging: false });

    res = await review(user, id, { field: 'add_risk', value: 'Trampoline by the fence', reason: 'Seen from the street' });
    expect(((await res.json()) as Json).risk_score).toBe(74);
    res = await review(user, id, { field: 'remove_risk', value: 'Trampoline by the fence', reason: 'Added by mistake' });
    body = (await res.json()) as Json;
    expect(body.risk_score).toBe(70);
    expect(body.analysis_results.additional_risks).toEqual([]);
    expect(body.review.changes.map((c: Json) => [c.field, c.from, c.to])).toEqual([
      ['roof_condition', 'fair', 'poor'],
      ['trees_proximity', 'touching', 'distant'],
    ]);
  });

  it('a review is reverted whole: the analyzer’s output is effective again', async () => {
    const id = await analysed(user);
    const before = await record(id);
    // The findings key that batches compare (decision 026) is written with the results by the runner, each review and
    // the revert.
    const stored = () => t.db.prisma.analysis.findUniqueOrThrow({ where: { id } });
    const analysedKey = (await stored()).findingsKey;
    expect(analysedKey).toBe(findingsKey((await stored()).results));
    await review(user, id, { field: 'pool', value: 'absent', reason: 'Filled in' });
    const reviewed = await stored();
    expect(reviewed.findingsKey).toBe(findingsKey(reviewed.results));
    expect(reviewed.findingsKey).not.toBe(analysedKey);
    const res = await t.request(`/aerial/analysis/${id}/review`, { method: 'DELETE', headers: auth(user) });
    expect(res.status).toBe(200);
    const after = (await res.json()) as Json;
    expect(after.review).toBeNull();
    expect(after.risk_score).toBe(67);
    expect(after).toEqual(before);
    expect((await stored()).findingsKey).toBe(analysedKey);
    const again = await t.request(`/aerial/analysis/${id}/review`, { method: 'DELETE', headers: auth(user) });
    expect(again.status).toBe(409);
    expect(((await again.json()) as Json).error.message).toBe('This analysis has no review to revert.');
  });

  it('refuses bad input with a clear 4xx and changes nothing', async () => {
    const id = await analysed(user);
    const before = await record(id);
    const cases: [unknown, number, RegExp][] = [
      [{ field: 'garage', value: 'present', reason: 'x' }, 400, /Unknown review field "garage"; fields are pool, spa/],
      [{ field: 'roof_style', value: 'pagoda', reason: 'x' }, 400, /"pagoda" is not a value of roof_style; it is one of gable, hip/],
      [{ field: 'pool', value: 'maybe', reason: 'x' }, 400, /is not a value of pool; it is one of present, absent/],
      [{ field: 'pool', value: 'absent', reason: 'x'.repeat(10_000) }, 400, /The reason must be at most 500 characters\./],
      [{ field: 'pool', value: 'absent', reason: '   ' }, 400, /A reason is required\./],
      [{ field: 'pool', reason: 'x' }, 400, /value is required\./],
      [{ field: 'pool', value: false, reason: 'x' }, 400, /value must be text: one of the field’s words, such as "absent"\./],
      [{ field: 7, value: 'absent', reason: 'x' }, 400, /field must be text, such as "pool"\./],
      [{ field: 'pool', value: 'absent', reason: 'x', colour: 'red' }, 400, /Unknown key "colour"/],
      [{ field: 'finding', value: 'rejected', reason: 'x', finding_index: 99 }, 400, /This analysis has no finding 99\./],
      [{ field: 'finding', value: 'rejected', reason: 'x' }, 400, /findingIndex is required/],
      [{ field: 'remove_risk', value: 'Nothing like this', reason: 'x' }, 400, /No additional risk reads "Nothing like this"/],
      [['pool'], 400, /Expected a JSON object/],
    ];
    for (const [body, status, message] of cases) {
      const res = await review(user, id, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(((await res.json()) as Json).error.message).toMatch(message);
    }
    // Someone else's analysis, an unknown id, no sign-in.
    const foreign = await review(other, id, { field: 'pool', value: 'absent', reason: 'mine now' });
    expect(foreign.status).toBe(404);
    expect(((await foreign.json()) as Json).error.message).toBe('Analysis not found');
    expect((await review(user, '1b0e5b8e-4a53-4c55-8a9e-0b8f0b7b3c11', { field: 'pool', value: 'absent', reason: 'x' })).status).toBe(404);
    expect((await review(null, id, { field: 'pool', value: 'absent', reason: 'x' })).status).toBe(401);
    expect((await t.request(`/aerial/analysis/${id}/review`, { method: 'DELETE', headers: auth(other) })).status).toBe(404);
    expect(await record(id)).toEqual(before);
  });
});

describe('reviewing an analysis over GraphQL', () => {
  it('reviewAnalysis rescores and shows both scores; bad input is a typed error and nothing changes', async () => {
    const id = await analysed(user);
    const gql = (who: EmulatorUser, input: Json) =>
      graphql<Json>(t as unknown as TestApp, REVIEW, { token: who.idToken, variables: { input } });

    const ok = await gql(user, { id: gid(id), field: 'power_lines_proximity', value: 'none', reason: 'The line was buried in 2024' });
    expect(ok.errors).toBeUndefined();
    const data = ok.data!.reviewAnalysis.data;
    expect(data.riskScore).toBe(47);
    expect(data.review).toEqual({
      reviewedBy: user.email,
      analyzerRiskScore: 67,
      changes: [{ field: 'power_lines_proximity', from: 'over_structure', to: 'none', reason: 'The line was buried in 2024' }],
    });
    expect(data.scoreBreakdown.map((i: Json) => i.factor)).not.toContain('power_over_structure');

    const before = await record(id);
    const bad: [Json, string, RegExp][] = [
      [{ field: 'chimney', value: 'x', reason: 'r' }, 'ValidationError', /Unknown review field "chimney"/],
      [{ field: 'roof_condition', value: 'awful', reason: 'r' }, 'ValidationError', /"awful" is not a value of roof_condition/],
      [{ field: 'solar', value: 'absent', reason: 'r'.repeat(10_000) }, 'ValidationError', /at most 500 characters/],
    ];
    for (const [change, type, message] of bad) {
      const res = await gql(user, { id: gid(id), ...change });
      expect(res.data!.reviewAnalysis.__typename).toBe(type);
      expect(res.data!.reviewAnalysis.message).toMatch(message);
    }
    const foreign = await gql(other, { id: gid(id), field: 'solar', value: 'absent', reason: 'r' });
    expect(foreign.data!.reviewAnalysis).toEqual({ __typename: 'NotFoundError', message: 'Analysis not found', code: 'NOT_FOUND' });
    expect(await record(id)).toEqual(before);

    const fields = await graphql<Json>(
      t as unknown as TestApp,
      `
        {
          reviewFields {
            field
            values
          }
        }
      `,
      { token: user.idToken },
    );
    expect(fields.data!.reviewFields).toContainEqual({
      field: 'roof_style',
      values: ['gable', 'hip', 'flat', 'gambrel', 'mansard', 'shed', 'complex', 'unknown'],
    });
    expect(fields.data!.reviewFields).toContainEqual({ field: 'pool', values: ['present', 'absent'] });

    const findings = await graphql<Json>(
      t as unknown as TestApp,
      `
        query ($id: ID!) {
          analysis(id: $id) {
            findings {
              index
              feature
              reviewDecision
            }
          }
        }
      `,
      {
        token: user.idToken,
        variables: { id: gid(id) },
      },
    );
    expect(findings.data!.analysis.findings.map((f: Json) => f.index)).toEqual([0, 1, 2]);

    const revert = await graphql<Json>(
      t as unknown as TestApp,
      `
        mutation ($input: RevertAnalysisReviewInput!) {
          revertAnalysisReview(input: $input) {
            __typename
            ... on MutationRevertAnalysisReviewSuccess {
              data {
                riskScore
                review {
                  reviewedAt
                }
              }
            }
            ... on Error {
              message
            }
          }
        }
      `,
      { token: user.idToken, variables: { input: { id: gid(id) } } },
    );
    expect(revert.data!.revertAnalysisReview.data).toEqual({ riskScore: 67, review: null });
  });
});
