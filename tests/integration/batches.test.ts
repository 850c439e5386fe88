// Portfolio batches (issue 11 item 4) through the real app, with the map image of every row fetched from the
// local tile fake (IMAGERY_PROVIDER=tiles) and addresses geocoded by the public places fakes; analyses by the
// scripted analyzer (its work is not what is under test). A 1,000-row CSV finishes with every row accounted
// for and a 1,000-row export; bad rows are reported per row; a restart resumes a batch without losing or
// doubling a row; another user sees none of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { unknownObservations } from '../../server/analyzer/assemble';
import type { Prisma } from '../../server/generated/prisma/client';
import { findingsKey } from '../../server/services/analysis-columns';
import { ANALYZER_VERSION } from '../../server/analyzer/local/version';
import { ADDRESS_NOT_FOUND_MESSAGE } from '../../server/services/batch-runner';
import { FAKE_PLACES } from '../fakes/gazetteer';
import { startFakePublic, type FakePublic } from '../fakes/public';
import { startFakeTiles, type FakeTiles } from '../fakes/tiles';
import { createAnonymousUser, createEmulatorUser, type EmulatorUser } from '../helpers/auth-emulator-users';
import { auth, createAnalysisTestApp, scriptedAnalyzer, uploaded, type AnalysisTestApp } from '../helpers/analysis';
import { graphql } from '../helpers/graphql';
import { until } from '../helpers/until';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let tiles: FakeTiles;
let pub: FakePublic;
let t: AnalysisTestApp & { dispose(): Promise<void> };
let alice: EmulatorUser;
let bob: EmulatorUser;

const env = () => ({
  ...pub.env,
  ...tiles.env,
  PLACES_PROVIDER: 'public',
  ANALYSIS_WORKERS: '2',
  BATCH_CONCURRENCY: '4',
  BATCH_QUEUE_DEPTH: '8',
  // A loaded test machine can be slow to serve tiles; a timeout here is not what is under test.
  IMAGERY_TIMEOUT_MS: '60000',
});

beforeAll(async () => {
  [tiles, pub] = await Promise.all([startFakeTiles(), startFakePublic()]);
  t = await createAnalysisTestApp({
    analyzer: scriptedAnalyzer({ '*': { pool: true, trees: { count: 3, proximity: 'near' } }, 'Dark lot': { assessable: false } }),
    env: env(),
  });
  [alice, bob] = await Promise.all([createEmulatorUser(), createEmulatorUser()]);
});
afterAll(async () => {
  await t?.dispose();
  await Promise.all([tiles?.close(), pub?.close()]);
});

const csvRequest = (user: { idToken: string }, csv: string, name = 'portfolio.csv') =>
  t.request(`/aerial/batches?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: { ...auth(user), 'content-type': 'text/csv' },
    body: csv,
  });

async function finished(user: { idToken: string }, id: string, timeoutMs = 540_000): Promise<Json> {
  let batch: Json = {};
  await until(
    async () => {
      batch = (await (await t.request(`/aerial/batches/${id}`, { headers: auth(user) })).json()) as Json;
      return batch.status === 'done';
    },
    timeoutMs,
    500,
  ).catch(() => {
    throw new Error(`batch ${id} did not finish: ${JSON.stringify(batch.counts)}`);
  });
  return batch;
}

/** Distinct points a few metres apart near the White House: neighbours share map tiles, which the fake draws once. */
const point = (i: number) => `${(38.8977 + (i % 40) * 0.00002).toFixed(6)},${(-77.0365 + Math.floor(i / 40) * 0.00002).toFixed(6)}`;
const known = FAKE_PLACES.slice(0, 4).map((p) => `"${p.housenumber} ${p.street}, ${p.city}"`);

describe('a 1,000-row CSV', () => {
  it('finishes with every row accounted for, bad rows reported, and a 1,000-row export', async () => {
    const lines = ['policy_id,address,latitude,longitude'];
    for (let i = 0; i < 988; i++) lines.push(`P-${i},,${point(i)}`);
    known.forEach((address, i) => lines.push(`A-${i},${address},,`));
    lines.push('U-1,"1 Nowhere Lane, Atlantis",,', 'U-2,"2 Nowhere Lane, Atlantis",,');
    lines.push('B-1,,,', 'B-2,,north,west', 'B-3,,91.5,10', 'P-7,,38.9,-77.0');
    lines.push('', 'U-3,"3 Nowhere Lane, Atlantis",,', 'U-4,"4 Nowhere Lane, Atlantis",,');
    const csv = lines.join('\r\n') + '\r\n';
    expect(lines.filter(Boolean).length - 1).toBe(1000);

    const res = await csvRequest(alice, csv);
    expect(res.status).toBe(201);
    const created = (await res.json()) as Json;
    expect(created).toMatchObject({ name: 'portfolio.csv', source: 'csv', total_rows: 1000, status: 'running' });
    expect(res.headers.get('location')).toBe(`/aerial/batches/${created.batch_id}`);

    const batch = await finished(alice, created.batch_id);
    expect(batch.counts).toEqual({ queued: 0, running: 0, done: 992, not_found: 4, failed: 0, invalid: 4 });

    const exported = await t.request(`/aerial/batches/${created.batch_id}/results?format=csv`, { headers: auth(alice) });
    expect(exported.headers.get('content-type')).toMatch(/^text\/csv/);
    const rows = (await exported.text()).trim().split('\r\n');
    expect(rows[0].split(',').slice(0, 7)).toEqual(['row', 'reference_id', 'address', 'latitude', 'longitude', 'status', 'reason']);
    expect(rows.length - 1).toBe(1000);

    const json = (await (
      await t.request(`/aerial/batches/${created.batch_id}/results?format=json`, { headers: auth(alice) })
    ).json()) as Json[];
    expect(json).toHaveLength(1000);
    const byRef = new Map(json.filter((r) => r.reference_id).map((r) => [r.reference_id, r]));
    expect(byRef.get('P-0')).toMatchObject({ row: 2, status: 'done', risk_band: expect.any(String), pool: true, tree_count: 3 });
    // Which analyzer made each row (the scripted analyzer's version here); none for a row that did not run.
    expect(byRef.get('P-0')!.analyzer_version).toBe('0');
    expect(byRef.get('U-1')!.analyzer_version).toBeNull();
    expect(byRef.get('A-0')).toMatchObject({ status: 'done', address: expect.stringContaining(FAKE_PLACES[0].street) });
    expect(byRef.get('U-1')).toMatchObject({ status: 'not_found', reason: ADDRESS_NOT_FOUND_MESSAGE, risk_score: null });
    expect(byRef.get('B-1')).toMatchObject({ status: 'invalid', reason: 'No address or coordinates.' });
    expect(byRef.get('B-2')!.reason).toMatch(/^Unparseable coordinates "north, west"/);
    expect(byRef.get('B-3')!.reason).toMatch(/^Unparseable coordinates "91.5, 10"/);
    // The first P-7 ran; the second is the duplicate, reported on its own row.
    const p7 = json.filter((r) => r.reference_id === 'P-7');
    expect(p7.map((r) => r.status)).toEqual(['done', 'invalid']);
    expect(p7[1].reason).toBe('Duplicate reference "P-7" (first on row 9).');
    // The rows of one state alone, as the batch screen's Show list downloads them.
    const only = async (query: string) => {
      const res = await t.request(`/aerial/batches/${created.batch_id}/results?format=json&${query}`, { headers: auth(alice) });
      return res.status === 200 ? ((await res.json()) as Json[]) : ((await res.json()) as Json).error.message;
    };
    const invalid = await only('state=invalid');
    expect(invalid.map((r: Json) => r.row)).toEqual(json.filter((r) => r.status === 'invalid').map((r) => r.row));
    expect(new Set(invalid.map((r: Json) => r.status))).toEqual(new Set(['invalid']));
    expect((await only('state=not_found')).map((r: Json) => r.reference_id)).toEqual(
      json.filter((r) => r.status === 'not_found').map((r) => r.reference_id),
    );
    expect(await only('state=')).toHaveLength(1000);
    // Across the download's pages of 500, and beside a changed-rows filter (no row here has an earlier result).
    expect((await only('state=done')).map((r: Json) => r.row)).toEqual(json.filter((r) => r.status === 'done').map((r) => r.row));
    expect(await only('state=done&band_changed=true')).toEqual([]);
    expect(await only('state=broken')).toBe('state is one of queued, running, done, not_found, failed, invalid.');
    // The blank line is not a row, but the rows after it keep their spreadsheet numbers.
    expect(byRef.get('U-3')!.row).toBe(p7[1].row + 2);
    // Each done row has its own analysis, in the owner's history.
    const analyses = new Set(json.filter((r) => r.status === 'done').map((r) => r.analysis_id));
    expect(analyses.size).toBe(992);
    expect(await t.db.prisma.analysis.count({ where: { ownerId: alice.uid } })).toBeGreaterThanOrEqual(992);
  }, 600_000);
});

describe('bad input', () => {
  it('refuses files that are no portfolio, in words, and keeps nothing', async () => {
    const before = await t.db.prisma.batch.count();
    const noColumns = await csvRequest(alice, 'name,city\nA,B\n');
    expect(noColumns.status).toBe(400);
    expect(((await noColumns.json()) as Json).error.message).toBe(
      'The CSV needs a header row naming an address column, or latitude and longitude columns.',
    );
    const tooMany = await csvRequest(alice, ['address', ...Array.from({ length: 10_001 }, (_, i) => `${i} Main St`)].join('\n'));
    expect(((await tooMany.json()) as Json).error.message).toBe('A batch has at most 10,000 rows; this file has 10,001.');
    const neither = await t.request('/aerial/batches', {
      method: 'POST',
      headers: { ...auth(alice), 'content-type': 'application/json' },
      body: '{}',
    });
    expect(neither.status).toBe(400);
    const guest = await createAnonymousUser();
    expect((await csvRequest(guest, 'address\n1 Main St\n')).status).toBe(403);
    expect(await t.db.prisma.batch.count()).toBe(before);
  });
});

describe('ownership', () => {
  it('another user’s batch is not found on every surface', async () => {
    const res = await csvRequest(alice, 'address\n"1600 Pennsylvania Avenue, Washington"\n');
    const { batch_id: id } = (await res.json()) as Json;
    for (const path of [`/aerial/batches/${id}`, `/aerial/batches/${id}/results`]) {
      const theirs = await t.request(path, { headers: auth(bob) });
      const random = await t.request(path.replace(id, crypto.randomUUID()), { headers: auth(bob) });
      expect(theirs.status).toBe(404);
      expect(await theirs.text()).toBe(await random.text());
    }
    const list = (await (await t.request('/aerial/batches', { headers: auth(bob) })).json()) as Json[];
    expect(list.some((b) => b.batch_id === id)).toBe(false);
    const gid = Buffer.from(`Batch:${id}`).toString('base64');
    const q = await graphql<Json>(t, 'query($id: ID!) { batch(id: $id) { name } node(id: $id) { id } }', {
      token: bob.idToken,
      variables: { id: gid },
    });
    expect(q.data).toEqual({ batch: null, node: null });
  });
});

describe('GraphQL and image lists', () => {
  it('creates a batch of the viewer’s images; unknown and repeated images are invalid rows', async () => {
    const base = await t.listen();
    const [one, two] = [await uploaded(base, alice, 'Lot 1'), await uploaded(base, alice, 'Lot 2')];
    const bobs = await uploaded(base, bob, 'Bob’s lot');
    const dark = await uploaded(base, alice, 'Dark lot');
    const gid = (id: string) => Buffer.from(`Image:${id}`).toString('base64');
    const created = await graphql<Json>(
      t,
      `
        mutation ($input: CreateBatchInput!) {
          createBatch(input: $input) {
            __typename
            ... on MutationCreateBatchSuccess {
              data {
                id
                name
                source
                totalRows
              }
            }
            ... on Error {
              message
            }
          }
        }
      `,
      {
        token: alice.idToken,
        variables: { input: { name: 'Drone survey', imageIds: [gid(one), gid(two), gid(one), gid(bobs), gid(dark)] } },
      },
    );
    const batch = created.data?.createBatch.data;
    expect(batch).toMatchObject({ name: 'Drone survey', source: 'images', totalRows: 5 });
    const query = `query($id: ID!) { batch(id: $id) { status counts { queued running done notFound failed invalid }
      rows(first: 10) { edges { node { rowNumber state reason address fileName analysis { status propertyLocation } } } } } }`;
    let read: Json = {};
    await until(
      async () => {
        read = (await graphql<Json>(t, query, { token: alice.idToken, variables: { id: batch.id } })).data?.batch;
        return read.status === 'done';
      },
      60_000,
      300,
    );
    expect(read.counts).toEqual({ queued: 0, running: 0, done: 3, notFound: 0, failed: 0, invalid: 2 });
    // A done row without a score says why, as the history export does.
    expect(read.rows.edges.map((e: Json) => [e.node.rowNumber, e.node.state, e.node.reason])).toEqual([
      [1, 'done', null],
      [2, 'done', null],
      [3, 'invalid', 'Duplicate image (first at position 1).'],
      [4, 'invalid', 'Image not found.'],
      [5, 'done', 'The image is too dark to judge.'],
    ]);
    expect(read.rows.edges[1].node.analysis).toEqual({ status: 'done', propertyLocation: 'Lot 2' });
    // The uploaded file's name tells image rows apart (in the rows and in the results); invalid rows have no image.
    expect(read.rows.edges.map((e: Json) => e.node.fileName)).toEqual(['photo.png', 'photo.png', null, null, 'photo.png']);
    const rawId = Buffer.from(batch.id, 'base64').toString().split(':')[1];
    const results = (await (await t.request(`/aerial/batches/${rawId}/results?format=json`, { headers: auth(alice) })).json()) as Json[];
    expect(results.map((r) => r.file_name)).toEqual(['photo.png', 'photo.png', null, null, 'photo.png']);
    expect(results[4]).toMatchObject({ status: 'done', risk_score: null, reason: 'The image is too dark to judge.' });

    // Rows whose analyses are asked only for what a page of rows shows are read slim (ROW_ANALYSIS_COLUMNS, without
    // results and evidence); asked for more, whole. Both answer every slim field, and the unscored row's reason, alike.
    const slimFields =
      'id analysisId status progress propertyLocation subjectPoint { x y } riskScore error createdAt finishedAt analyzedByCurrentAnalyzer';
    const rowsAsking = async (analysis: string) =>
      (
        await graphql<Json>(
          t,
          `query($id: ID!) { batch(id: $id) { rows(first: 10) { edges { node { rowNumber state reason analysis { ${analysis} } } } } } }`,
          { token: alice.idToken, variables: { id: batch.id } },
        )
      ).data?.batch.rows.edges.map((e: Json) => e.node) as Json[];
    const slim = await rowsAsking(slimFields);
    const whole = await rowsAsking(`${slimFields} recommendations scoreBreakdown { points }`);
    expect(whole[0].analysis.recommendations.length).toBeGreaterThan(0);
    expect(whole[0].analysis.scoreBreakdown.length).toBeGreaterThan(0);
    expect(
      whole.map((row) => ({
        ...row,
        analysis: row.analysis && { ...row.analysis, recommendations: undefined, scoreBreakdown: undefined },
      })),
    ).toEqual(
      slim.map((row) => ({ ...row, analysis: row.analysis && { ...row.analysis, recommendations: undefined, scoreBreakdown: undefined } })),
    );
    expect(slim[0].analysis).toMatchObject({ status: 'done', propertyLocation: 'Lot 1', analyzedByCurrentAnalyzer: false });
    expect(typeof slim[0].analysis.riskScore).toBe('number');
    expect(slim[4]).toMatchObject({ state: 'done', reason: 'The image is too dark to judge.', analysis: { riskScore: null } });
  });
});

describe('a restart', () => {
  it('resumes the batch: every row ends with exactly one analysis', async () => {
    const slow = await createAnalysisTestApp({
      analyzer: scriptedAnalyzer({ '*': { delayMs: 150 } }),
      env: { ...env(), BATCH_QUEUE_DEPTH: '2' },
    });
    try {
      const carol = await createEmulatorUser();
      const csv = ['ref,lat,lon', ...Array.from({ length: 24 }, (_, i) => `R-${i},${point(i + 100)}`)].join('\n');
      const res = await slow.request('/aerial/batches', {
        method: 'POST',
        headers: { ...auth(carol), 'content-type': 'text/csv' },
        body: csv,
      });
      const { batch_id: id } = (await res.json()) as Json;
      const counts = async (app: AnalysisTestApp) =>
        ((await (await app.request(`/aerial/batches/${id}`, { headers: auth(carol) })).json()) as Json).counts;
      await until(async () => (await counts(slow)).done >= 3, 60_000, 100);
      // Two rows left as a process that died while fetching their map images leaves them.
      const waiting = await slow.db.prisma.batchRow.findMany({
        where: { batchId: id, status: 'pending' },
        orderBy: { rowNumber: 'desc' },
        take: 2,
      });
      expect(waiting).toHaveLength(2);
      await slow.db.prisma.batchRow.updateMany({
        where: { id: { in: waiting.map((r) => r.id) }, status: 'pending' },
        data: { status: 'fetching' },
      });
      const again = await slow.restart();
      await until(async () => (await counts(again)).done === 24, 120_000, 300);
      const rows = await slow.db.prisma.batchRow.findMany({ where: { batchId: id } });
      expect(rows.every((r) => r.status === 'analysing' && r.analysisId)).toBe(true);
      // One analysis per row: nothing lost, nothing analysed twice.
      expect(await slow.db.prisma.analysis.count({ where: { ownerId: carol.uid } })).toBe(24);
      expect(new Set(rows.map((r) => r.analysisId)).size).toBe(24);
    } finally {
      await slow.dispose();
    }
  }, 240_000);
});

describe('failed rows', () => {
  it('are tried again on request once the provider is back; a row whose analysis failed is analysed again', async () => {
    const dave = await createEmulatorUser();
    const counts = async (id: string) =>
      ((await (await t.request(`/aerial/batches/${id}`, { headers: auth(dave) })).json()) as Json).counts;
    tiles.setMode('http-500');
    let id: string;
    try {
      const res = await csvRequest(dave, ['ref,lat,lon', 'F-1,' + point(300), 'F-2,' + point(301), 'F-3,'].join('\n'));
      id = ((await res.json()) as Json).batch_id;
      const failed = await finished(dave, id, 120_000);
      expect(failed.counts).toEqual({ queued: 0, running: 0, done: 0, not_found: 0, failed: 2, invalid: 1 });
    } finally {
      tiles.setMode('ok');
    }
    // Another user's retry is a 404, as for an unknown batch; nothing moves.
    expect((await t.request(`/aerial/batches/${id}/retry`, { method: 'POST', headers: auth(bob) })).status).toBe(404);
    expect((await counts(id)).failed).toBe(2);

    const gid = Buffer.from(`Batch:${id}`).toString('base64');
    const retried = await graphql<Json>(
      t,
      `
        mutation ($input: RetryBatchInput!) {
          retryBatch(input: $input) {
            __typename
            ... on MutationRetryBatchSuccess {
              data {
                status
                counts {
                  failed
                  invalid
                }
              }
            }
            ... on Error {
              message
            }
          }
        }
      `,
      { token: dave.idToken, variables: { input: { id: gid } } },
    );
    expect(retried.data!.retryBatch.__typename).toBe('MutationRetryBatchSuccess');
    expect(retried.data!.retryBatch.data.counts).toEqual({ failed: 0, invalid: 1 });
    expect(retried.data!.retryBatch.data.status).toBe('running');
    expect((await finished(dave, id, 120_000)).counts).toEqual({ queued: 0, running: 0, done: 2, not_found: 0, failed: 0, invalid: 1 });

    // Nothing failed: a 409 in words.
    const nothing = await t.request(`/aerial/batches/${id}/retry`, { method: 'POST', headers: auth(dave) });
    expect(nothing.status).toBe(409);
    expect(((await nothing.json()) as Json).error).toEqual({ code: 'CONFLICT', message: 'This batch has no failed rows to try again.' });

    // A row whose analysis failed: analysed again on its stored image, the failed analysis kept in the history.
    const row = (await t.db.prisma.batchRow.findFirst({ where: { batchId: id, referenceId: 'F-1' } }))!;
    await t.db.prisma.analysis.update({ where: { id: row.analysisId! }, data: { status: 'failed', error: 'Analysis failed' } });
    expect((await counts(id)).failed).toBe(1);
    const again = await t.request(`/aerial/batches/${id}/retry`, { method: 'POST', headers: auth(dave) });
    expect(again.status).toBe(200);
    expect(((await again.json()) as Json).retried_rows).toBe(1);
    expect((await finished(dave, id, 120_000)).counts.done).toBe(2);
    const after = (await t.db.prisma.batchRow.findUnique({ where: { id: row.id } }))!;
    expect(after.imageId).toBe(row.imageId);
    expect(after.analysisId).not.toBe(row.analysisId);
    expect(await t.db.prisma.analysis.count({ where: { id: row.analysisId!, status: 'failed' } })).toBe(1);
  }, 240_000);
});

describe('a batch analysed again with the current analyzer', () => {
  it('is a new batch: current results kept, older ones analysed again on the same image, not-found rows looked up again', async () => {
    const erin = await createEmulatorUser();
    const version = (id: string, analyzerVersion: string) =>
      t.db.prisma.analysis.update({ where: { id }, data: { provenance: { analyzer_version: analyzerVersion } } });
    const res = await csvRequest(
      erin,
      ['ref,address,lat,lon', `V-1,,${point(400)}`, `V-2,,${point(401)}`, 'V-3,"9 Nowhere Lane, Atlantis",,', 'V-4,,,'].join('\n'),
      'renewals.csv',
    );
    const { batch_id: id } = (await res.json()) as Json;
    const first = await finished(erin, id, 120_000);
    expect(first.counts).toEqual({ queued: 0, running: 0, done: 2, not_found: 1, failed: 0, invalid: 1 });
    // Both results are the scripted analyzer's (version 0), which is not what this server runs.
    expect(first.older_analyzer_rows).toBe(2);
    const before = await t.db.prisma.batchRow.findMany({ where: { batchId: id }, orderBy: { rowNumber: 'asc' } });
    // V-1 was made by today's analyzer (as if analysed after an upgrade); V-2 by an earlier one, which scored it 100.
    await version(before[0].analysisId!, ANALYZER_VERSION);
    await t.db.prisma.analysis.update({ where: { id: before[1].analysisId! }, data: { riskScore: 100 } });
    const gid = Buffer.from(`Batch:${id}`).toString('base64');
    const older = await graphql<Json>(
      t,
      `
        query ($id: ID!) {
          batch(id: $id) {
            olderAnalyzerRows
          }
        }
      `,
      {
        token: erin.idToken,
        variables: { id: gid },
      },
    );
    expect(older.data!.batch.olderAnalyzerRows).toBe(1);

    // Someone else's batch is not found; nothing is created.
    expect((await t.request(`/aerial/batches/${id}/rerun`, { method: 'POST', headers: auth(bob) })).status).toBe(404);

    const rerun = await graphql<Json>(
      t,
      `
        mutation ($input: RerunBatchInput!) {
          rerunBatch(input: $input) {
            __typename
            ... on MutationRerunBatchSuccess {
              data {
                batchId
                name
                source
                totalRows
              }
            }
            ... on Error {
              message
            }
          }
        }
      `,
      { token: erin.idToken, variables: { input: { id: gid } } },
    );
    expect(rerun.data!.rerunBatch.__typename).toBe('MutationRerunBatchSuccess');
    const again = rerun.data!.rerunBatch.data as Json;
    expect(again).toMatchObject({ name: 'renewals.csv (analysed again)', source: 'csv', totalRows: 4 });
    expect(again.batchId).not.toBe(id);
    const done = await finished(erin, again.batchId, 120_000);
    expect(done.counts).toEqual({ queued: 0, running: 0, done: 2, not_found: 1, failed: 0, invalid: 1 });
    const after = await t.db.prisma.batchRow.findMany({ where: { batchId: again.batchId }, orderBy: { rowNumber: 'asc' } });
    expect(after.map((r) => [r.rowNumber, r.referenceId])).toEqual(before.map((r) => [r.rowNumber, r.referenceId]));
    // V-1 keeps its current result; V-2 is a new analysis of the image the first run stored.
    expect(after[0].analysisId).toBe(before[0].analysisId);
    expect(after[1].imageId).toBe(before[1].imageId);
    expect(after[1].analysisId).not.toBe(before[1].analysisId);
    // V-3 was looked up again (still nowhere), V-4 is still invalid, with its reason.
    expect(after[2]).toMatchObject({ status: 'not_found', attempts: expect.any(Number) });
    expect(after[3]).toMatchObject({ status: 'invalid', error: before[3].error });
    // Only V-2 is compared with an earlier result (the first run's); V-1's is the same analysis, kept.
    expect(after.map((r) => r.previousAnalysisId)).toEqual([null, before[1].analysisId, null, null]);
    const newScore = Math.round((await t.db.prisma.analysis.findUniqueOrThrow({ where: { id: after[1].analysisId! } })).riskScore!);
    expect(newScore).toBeLessThan(67);
    expect(done.comparison).toEqual({
      with_earlier: 1,
      compared: 1,
      band_changed: 1,
      higher: 0,
      lower: 1,
      findings_changed: 0,
    });
    const compared = await graphql<Json>(
      t,
      `
        query ($id: ID!) {
          batch(id: $id) {
            comparison {
              withEarlier
              compared
              bandChanged
              higher
              lower
              findingsChanged
            }
            rows(bandChanged: true) {
              edges {
                node {
                  referenceId
                  earlierResult {
                    analysisId
                    riskScore
                    riskBand
                  }
                }
              }
            }
          }
        }
      `,
      { token: erin.idToken, variables: { id: Buffer.from(`Batch:${again.batchId}`).toString('base64') } },
    );
    expect(compared.data!.batch.comparison).toEqual({
      withEarlier: 1,
      compared: 1,
      bandChanged: 1,
      higher: 0,
      lower: 1,
      findingsChanged: 0,
    });
    expect(compared.data!.batch.rows.edges.map((e: Json) => e.node)).toEqual([
      { referenceId: 'V-2', earlierResult: { analysisId: before[1].analysisId, riskScore: 100, riskBand: 'high' } },
    ]);
    // The download says it too, and lists only the rows whose band changed when asked.
    const changed = await t.request(`/aerial/batches/${again.batchId}/results?format=json&band_changed=true`, { headers: auth(erin) });
    expect(
      ((await changed.json()) as Json[]).map((r) => [
        r.reference_id,
        r.risk_score,
        r.previous_analysis_id,
        r.previous_risk_score,
        r.previous_risk_band,
      ]),
    ).toEqual([['V-2', newScore, before[1].analysisId, 100, 'high']]);
    const csv = (await (await t.request(`/aerial/batches/${again.batchId}/results`, { headers: auth(erin) })).text()).trim().split('\r\n');
    expect(csv[0].split(',').slice(-4)).toEqual(['previous_analysis_id', 'previous_risk_score', 'previous_risk_band', 'changed_findings']);
    expect(csv).toHaveLength(5);
    const unclear = await t.request(`/aerial/batches/${again.batchId}/results?band_changed=maybe`, { headers: auth(erin) });
    expect(unclear.status).toBe(400);
    expect(((await unclear.json()) as Json).error.message).toBe('band_changed is true or false.');
    // A batch with no earlier results has no comparison.
    expect(first.comparison).toBeNull();
    // The first batch is as it was: its rows, its analyses, V-2's older one kept in the history.
    const unchanged = await t.db.prisma.batchRow.findMany({ where: { batchId: id }, orderBy: { rowNumber: 'asc' } });
    expect(unchanged.map((r) => [r.status, r.analysisId])).toEqual(before.map((r) => [r.status, r.analysisId]));
    expect(await t.db.prisma.analysis.count({ where: { ownerId: erin.uid } })).toBe(3);

    // Once every result is current there is nothing to analyse again: a 409 in words, over REST too.
    await version(after[1].analysisId!, ANALYZER_VERSION);
    const nothing = await t.request(`/aerial/batches/${again.batchId}/rerun`, { method: 'POST', headers: auth(erin) });
    expect(nothing.status).toBe(409);
    expect(((await nothing.json()) as Json).error).toEqual({
      code: 'CONFLICT',
      message: 'Every result in this batch is from the current analyzer: there is nothing to analyse again.',
    });
    // Over REST, the first batch (V-2's result still older) runs again: 201 with where it is and how many rows queued.
    const viaRest = await t.request(`/aerial/batches/${id}/rerun`, { method: 'POST', headers: auth(erin) });
    expect(viaRest.status).toBe(201);
    const third = (await viaRest.json()) as Json;
    expect(viaRest.headers.get('location')).toBe(`/aerial/batches/${third.batch_id}`);
    expect(third).toMatchObject({ name: 'renewals.csv (analysed again)', source: 'csv', total_rows: 4, queued_rows: 2 });
    await finished(erin, third.batch_id, 120_000);
  }, 240_000);

  it('is refused while the batch runs, and for a guest', async () => {
    const frank = await createEmulatorUser();
    await t.db.prisma.user.upsert({ where: { id: frank.uid }, update: {}, create: { id: frank.uid, email: frank.email } });
    const batch = await t.db.prisma.batch.create({
      data: { ownerId: frank.uid, name: 'running', source: 'csv', totalRows: 1 },
    });
    // A row a runner is fetching (the runner only takes pending rows, so it stays so).
    await t.db.prisma.batchRow.create({ data: { batchId: batch.id, rowNumber: 1, address: '1 Main St', status: 'fetching' } });
    const running = await t.request(`/aerial/batches/${batch.id}/rerun`, { method: 'POST', headers: auth(frank) });
    expect(running.status).toBe(409);
    expect(((await running.json()) as Json).error.message).toBe('This batch is still running. Analyse it again once it has finished.');
    expect(await t.db.prisma.batch.count({ where: { ownerId: frank.uid } })).toBe(1);

    const guest = await createAnonymousUser();
    const refused = await t.request(`/aerial/batches/${batch.id}/rerun`, { method: 'POST', headers: auth(guest) });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as Json).error.message).toBe('Guest sessions cannot run batches. Create an account first.');
  });
});

/**
 * A batch of one image whose rows each pair an earlier finished result with a new one (analyses stored directly,
 * with the given scores and results), as a batch of images analysed before makes them.
 */
async function comparedBatch(
  owner: EmulatorUser,
  image: string,
  pairs: [
    Pick<Prisma.AnalysisUncheckedCreateInput, 'riskScore' | 'results'>,
    Pick<Prisma.AnalysisUncheckedCreateInput, 'riskScore' | 'results'>,
  ][],
) {
  // The findings key as the job runner and reviews store it with the results.
  const done = (fields: Pick<Prisma.AnalysisUncheckedCreateInput, 'riskScore' | 'results'>) =>
    t.db.prisma.analysis.create({
      data: {
        ownerId: owner.uid,
        imageId: image,
        status: 'done',
        finishedAt: new Date(),
        ...fields,
        findingsKey: fields.results ? findingsKey(fields.results) : null,
      },
      select: { id: true },
    });
  const batch = await t.db.prisma.batch.create({
    data: { ownerId: owner.uid, name: 'compared', source: 'images', totalRows: pairs.length },
  });
  for (const [i, [before, after]] of pairs.entries()) {
    const [earlier, now] = [await done(before), await done(after)];
    await t.db.prisma.batchRow.create({
      data: {
        batchId: batch.id,
        rowNumber: i + 1,
        status: 'analysing',
        imageId: image,
        analysisId: now.id,
        previousAnalysisId: earlier.id,
      },
    });
  }
  return batch;
}

describe('a batch compared with earlier results', () => {
  it('counts band changes as the screens round scores, and pages through the rows whose band changed', async () => {
    const base = await t.listen();
    const kim = await createEmulatorUser();
    const image = await uploaded(base, kim, 'Compared lot');
    // earlier → new: band up (66 → 67, 33 → 34), same band but higher (20 → 25), the same score, band down (70 → 10),
    // and a half score: 66.5 is 67 on every screen (High), so 67 afterwards is the same score and band.
    const pairs: [number, number][] = [
      [66, 67],
      [33, 34],
      [20, 25],
      [50, 50],
      [70, 10],
      [66.5, 67],
    ];
    const batch = await comparedBatch(
      kim,
      image,
      pairs.map(([before, after]) => [{ riskScore: before }, { riskScore: after }]),
    );
    const record = (await (await t.request(`/aerial/batches/${batch.id}`, { headers: auth(kim) })).json()) as Json;
    expect(record.comparison).toEqual({
      with_earlier: 6,
      compared: 6,
      band_changed: 3,
      higher: 3,
      lower: 1,
      findings_changed: 0,
    });

    // One row a page: rows 1, 2 and 5 changed band, each page says whether another follows.
    const gid = Buffer.from(`Batch:${batch.id}`).toString('base64');
    const seen: number[][] = [];
    let after: string | null = null;
    for (let page = 0; page < 5; page++) {
      const res: Json = await graphql<Json>(
        t,
        `
          query ($id: ID!, $after: String) {
            batch(id: $id) {
              rows(first: 1, after: $after, bandChanged: true) {
                edges {
                  cursor
                  node {
                    rowNumber
                    earlierResult {
                      riskScore
                      riskBand
                    }
                  }
                }
                pageInfo {
                  hasNextPage
                }
              }
            }
          }
        `,
        { token: kim.idToken, variables: { id: gid, after } },
      );
      const rows = res.data!.batch.rows;
      seen.push(rows.edges.map((e: Json) => e.node.rowNumber));
      if (!rows.pageInfo.hasNextPage) break;
      after = rows.edges.at(-1).cursor;
    }
    expect(seen).toEqual([[1], [2], [5]]);
    // The half score's earlier result reads as the screens show it.
    const results = (await (await t.request(`/aerial/batches/${batch.id}/results?format=json`, { headers: auth(kim) })).json()) as Json[];
    expect(results.at(-1)).toMatchObject({ risk_score: 67, risk_band: 'high', previous_risk_score: 67, previous_risk_band: 'high' });
    const changed = (await (
      await t.request(`/aerial/batches/${batch.id}/results?format=json&band_changed=true`, { headers: auth(kim) })
    ).json()) as Json[];
    expect(changed.map((r) => [r.row, r.previous_risk_band, r.risk_band])).toEqual([
      [1, 'medium', 'high'],
      [2, 'low', 'medium'],
      [5, 'high', 'low'],
    ]);
    // The rows whose score rose, or fell (as the comparison counts them: 3 and 1), by REST and GraphQL.
    const moved = async (query: string) => {
      const res = await t.request(`/aerial/batches/${batch.id}/results?format=json&${query}`, { headers: auth(kim) });
      return res.status === 200
        ? ((await res.json()) as Json[]).map((r) => [r.row, r.previous_risk_score, r.risk_score])
        : ((await res.json()) as Json).error.message;
    };
    // (66.5 → 67 is the same rounded score: neither.)
    expect(await moved('score_moved=higher')).toEqual([
      [1, 66, 67],
      [2, 33, 34],
      [3, 20, 25],
    ]);
    expect(await moved('score_moved=LOWER')).toEqual([[5, 70, 10]]);
    expect(await moved('score_moved=lower&band_changed=true')).toHaveLength(1);
    expect(await moved('score_moved=up')).toBe('score_moved is higher or lower.');
    const rowsMoved = async (scoreMoved: string) => {
      const res = await graphql<Json>(
        t,
        `
          query ($id: ID!, $moved: ScoreMove) {
            batch(id: $id) {
              rows(scoreMoved: $moved) {
                edges {
                  node {
                    rowNumber
                  }
                }
              }
            }
          }
        `,
        { token: kim.idToken, variables: { id: gid, moved: scoreMoved } },
      );
      expect(res.errors).toBeUndefined();
      return res.data!.batch.rows.edges.map((e: Json) => e.node.rowNumber);
    };
    expect(await rowsMoved('higher')).toEqual([1, 2, 3]);
    expect(await rowsMoved('lower')).toEqual([5]);
  });
});

describe('a batch compared finding by finding', () => {
  it('says which findings changed, counts those rows, lists them alone when asked, and leaves measured quantities out', async () => {
    const base = await t.listen();
    const lee = await createEmulatorUser();
    const image = await uploaded(base, lee, 'Finding lot');
    type Over = {
      pool?: boolean;
      roof?: string;
      trees?: number;
      risks?: string[];
      wires?: 'none' | 'over_structure';
      noCondition?: boolean;
    };
    const results = (o: Over) => {
      const r = unknownObservations();
      return {
        ...r,
        property_condition: o.noCondition ? undefined : 'good',
        pool: o.pool ? { present: true, location: 'behind the house', condition: 'clean' } : r.pool,
        trees: { overhanging: false, count: o.trees ?? 0, proximity: 'none' },
        roof: { style: 'hip', condition: o.roof ?? 'good' },
        power_lines: { crossing_property: false, proximity: o.wires ?? 'none' },
        additional_risks: o.risks ?? [],
      };
    };
    // earlier → new: the roof worn and a pool built (same band), nothing changed, only the tree count and a risk
    // sentence's measurement moved (not findings), an earlier result with no score (not compared), a power line over
    // the roof and a band change, a roof worn where the earlier result has no findings key (stored before it), and a
    // roof re-covered (poor → good: the other way), and an earlier result without a property condition (none → good).
    const canopy = (share: number) => [`Dense tree canopy: ${share} % of the 10 m around the house`];
    const pairs: [number | null, Over, number, Over][] = [
      [20, { roof: 'good' }, 30, { roof: 'poor', pool: true }],
      [20, {}, 20, {}],
      [20, { trees: 3, risks: canopy(52) }, 20, { trees: 5, risks: canopy(55) }],
      [null, { roof: 'unknown' }, 20, {}],
      [20, {}, 70, { wires: 'over_structure' }],
      [20, { roof: 'good' }, 20, { roof: 'poor' }],
      [20, { roof: 'poor' }, 20, { roof: 'good' }],
      [20, { noCondition: true }, 20, {}],
    ];
    const batch = await comparedBatch(
      lee,
      image,
      pairs.map(([b, bo, a, ao]) => [
        { riskScore: b, results: results(bo) },
        { riskScore: a, results: results(ao) },
      ]),
    );
    const last = await t.db.prisma.batchRow.findFirstOrThrow({ where: { batchId: batch.id, rowNumber: 6 } });
    await t.db.prisma.analysis.update({ where: { id: last.previousAnalysisId! }, data: { findingsKey: null } });
    const record = (await (await t.request(`/aerial/batches/${batch.id}`, { headers: auth(lee) })).json()) as Json;
    expect(record.comparison).toEqual({
      with_earlier: 8,
      compared: 7,
      band_changed: 1,
      higher: 2,
      lower: 0,
      findings_changed: 4,
    });

    const gid = Buffer.from(`Batch:${batch.id}`).toString('base64');
    const query = `
      query ($id: ID!, $findings: Boolean, $band: Boolean) {
        batch(id: $id) {
          comparison {
            findingsChanged
          }
          findingsChangedBy {
            field
            rows
            changes {
              before
              after
              rows
            }
          }
          rows(findingsChanged: $findings, bandChanged: $band) {
            edges {
              node {
                rowNumber
                changedFindings {
                  field
                  before
                  after
                }
              }
            }
          }
        }
      }
    `;
    const rowsOf = async (variables: Json) => {
      const res = await graphql<Json>(t, query, { token: lee.idToken, variables: { id: gid, ...variables } });
      expect(res.errors).toBeUndefined();
      // Each finding's rows and which way it changed: the pool and its condition and the roof on row 1, the power
      // line on row 5, the roof the other way on row 7 (row 6 has no key, so is not compared finding by finding).
      expect(res.data!.batch.comparison).toEqual({ findingsChanged: 4 });
      const one = (before: string, after: string) => [{ before, after, rows: 1 }];
      expect(res.data!.batch.findingsChangedBy).toEqual([
        { field: 'pool', rows: 1, changes: one('false', 'true') },
        { field: 'pool_condition', rows: 1, changes: one('none', 'clean') },
        { field: 'roof_condition', rows: 2, changes: [...one('good', 'poor'), ...one('poor', 'good')] },
        { field: 'power_lines_proximity', rows: 1, changes: one('none', 'over_structure') },
        { field: 'property_condition', rows: 1, changes: one('', 'good') },
      ]);
      // REST says the same of each finding.
      const rest = await t.request(`/aerial/batches/${batch.id}/changed-findings`, { headers: auth(lee) });
      expect(((await rest.json()) as Json).findings).toEqual(res.data!.batch.findingsChangedBy);
      return res.data!.batch.rows.edges.map((e: Json) => [e.node.rowNumber, e.node.changedFindings]);
    };
    const pool = [
      { field: 'pool', before: 'false', after: 'true' },
      { field: 'pool_condition', before: 'none', after: 'clean' },
    ];
    const wires = [{ field: 'power_lines_proximity', before: 'none', after: 'over_structure' }];
    const condition = [{ field: 'property_condition', before: '', after: 'good' }];
    expect(await rowsOf({})).toEqual([
      [1, [...pool, { field: 'roof_condition', before: 'good', after: 'poor' }]],
      [2, []],
      [3, []],
      [4, null],
      [5, wires],
      [6, null],
      [7, [{ field: 'roof_condition', before: 'poor', after: 'good' }]],
      [8, condition],
    ]);
    expect(await rowsOf({ findings: true })).toEqual([
      [1, [...pool, { field: 'roof_condition', before: 'good', after: 'poor' }]],
      [5, wires],
      [7, [{ field: 'roof_condition', before: 'poor', after: 'good' }]],
      [8, condition],
    ]);
    // Both filters: the rows whose band and findings changed.
    expect(await rowsOf({ findings: true, band: true })).toEqual([[5, wires]]);
    // One finding: the rows where it changed, either way or one way (row 6, without a key, never).
    const byFinding = async (findingChange: Json, band?: boolean) => {
      const res = await graphql<Json>(
        t,
        `
          query ($id: ID!, $change: FindingChangeFilter, $band: Boolean) {
            batch(id: $id) {
              rows(findingChange: $change, bandChanged: $band) {
                edges {
                  node {
                    rowNumber
                  }
                }
              }
            }
          }
        `,
        { token: lee.idToken, variables: { id: gid, change: findingChange, band } },
      );
      expect(res.errors).toBeUndefined();
      return res.data!.batch.rows.edges.map((e: Json) => e.node.rowNumber);
    };
    expect(await byFinding({ field: 'roof_condition' })).toEqual([1, 7]);
    expect(await byFinding({ field: 'roof_condition', before: 'poor' })).toEqual([7]);
    expect(await byFinding({ field: 'roof_condition', after: 'poor' })).toEqual([1]);
    expect(await byFinding({ field: 'roof_condition', before: 'good', after: 'good' })).toEqual([]);
    expect(await byFinding({ field: 'pool', before: 'false', after: 'true' })).toEqual([1]);
    expect(await byFinding({ field: 'spa' })).toEqual([]);
    expect(await byFinding({ field: 'property_condition', before: '' })).toEqual([8]);
    expect(await byFinding({ field: 'property_condition', before: 'good' })).toEqual([]);
    expect(await byFinding({ field: 'power_lines_proximity' }, true)).toEqual([5]);
    // A row a page: the roof's rows one after the other.
    const pageOf = async (after: string | null) => {
      const res = await graphql<Json>(
        t,
        `
          query ($id: ID!, $after: String) {
            batch(id: $id) {
              rows(first: 1, after: $after, findingChange: { field: roof_condition }) {
                edges {
                  cursor
                  node {
                    rowNumber
                  }
                }
                pageInfo {
                  hasNextPage
                }
              }
            }
          }
        `,
        { token: lee.idToken, variables: { id: gid, after } },
      );
      const rows = res.data!.batch.rows;
      return { rows: rows.edges.map((e: Json) => e.node.rowNumber), next: rows.pageInfo.hasNextPage, cursor: rows.edges.at(-1)?.cursor };
    };
    const first = await pageOf(null);
    expect(first).toMatchObject({ rows: [1], next: true });
    expect(await pageOf(first.cursor)).toMatchObject({ rows: [7], next: false });
    expect(await byFinding({ field: 'roof_condition' }, true)).toEqual([]);
    const unknown = await graphql<Json>(
      t,
      `
        query ($id: ID!) {
          batch(id: $id) {
            rows(findingChange: { field: roof }) {
              edges {
                cursor
              }
            }
          }
        }
      `,
      {
        token: lee.idToken,
        variables: { id: gid },
      },
    );
    expect(unknown.errors?.[0].message).toContain('ComparedFinding');

    // The download: one cell per row, the same rows when asked for the changed ones.
    const json = (await (await t.request(`/aerial/batches/${batch.id}/results?format=json`, { headers: auth(lee) })).json()) as Json[];
    expect(json.map((r) => r.changed_findings)).toEqual([
      'pool: false → true; pool_condition: none → clean; roof_condition: good → poor',
      '',
      '',
      null,
      'power_lines_proximity: none → over_structure',
      null,
      'roof_condition: poor → good',
      'property_condition: — → good',
    ]);
    const only = (await (
      await t.request(`/aerial/batches/${batch.id}/results?format=json&findings_changed=TRUE`, { headers: auth(lee) })
    ).json()) as Json[];
    expect(only.map((r) => r.row)).toEqual([1, 5, 7, 8]);
    const csv = (await (await t.request(`/aerial/batches/${batch.id}/results?findings_changed=true`, { headers: auth(lee) })).text())
      .trim()
      .split('\r\n');
    expect(csv[0].split(',').at(-1)).toBe('changed_findings');
    expect(csv[1].endsWith(',pool: false → true; pool_condition: none → clean; roof_condition: good → poor')).toBe(true);
    expect(csv).toHaveLength(5);
    const unclear = await t.request(`/aerial/batches/${batch.id}/results?findings_changed=yes`, { headers: auth(lee) });
    expect(unclear.status).toBe(400);
    expect(((await unclear.json()) as Json).error.message).toBe('findings_changed is true or false.');
    // One finding, one way: the roofs re-covered.
    const rowsWhere = async (query: string) => {
      const res = await t.request(`/aerial/batches/${batch.id}/results?format=json&${query}`, { headers: auth(lee) });
      return res.status === 200 ? ((await res.json()) as Json[]).map((r) => r.row) : ((await res.json()) as Json).error.message;
    };
    expect(await rowsWhere('changed_finding=roof_condition')).toEqual([1, 7]);
    expect(await rowsWhere('changed_finding=roof_condition&changed_from=poor&changed_to=good')).toEqual([7]);
    expect(await rowsWhere('changed_finding=pool_condition&changed_from=none')).toEqual([1]);
    // Values as the download prints them, in any case; an empty finding is no filter.
    expect(await rowsWhere('changed_finding=roof_condition&changed_from=Poor')).toEqual([7]);
    expect(await rowsWhere('changed_finding=property_condition&changed_from=—')).toEqual([8]);
    expect(await rowsWhere('changed_finding=&findings_changed=true')).toEqual([1, 5, 7, 8]);
    expect(await rowsWhere('changed_finding=roof_condition&findings_changed=true&band_changed=true')).toEqual([]);
    expect(await rowsWhere('changed_finding=roof')).toBe(
      'changed_finding is one of pool, pool_condition, spa, trees_overhanging, trees_proximity, roof_style, roof_condition, solar, power_lines_crossing, power_lines_proximity, property_condition.',
    );
    expect(await rowsWhere('changed_to=good')).toBe('changed_from and changed_to need changed_finding.');
    // While a row is still analysed the count stands, and the breakdown waits for the batch to finish.
    const second = await t.db.prisma.batchRow.findFirstOrThrow({ where: { batchId: batch.id, rowNumber: 2 } });
    await t.db.prisma.analysis.update({ where: { id: second.analysisId! }, data: { status: 'running' } });
    const running = await graphql<Json>(
      t,
      `
        query ($id: ID!) {
          batch(id: $id) {
            status
            comparison {
              findingsChanged
            }
            findingsChangedBy {
              field
            }
          }
        }
      `,
      {
        token: lee.idToken,
        variables: { id: gid },
      },
    );
    expect(running.data!.batch).toEqual({ status: 'running', comparison: { findingsChanged: 4 }, findingsChangedBy: null });
    const whileRunning = await t.request(`/aerial/batches/${batch.id}/changed-findings`, { headers: auth(lee) });
    expect(await whileRunning.json()).toEqual({ findings: null });
    // Another account's batch is not found.
    const other = await createEmulatorUser();
    expect((await t.request(`/aerial/batches/${batch.id}/changed-findings`, { headers: auth(other) })).status).toBe(404);
  });
});

describe('the findings key of results stored before it', () => {
  it('is filled by the migration with the text the server writes, so old and new results compare equal', async () => {
    const base = await t.listen();
    const max = await createEmulatorUser();
    const image = await uploaded(base, max, 'Old lot');
    const results = {
      ...unknownObservations(),
      pool: { present: true, location: 'behind', condition: 'green' },
      roof: { style: 'gable', condition: 'fair' },
      // Not a word of the contract: a string with quotes, a newline, a tab, a backslash and accents, where a
      // finding's text would be.
      property_condition: 'Debris "near" — Überhang ünder\nthe eaves a\\b\tc',
    };
    const { id } = await t.db.prisma.analysis.create({
      data: { ownerId: max.uid, imageId: image, status: 'done', riskScore: 40, results, findingsKey: null },
    });
    const migration = readFileSync(
      new URL('../../prisma/migrations/20261129200000_analysis_findings_key/migration.sql', import.meta.url),
      'utf8',
    );
    const fill = migration.slice(migration.indexOf('UPDATE')).replace('WHERE "results" IS NOT NULL', `WHERE id = '${id}'`);
    expect(fill).toContain(`WHERE id = '${id}'`);
    await t.db.prisma.$executeRawUnsafe(fill);
    const stored = await t.db.prisma.analysis.findUniqueOrThrow({ where: { id } });
    expect(stored.findingsKey).toBe(findingsKey(results));
    expect(JSON.parse(stored.findingsKey!)).toEqual([
      true,
      'green',
      false,
      false,
      'none',
      'gable',
      'fair',
      false,
      false,
      'none',
      results.property_condition,
    ]);
  });
});

describe('older results analysed again', () => {
  it('makes a batch of every image whose latest result an earlier analyzer made, keeping the owner’s mark', async () => {
    const base = await t.listen();
    const hana = await createEmulatorUser();
    const analyse = async (imageId: string, body?: unknown) => {
      const res = await t.request(`/aerial/analyze/${imageId}`, {
        method: 'POST',
        headers: { ...auth(hana), ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as Json).analysis_id as string;
    };
    const current = (id: string) =>
      t.db.prisma.analysis.update({ where: { id }, data: { provenance: { analyzer_version: ANALYZER_VERSION } } });
    const [marked, plain, upToDate, again] = [
      await uploaded(base, hana, 'Marked lot'),
      await uploaded(base, hana, 'Plain lot'),
      await uploaded(base, hana, 'Current lot'),
      await uploaded(base, hana, 'Again lot'),
    ];
    // The scripted analyzer's results (version 0) are an earlier version's; two are made today's.
    const markedFirst = await analyse(marked, { subject_point: { x: 0.25, y: 0.75 } });
    await analyse(plain);
    await current(await analyse(upToDate));
    await analyse(again);
    await current(await analyse(again));
    const count = async () =>
      (await graphql<Json>(t, '{ viewer { olderAnalyzerImages } }', { token: hana.idToken })).data!.viewer.olderAnalyzerImages;
    expect(await count()).toBe(2);

    const res = await t.request('/aerial/batches', {
      method: 'POST',
      headers: { ...auth(hana), 'content-type': 'application/json' },
      body: JSON.stringify({ older_results: true }),
    });
    expect(res.status).toBe(201);
    const created = (await res.json()) as Json;
    expect(created).toMatchObject({ name: 'Analysed again with the current analyzer (2 images)', source: 'images', total_rows: 2 });
    await finished(hana, created.batch_id, 120_000);
    const rows = await t.db.prisma.batchRow.findMany({
      where: { batchId: created.batch_id },
      orderBy: { rowNumber: 'asc' },
      include: { analysis: true },
    });
    expect(new Set(rows.map((r) => r.imageId))).toEqual(new Set([marked, plain]));
    // The building the owner marked is the one analysed again; the other image had no mark.
    const byImage = new Map(rows.map((r) => [r.imageId, r.analysis!]));
    expect(byImage.get(marked)!.subjectPoint).toEqual({ x: 0.25, y: 0.75 });
    expect(byImage.get(marked)!.id).not.toBe(markedFirst);
    expect(byImage.get(plain)!.subjectPoint).toBeNull();
    // Each row is compared with the result it replaces: the image's latest finished analysis when the batch was made.
    expect(rows.find((r) => r.imageId === marked)!.previousAnalysisId).toBe(markedFirst);
    expect(rows.every((r) => r.previousAnalysisId && r.previousAnalysisId !== r.analysisId)).toBe(true);

    // Once the latest results are today's, there is nothing to analyse again: a 409 in words, over GraphQL too.
    for (const row of rows) await current(row.analysisId!);
    expect(await count()).toBe(0);
    const nothing = await graphql<Json>(
      t,
      `
        mutation {
          createBatch(input: { olderResults: true }) {
            __typename
            ... on Error {
              message
            }
          }
        }
      `,
      { token: hana.idToken },
    );
    expect(nothing.data!.createBatch).toEqual({
      __typename: 'ConflictError',
      message: 'Every result in your history is from the current analyzer: there is nothing to analyse again.',
    });
    // Only one way to say which rows: a CSV and older_results together is refused.
    const both = await t.request('/aerial/batches', {
      method: 'POST',
      headers: { ...auth(hana), 'content-type': 'application/json' },
      body: JSON.stringify({ older_results: true, csv: 'address\n1 Main St\n' }),
    });
    expect(both.status).toBe(400);
    // An empty list of images is still what it was (a batch of no rows), not a word about older results.
    const empty = await t.request('/aerial/batches', {
      method: 'POST',
      headers: { ...auth(hana), 'content-type': 'application/json' },
      body: JSON.stringify({ image_ids: [] }),
    });
    expect(empty.status).toBe(201);
    expect(((await empty.json()) as Json).total_rows).toBe(0);
  }, 240_000);
});

describe('a retried request (Idempotency-Key)', () => {
  it('gets the batch the first request made, not a second one; the key for another request is refused', async () => {
    const ivan = await createEmulatorUser();
    const post = (key: string, csv: string) =>
      t.request('/aerial/batches?name=retried.csv', {
        method: 'POST',
        headers: { ...auth(ivan), 'content-type': 'text/csv', 'idempotency-key': key },
        body: csv,
      });
    const csv = ['ref,lat,lon', `K-1,${point(500)}`, `K-2,${point(501)}`].join('\n');
    const first = await post('book-2026-q1', csv);
    expect(first.status).toBe(201);
    const created = (await first.json()) as Json;
    const again = await post('book-2026-q1', csv);
    expect(again.status).toBe(201);
    expect(((await again.json()) as Json).batch_id).toBe(created.batch_id);
    expect(await t.db.prisma.batch.count({ where: { ownerId: ivan.uid } })).toBe(1);
    const other = await post('book-2026-q1', csv + `\nK-3,${point(502)}`);
    expect(other.status).toBe(422);
    expect(((await other.json()) as Json).error.message).toBe('This Idempotency-Key was already used for another batch request.');
    await finished(ivan, created.batch_id, 120_000);

    // Analysing it again: a retry answers the same new batch and the same count of queued rows.
    const rerun = (key: string) =>
      t.request(`/aerial/batches/${created.batch_id}/rerun`, { method: 'POST', headers: { ...auth(ivan), 'idempotency-key': key } });
    const one = (await (await rerun('rerun-1')).json()) as Json;
    const two = (await (await rerun('rerun-1')).json()) as Json;
    expect(two.batch_id).toBe(one.batch_id);
    expect([one.queued_rows, two.queued_rows]).toEqual([2, 2]);
    expect(await t.db.prisma.batch.count({ where: { ownerId: ivan.uid } })).toBe(2);
    await finished(ivan, one.batch_id, 120_000);
    expect(((await (await rerun('rerun-1')).json()) as Json).queued_rows).toBe(2);
    // Over GraphQL, a key already used for another request is refused in the same words, as a typed result.
    const reused = await graphql<Json>(
      t,
      `
        mutation ($input: RerunBatchInput!) {
          rerunBatch(input: $input) {
            __typename
            ... on Error {
              message
            }
          }
        }
      `,
      {
        token: ivan.idToken,
        headers: { 'idempotency-key': 'book-2026-q1' },
        variables: { input: { id: Buffer.from(`Batch:${created.batch_id}`).toString('base64') } },
      },
    );
    expect(reused.data!.rerunBatch).toEqual({
      __typename: 'ValidationError',
      message: 'This Idempotency-Key was already used for another batch request.',
    });
  }, 240_000);
});
