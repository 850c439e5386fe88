// Analysis as a job: POST /aerial/analyze/{id} and `analyzeImage` wait for it; the subscription
// streams its progress over SSE; results, evidence, provenance, search text and filter flags are
// stored. One test runs the real local analyzer on an openly licensed NAIP tile.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYZER_VERSION, createLocalAnalyzer } from '../../server/analyzer/local/analyzer';
import { analyzerOutputSchema } from '../../server/analyzer/contract';
import { createEmulatorUser, type EmulatorUser } from '../helpers/auth-emulator-users';
import {
  ANALYZE_MUTATION,
  auth,
  createAnalysisTestApp,
  scriptedAnalyzer,
  subscribe,
  uploaded,
  type AnalysisTestApp,
} from '../helpers/analysis';
import { graphql } from '../helpers/graphql';
import { reply, startFakeAnthropic } from '../fakes/anthropic';
import { validAnswer } from '../unit/claude/helpers';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const analyzer = scriptedAnalyzer({
  'pool house': {
    pool: true,
    spa: true,
    trees: { count: 3, proximity: 'touching' },
    roof: { style: 'hip', condition: 'poor' },
    additional_risks: ['Debris pile beside the garage'],
  },
  slow: { delayMs: 1500, solar: 25 },
  broken: { fail: true },
  dark: { assessable: false },
  '*': {},
});

let t: AnalysisTestApp & { dispose(): Promise<void> };
let user: EmulatorUser;

beforeAll(async () => {
  t = await createAnalysisTestApp({ analyzer });
  user = await createEmulatorUser();
});
afterAll(async () => {
  await t?.dispose();
});

const imageGlobalId = (itemId: string) => Buffer.from(`Image:${itemId}`).toString('base64');

describe('POST /aerial/analyze/{item_id}', () => {
  it('waits for the job and answers {analysis_id, results, evidence}; the row keeps everything', async () => {
    const itemId = await uploaded(t, user, 'pool house');
    const res = await t.request(`/aerial/analyze/${itemId}`, { method: 'POST', headers: auth(user) });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Json;
    expect(Object.keys(body).sort()).toEqual(['analysis_id', 'evidence', 'results']);
    expect(() => analyzerOutputSchema.parse({ results: body.results, evidence: body.evidence })).not.toThrow();
    expect(body.results).toMatchObject({
      image_item_id: itemId,
      image_analysis_id: body.analysis_id,
      property_location: 'pool house',
      pool: { present: true },
      trees: { overhanging: true, count: 3 },
      roof: { style: 'hip', condition: 'poor' },
    });
    expect(body.results.risk_score).toBe(body.evidence.score_breakdown.reduce((s: number, i: Json) => s + i.points, 0));
    expect(body.evidence.provenance).toMatchObject({ provider: 'scripted', image_source: 'upload', width: 320, height: 240 });

    const row = await t.db.prisma.analysis.findUniqueOrThrow({ where: { id: body.analysis_id } });
    expect(row).toMatchObject({
      status: 'done',
      progress: 100,
      attempts: 1,
      ownerId: user.uid,
      imageId: itemId,
      riskScore: body.results.risk_score,
      hasPool: true,
      hasSpa: true,
      treesOverhanging: true,
      roofPoor: true,
      hasSolar: false,
      hasPowerLines: false,
      error: null,
    });
    expect(row.finishedAt).not.toBeNull();
    // Human-readable text of what is there — never the JSON keys of what is not.
    expect(row.searchText).toContain('pool house');
    expect(row.searchText).toContain('Swimming pool (clean) north-east of the main building.');
    expect(row.searchText).toContain('3 trees overhanging the roof.');
    expect(row.searchText).toContain('hip roof.');
    expect(row.searchText).toContain('Roof in poor condition.');
    expect(row.searchText).toContain('Debris pile beside the garage.');
    expect(row.searchText).not.toMatch(/present|coverage_percentage|power_lines|\{|"/);
    expect(row.searchText).not.toMatch(/solar/i);
  });

  it('answers 404 with the same message for an unknown id and a malformed one', async () => {
    for (const id of ['6f1c1c1e-7f37-4a51-9a3e-6a3f3c1d2b4a', 'not-a-uuid']) {
      const res = await t.request(`/aerial/analyze/${id}`, { method: 'POST', headers: auth(user) });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Image not found' } });
    }
  });

  it('answers 422 "Failed to analyze image" when the analysis fails, and keeps the failed job', async () => {
    const itemId = await uploaded(t, user, 'broken');
    const res = await t.request(`/aerial/analyze/${itemId}`, { method: 'POST', headers: auth(user) });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ error: { code: 'UNPROCESSABLE', message: 'Failed to analyze image' } });
    const row = await t.db.prisma.analysis.findFirstOrThrow({ where: { imageId: itemId } });
    expect(row).toMatchObject({ status: 'failed', error: 'Failed to analyze image', results: null, riskScore: null });
  });

  it('analyses the building marked by {"subject_point"}; no body or an empty one is the centre; a bad mark is a 400', async () => {
    const itemId = await uploaded(t, user, 'marked house');
    const post = (body?: string) =>
      t.request(`/aerial/analyze/${itemId}`, {
        method: 'POST',
        headers: { ...auth(user), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body }),
      });
    const marked = await post(JSON.stringify({ subject_point: { x: 0.1, y: 0.9 } }));
    expect(marked.status).toBe(200);
    const body = (await marked.json()) as Json;
    expect(body.evidence.provenance.subject_point).toEqual({ x: 0.1, y: 0.9 });
    expect(analyzer.calls.find((c) => c.image_analysis_id === body.analysis_id)?.subject_point).toEqual({ x: 0.1, y: 0.9 });
    // The analysis record says which building was marked, as GraphQL's Analysis.subjectPoint does.
    const record = (await (await t.request(`/aerial/analysis/${body.analysis_id}`, { headers: auth(user) })).json()) as Json;
    expect(record.subject_point).toEqual({ x: 0.1, y: 0.9 });
    for (const empty of [undefined, '', JSON.stringify({}), JSON.stringify({ subject_point: null })]) {
      const res = await post(empty);
      expect(res.status).toBe(200);
      expect(((await res.json()) as Json).evidence.provenance.subject_point).toBeUndefined();
    }
    const before = await t.db.prisma.analysis.count({ where: { imageId: itemId } });
    const off = await post(JSON.stringify({ subject_point: { x: 0.5, y: 1.5 } }));
    expect(off.status).toBe(400);
    expect(((await off.json()) as Json).error.message).toBe(
      'The marked point must lie on the image: x and y are shares of its width and height, from 0 to 1.',
    );
    expect((await post(JSON.stringify({ subject: { x: 0.5, y: 0.5 } }))).status).toBe(400);
    expect((await post('[1, 2]')).status).toBe(400);
    expect(await t.db.prisma.analysis.count({ where: { imageId: itemId } })).toBe(before);
  });

  it('reads {"subject_point"} the same over HTTP, where the body is a stream that can be read only once', async () => {
    const base = await t.listen();
    const itemId = await uploaded(t, user, 'marked house');
    const post = (body: string) =>
      fetch(`${base}/aerial/analyze/${itemId}`, {
        method: 'POST',
        headers: { ...auth(user), 'content-type': 'application/json' },
        body,
      });
    const marked = await post(JSON.stringify({ subject_point: { x: 0.2, y: 0.7 } }));
    expect(marked.status).toBe(200);
    expect(((await marked.json()) as Json).evidence.provenance.subject_point).toEqual({ x: 0.2, y: 0.7 });
    const empty = await post(JSON.stringify({}));
    expect(empty.status).toBe(200);
    expect(((await empty.json()) as Json).evidence.provenance.subject_point).toBeUndefined();
    const off = await post(JSON.stringify({ subject_point: { x: 0.5, y: 1.5 } }));
    expect(off.status).toBe(400);
  });

  it('needs a bearer token', async () => {
    const itemId = await uploaded(t, user);
    const res = await t.request(`/aerial/analyze/${itemId}`, { method: 'POST' });
    expect(res.status).toBe(401);
    expect(await t.db.prisma.analysis.count({ where: { imageId: itemId } })).toBe(0);
  });
});

describe('analyzeImage', () => {
  it('returns the finished Analysis with typed results and evidence', async () => {
    const itemId = await uploaded(t, user, 'pool house');
    const res = await graphql<Json>(t, ANALYZE_MUTATION, { token: user.idToken, variables: { input: { imageId: imageGlobalId(itemId) } } });
    expect(res.errors).toBeUndefined();
    const result = res.data!.analyzeImage;
    expect(result.__typename).toBe('MutationAnalyzeImageSuccess');
    const a = result.data;
    expect(a).toMatchObject({
      status: 'done',
      progress: 100,
      propertyLocation: 'pool house',
      error: null,
      assessable: true,
      unassessableReasons: [],
      buildingFound: true,
      image: { itemId, url: `/aerial/image-file/by-id/${itemId}` },
      results: {
        pool: { present: true, location: 'north-east of the main building', condition: 'clean' },
        spa: { present: true, location: 'beside the pool' },
        trees: { overhanging: true, count: 3, proximity: 'touching' },
        roof: { style: 'hip', condition: 'poor' },
        solar: { present: false, coveragePercentage: 0 },
        powerLines: { crossingProperty: false, proximity: 'none' },
        additionalRisks: ['Debris pile beside the garage'],
      },
    });
    expect(Buffer.from(a.id, 'base64').toString()).toBe(`Analysis:${a.analysisId}`);
    expect(a.riskScore).toBe(a.results.riskScore);
    expect(a.riskScore).toBe(a.scoreBreakdown.reduce((s: number, i: Json) => s + i.points, 0));
    expect(a.findings).toEqual([
      expect.objectContaining({
        feature: 'damage',
        polygon: [
          [10, 10],
          [60, 10],
          [60, 40],
          [10, 40],
        ],
        areaM2: null,
      }),
    ]);
    expect(a.recommendations.length).toBeGreaterThan(0);
    expect(a.provenance).toMatchObject({ provider: 'scripted', image_sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });

  it('keeps an unassessable analysis done with a null score and its reasons', async () => {
    const itemId = await uploaded(t, user, 'dark');
    const res = await graphql<Json>(t, ANALYZE_MUTATION, { token: user.idToken, variables: { input: { imageId: imageGlobalId(itemId) } } });
    expect(res.data!.analyzeImage.data).toMatchObject({
      status: 'done',
      riskScore: null,
      assessable: false,
      unassessableReasons: ['The image is too dark to judge.'],
      // A dark frame says nothing about whether there is a building.
      buildingFound: null,
      results: { riskScore: null },
    });
  });

  it('returns a failed Analysis with the spec message when the analyzer fails', async () => {
    const itemId = await uploaded(t, user, 'broken');
    const res = await graphql<Json>(t, ANALYZE_MUTATION, { token: user.idToken, variables: { input: { imageId: imageGlobalId(itemId) } } });
    expect(res.data!.analyzeImage.data).toMatchObject({
      status: 'failed',
      error: 'Failed to analyze image',
      results: null,
      riskScore: null,
    });
  });

  it('analyses the building the owner marked: the point is stored, given to the analyzer and kept in provenance', async () => {
    const itemId = await uploaded(t, user, 'marked house');
    const input = { imageId: imageGlobalId(itemId), subjectPoint: { x: 0.8, y: 0.25 } };
    const res = await graphql<Json>(t, ANALYZE_MUTATION, { token: user.idToken, variables: { input } });
    expect(res.errors).toBeUndefined();
    const a = res.data!.analyzeImage.data;
    expect(a).toMatchObject({ status: 'done', subjectPoint: { x: 0.8, y: 0.25 }, provenance: { subject_point: { x: 0.8, y: 0.25 } } });
    expect(analyzer.calls.find((c) => c.image_analysis_id === a.analysisId)?.subject_point).toEqual({ x: 0.8, y: 0.25 });
    const row = await t.db.prisma.analysis.findUniqueOrThrow({ where: { id: a.analysisId } });
    expect(row.subjectPoint).toEqual({ x: 0.8, y: 0.25 });
    // Without a mark: the building nearest the centre, as before.
    const plain = await graphql<Json>(t, ANALYZE_MUTATION, { token: user.idToken, variables: { input: { imageId: input.imageId } } });
    expect(plain.data!.analyzeImage.data.subjectPoint).toBeNull();
    expect(analyzer.calls.find((c) => c.image_analysis_id === plain.data!.analyzeImage.data.analysisId)?.subject_point).toBeNull();
  });

  it('refuses a mark off the image in words, and creates nothing', async () => {
    const itemId = await uploaded(t, user, 'marked house');
    const before = await t.db.prisma.analysis.count({ where: { imageId: itemId } });
    for (const subjectPoint of [
      { x: 1.2, y: 0.5 },
      { x: 0.5, y: -0.1 },
    ]) {
      const res = await graphql<Json>(t, ANALYZE_MUTATION, {
        token: user.idToken,
        variables: { input: { imageId: imageGlobalId(itemId), subjectPoint } },
      });
      expect(res.data!.analyzeImage).toMatchObject({
        __typename: 'ValidationError',
        message: 'The marked point must lie on the image: x and y are shares of its width and height, from 0 to 1.',
      });
    }
    expect(await t.db.prisma.analysis.count({ where: { imageId: itemId } })).toBe(before);
  });

  it('returns NotFoundError for an unknown, malformed or wrongly typed id', async () => {
    const ids = [
      imageGlobalId('6f1c1c1e-7f37-4a51-9a3e-6a3f3c1d2b4a'),
      'garbage',
      Buffer.from(`Analysis:${await uploaded(t, user)}`).toString('base64'),
    ];
    for (const imageId of ids) {
      const res = await graphql<Json>(t, ANALYZE_MUTATION, { token: user.idToken, variables: { input: { imageId } } });
      expect(res.data!.analyzeImage).toEqual({ __typename: 'NotFoundError', message: 'Image not found' });
    }
  });
});

describe('subscription { analysis(id) } over SSE', () => {
  const SUBSCRIPTION = /* GraphQL */ `
    subscription Watch($id: ID!) {
      analysis(id: $id) {
        analysisId
        status
        progress
        riskScore
        results {
          solar {
            present
            coveragePercentage
          }
        }
      }
    }
  `;

  it('emits every state and progress change, then completes after done', async () => {
    const itemId = await uploaded(t, user, 'slow');
    const pending = t.request(`/aerial/analyze/${itemId}`, { method: 'POST', headers: auth(user) });
    let row = null;
    for (let i = 0; i < 100 && !row; i++) {
      row = await t.db.prisma.analysis.findFirst({ where: { imageId: itemId } });
      if (!row) await new Promise((r) => setTimeout(r, 20));
    }
    const id = Buffer.from(`Analysis:${row!.id}`).toString('base64');
    const { status, events } = await subscribe(t.request, user.idToken, SUBSCRIPTION, { id });
    expect(status).toBe(200);
    const states = events.map((e) => e.data.analysis);
    expect(states.at(-1)).toMatchObject({ status: 'done', progress: 100, results: { solar: { present: true, coveragePercentage: 25 } } });
    // At least one state before the end, progress never goes back, no two events alike.
    expect(states.length).toBeGreaterThanOrEqual(2);
    const progress = states.map((s) => s.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(new Set(states.map((s) => `${s.status}:${s.progress}`)).size).toBe(states.length);
    expect(states.slice(0, -1).every((s) => s.status !== 'done' && s.riskScore === null && s.results === null)).toBe(true);
    expect((await pending).status).toBe(200);
  });

  it('emits the finished analysis once and completes when it is already done', async () => {
    const itemId = await uploaded(t, user);
    const { analysis_id } = (await (await t.request(`/aerial/analyze/${itemId}`, { method: 'POST', headers: auth(user) })).json()) as Json;
    const { events } = await subscribe(t.request, user.idToken, SUBSCRIPTION, {
      id: Buffer.from(`Analysis:${analysis_id}`).toString('base64'),
    });
    expect(events.map((e) => e.data.analysis.status)).toEqual(['done']);
  });
});

describe('the real local analyzer', () => {
  it('analyses an openly licensed NAIP tile end to end (chico_2020_55, dense urban canopy)', async () => {
    const real = await createAnalysisTestApp({ analyzer: createLocalAnalyzer() });
    try {
      const bytes = readFileSync(new URL('../fixtures/images/chico_2020_55.png', import.meta.url));
      const itemId = await uploaded(real, user, 'Chico, CA', bytes);
      const res = await real.request(`/aerial/analyze/${itemId}`, { method: 'POST', headers: auth(user) });
      expect(res.status).toBe(200);
      const body = (await res.json()) as Json;
      const output = analyzerOutputSchema.parse({ results: body.results, evidence: body.evidence });
      expect(output.evidence.provenance).toMatchObject({ provider: 'local', image_source: 'upload', width: 256, height: 256 });
      // The fixture's source labels 120 trees; the analyzer must see trees, and say so in the search text.
      expect(output.results.trees.count).toBeGreaterThan(0);
      expect(output.evidence.findings.some((f) => f.feature === 'tree' && f.analyzer === 'local')).toBe(true);
      const row = await real.db.prisma.analysis.findUniqueOrThrow({ where: { id: body.analysis_id } });
      expect(row.searchText).toMatch(/\d+ trees? /);
      expect(row.searchText).not.toMatch(/[{}"]|_/);
      expect(row.treesOverhanging).toBe(output.results.trees.overhanging);
      expect(row.riskScore).toBe(output.results.risk_score);

      // Its version names this analyzer's code and weights; a result of another version says so.
      expect(output.evidence.provenance.analyzer_version).toBe(ANALYZER_VERSION);
      expect(ANALYZER_VERSION).toMatch(/^1\.0\.0\+[0-9a-f]{8}$/);
      const current = () =>
        graphql<Json>(real, 'query ($id: ID!) { analysis(id: $id) { analyzedByCurrentAnalyzer } }', {
          token: user.idToken,
          variables: { id: Buffer.from(`Analysis:${body.analysis_id}`).toString('base64') },
        });
      expect((await current()).data!.analysis.analyzedByCurrentAnalyzer).toBe(true);
      await real.db.prisma.analysis.update({
        where: { id: body.analysis_id },
        data: { provenance: { ...(row.provenance as object), analyzer_version: '1.0.0' } },
      });
      expect((await current()).data!.analysis.analyzedByCurrentAnalyzer).toBe(false);
    } finally {
      await real.dispose();
    }
  });
});

describe('a failure the owner can act on', () => {
  it('says why, beside the specification message: a stored file damaged on disk is not a readable image', async () => {
    const real = await createAnalysisTestApp({ analyzer: createLocalAnalyzer() });
    try {
      const bytes = readFileSync(new URL('../fixtures/images/chico_2020_55.png', import.meta.url));
      const itemId = await uploaded(real, user, 'Damaged Rd', bytes);
      const image = await real.db.prisma.image.findUniqueOrThrow({ where: { id: itemId } });
      writeFileSync(path.join(real.dataDir, 'images', image.storageKey), 'this file was an image once\n'.repeat(40));
      const res = await real.request(`/aerial/analyze/${itemId}`, { method: 'POST', headers: auth(user) });
      expect(res.status).toBe(422);
      const said = 'Failed to analyze image. The file is not a readable image.';
      expect(await res.json()).toEqual({ error: { code: 'UNPROCESSABLE', message: 'Failed to analyze image', detail: said } });
      expect(await real.db.prisma.analysis.findFirstOrThrow({ where: { imageId: itemId } })).toMatchObject({
        status: 'failed',
        error: said,
      });
    } finally {
      await real.dispose();
    }
  });
});

describe('the configured Claude analyzer with the database-backed daily budget', () => {
  it('uses Claude until the user’s CLAUDE_DAILY_BUDGET is spent, then the local analyzer; per user', async () => {
    const fake = await startFakeAnthropic({ apiKey: 'test-key', model: 'claude-test' });
    fake.script([reply.toolUse((request) => validAnswer(request.image!))]);
    // No analyzer injected: the app builds the configured one, as in production.
    const app = await createAnalysisTestApp({
      env: {
        ANALYZER: 'claude',
        ANTHROPIC_API_KEY: 'test-key',
        ANTHROPIC_MODEL: 'claude-test',
        ANTHROPIC_BASE_URL: fake.url,
        CLAUDE_DAILY_BUDGET: '1',
      },
    });
    try {
      const bytes = readFileSync(new URL('../fixtures/images/riverside_2018_48.png', import.meta.url));
      const other = await createEmulatorUser();
      const provenanceOf = async (who: EmulatorUser) => {
        const itemId = await uploaded(app, who, 'Riverside, CA', bytes);
        const res = await app.request(`/aerial/analyze/${itemId}`, { method: 'POST', headers: auth(who) });
        expect(res.status).toBe(200);
        return ((await res.json()) as Json).evidence.provenance;
      };
      expect(await provenanceOf(user)).toMatchObject({ provider: 'anthropic', model: 'claude-test' });
      const second = await provenanceOf(user);
      expect(second.provider).toBe('local');
      expect(second.fallback).toMatchObject({ from: 'claude', reason: expect.stringMatching(/^budget_exhausted/) });
      expect(await provenanceOf(other)).toMatchObject({ provider: 'anthropic' });
      expect(fake.attempts).toBe(2);
      expect(fake.problems).toEqual([]);
      const counters = await app.db.prisma.usageCounter.findMany({ where: { kind: 'claude' } });
      expect(counters.map((c) => [c.ownerId, c.count]).sort()).toEqual(
        [
          [other.uid, 1],
          [user.uid, 1],
        ].sort(),
      );
    } finally {
      await app.dispose();
      await fake.close();
    }
  });
});
