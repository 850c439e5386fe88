// Defensible space (issue 10, item 5) through the API: the zones measured from the analyzer's roof and tree
// outlines in the REST evidence, GraphQL and the PDF; "needs the image resolution" without one; re-measured
// when the owner rejects a crown, with the scoring factor following.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulatorUser, type EmulatorUser } from '../helpers/auth-emulator-users';
import { auth, boxFinding, createAnalysisTestApp, scriptedAnalyzer, uploaded, type AnalysisTestApp } from '../helpers/analysis';
import { graphql } from '../helpers/graphql';
import type { TestApp } from '../helpers/test-app';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

// A 10 m roof (20 px at 0.5 m/px) in a 320 × 240 scene, and a crown hugging it (within 1.5 m all round).
const findings = [
  boxFinding('roof', 'main building', [150, 110, 170, 130], 0.9),
  boxFinding('tree', 'crown against the walls', [147, 107, 173, 133]),
];
const scripts = {
  '1 Ember Lane': { trees: { count: 1, proximity: 'near' as const }, findings, gsdMPerPx: 0.5 },
  '2 Unknown Scale Rd': { trees: { count: 1, proximity: 'near' as const }, findings },
};

let t: AnalysisTestApp & { dispose(): Promise<void> };
let base: string;
let user: EmulatorUser;

beforeAll(async () => {
  t = await createAnalysisTestApp({ analyzer: scriptedAnalyzer(scripts) });
  base = await t.listen();
  user = await createEmulatorUser();
});
afterAll(async () => {
  await t?.dispose();
});

async function analysed(location: string): Promise<Json> {
  const itemId = await uploaded(base, user, location);
  return (await (await t.request(`/aerial/analyze/${itemId}`, { method: 'POST', headers: auth(user) })).json()) as Json;
}
const QUERY = `query($id: ID!) { analysis(id: $id) { riskScore defensibleSpace { status note pxPerM roofPolygon rings { zone areaM2 vegetationM2 vegetationPct visiblePct } } } }`;
const gql = (id: string) =>
  graphql<Json>(t as unknown as TestApp, QUERY, {
    token: user.idToken,
    variables: { id: Buffer.from(`Analysis:${id}`).toString('base64') },
  });
const pdfText = async (id: string) => {
  const pdf = Buffer.from(await (await t.request(`/aerial/analysis/${id}/report.pdf`, { headers: auth(user) })).arrayBuffer());
  return execFileSync('pdftotext', ['-', '-'], { input: pdf }).toString().replace(/\s+/g, ' ');
};

describe('defensible space', () => {
  it('measures the three zones, scores dense inner vegetation, and shows them in GraphQL and the PDF', async () => {
    const { analysis_id: id, evidence } = await analysed('1 Ember Lane');
    const space = evidence.defensible_space;
    expect(space.status).toBe('measured');
    expect(space.rings.map((r: Json) => r.zone)).toEqual(['0-1.5m', '1.5-9m', '9-30m']);
    expect(space.rings[0].vegetation_pct).toBeGreaterThan(90);
    expect(space.px_per_m).toBe(2);
    const factor = evidence.score_breakdown.find((i: Json) => i.factor === 'defensible_space_dense');
    expect(factor).toMatchObject({ points: 8 });

    const { data } = await gql(id);
    expect(data!.analysis.defensibleSpace).toMatchObject({ status: 'measured', pxPerM: 2, roofPolygon: findings[0].polygon });
    expect(data!.analysis.defensibleSpace.rings[0].vegetationPct).toBe(space.rings[0].vegetation_pct);

    const text = await pdfText(id);
    expect(text).toContain('Defensible space (vegetation around the building)');
    expect(text).toMatch(/0–1\.5 m: \d+ m² of vegetation in \d+ m² \(\d+%\)/);
    expect(text).toContain('defensible space dense');
  });

  it('without the ground resolution it says so, and adds no points', async () => {
    const { analysis_id: id, evidence } = await analysed('2 Unknown Scale Rd');
    expect(evidence.defensible_space).toMatchObject({ status: 'needs_resolution', note: 'needs the image resolution', rings: [] });
    expect(evidence.score_breakdown.map((i: Json) => i.factor)).not.toContain('defensible_space_dense');
    expect((await gql(id)).data!.analysis.defensibleSpace.note).toBe('needs the image resolution');
    expect(await pdfText(id)).toContain('Not measured: needs the image resolution.');
  });

  it('is measured again when the owner rejects the crown: the zone is bare and the factor goes', async () => {
    const { analysis_id: id, results } = await analysed('1 Ember Lane');
    const before = results.risk_score as number;
    const res = await t.request(`/aerial/analysis/${id}/review`, {
      method: 'POST',
      headers: { ...auth(user), 'content-type': 'application/json' },
      body: JSON.stringify({ field: 'finding', finding_index: 1, value: 'rejected', reason: 'A shadow, not a tree' }),
    });
    const body = (await res.json()) as Json;
    expect(res.status).toBe(200);
    expect(body.evidence.defensible_space.rings.map((r: Json) => r.vegetation_pct)).toEqual([0, 0, 0]);
    expect(body.evidence.score_breakdown.map((i: Json) => i.factor)).not.toContain('defensible_space_dense');
    // The only crown rejected: no trees (−10 near, −8 dense vegetation).
    expect(body.risk_score).toBe(before - 18);
    expect(body.review.analyzer.evidence.defensible_space.rings[0].vegetation_pct).toBeGreaterThan(90);
  });
});
