// GET /aerial/analyses/export: the history's matches as CSV, JSON or GeoJSON, streamed page by page,
// scoped to the signed-in user, with bad input refused in words.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_PAGE_ROWS } from '../../server/rest/exports';
import { createEmulatorUser, type EmulatorUser } from '../helpers/auth-emulator-users';
import { parseCsv } from '../helpers/csv';
import { auth, createAnalysisTestApp, scriptedAnalyzer, uploaded, type AnalysisTestApp } from '../helpers/analysis';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const scripts = {
  '1 Ocean Ave, Seaside': { pool: true },
  '2 Pine St, Woodville': { trees: { count: 5, proximity: 'touching' as const } },
  '=HYPERLINK("http://evil.example","x"), Formula Rd': { solar: 30 },
  '4 Dark Ln, Nightfall': { assessable: false },
};

let t: AnalysisTestApp & { dispose(): Promise<void> };
let user: EmulatorUser;
let other: EmulatorUser;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createAnalysisTestApp({ analyzer: scriptedAnalyzer(scripts) });
  const base = await t.listen();
  user = await createEmulatorUser();
  for (const location of Object.keys(scripts)) {
    const itemId = await uploaded(base, user, location);
    const res = await t.request(`/aerial/analyze/${itemId}`, { method: 'POST', headers: auth(user) });
    ids[location] = ((await res.json()) as Json).analysis_id;
  }
  other = await createEmulatorUser();
  await t.request(`/aerial/analyze/${await uploaded(base, other, 'Not yours')}`, { method: 'POST', headers: auth(other) });
});
afterAll(async () => {
  await t?.dispose();
});

const exported = (who: EmulatorUser | null, query: string) =>
  t.request(`/aerial/analyses/export${query}`, { headers: who ? auth(who) : {} });

describe('GET /aerial/analyses/export', () => {
  it('CSV: one row per matching analysis in the history order, as an attachment, formulas defused', async () => {
    const res = await exported(user, '?format=csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="aerisk-analyses-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [head, ...rows] = parseCsv(await res.text());
    expect(head.slice(0, 7)).toEqual(['analysis_id', 'created_at', 'status', 'property_location', 'risk_score', 'risk_band', 'reason']);
    // Newest first, like the history; only this user's analyses.
    expect(rows.map((r) => r[0])).toEqual(Object.values(ids).reverse());
    const col = (name: string) => head.indexOf(name);
    const byId = Object.fromEntries(rows.map((r) => [r[0], r]));
    expect(byId[ids['1 Ocean Ave, Seaside']][col('pool')]).toBe('true');
    expect(byId[ids['2 Pine St, Woodville']][col('trees_overhanging')]).toBe('true');
    expect(byId[ids['4 Dark Ln, Nightfall']][col('risk_score')]).toBe('');
    // Why it has no score, read from its evidence without loading any other row's.
    expect(byId[ids['4 Dark Ln, Nightfall']][col('reason')]).toBe('The image is too dark to judge.');
    expect(byId[ids['1 Ocean Ave, Seaside']][col('reason')]).toBe('');
    const formula = byId[ids['=HYPERLINK("http://evil.example","x"), Formula Rd']];
    expect(formula[col('property_location')]).toBe(`'=HYPERLINK("http://evil.example","x"), Formula Rd`);
    expect(formula[col('solar')]).toBe('true');
  });

  it('follows the search, the filters and the sort of the history', async () => {
    const list = (await (await t.request('/aerial/analyses?q=ocean&filters=pool', { headers: auth(user) })).json()) as Json[];
    const res = await exported(user, '?format=json&q=ocean&filters=pool');
    const body = (await res.json()) as Json[];
    expect(body.map((r) => r.analysis_id)).toEqual(list.map((r) => r.analysis_id));
    expect(body).toHaveLength(1);
    expect(body[0]).toMatchObject({ property_location: '1 Ocean Ave, Seaside', analysis_results: { pool: { present: true } } });
    const sorted = (await (await exported(user, '?format=json&sort=risk_score&order=asc')).json()) as Json[];
    const listed = (await (await t.request('/aerial/analyses?sort=risk_score&order=asc', { headers: auth(user) })).json()) as Json[];
    expect(sorted.map((r) => r.analysis_id)).toEqual(listed.map((r) => r.analysis_id));
  });

  it('GeoJSON: a point feature for each analysis whose place is known', async () => {
    const row = await t.db.prisma.analysis.findUniqueOrThrow({ where: { id: ids['1 Ocean Ave, Seaside'] } });
    await t.db.prisma.image.update({ where: { id: row.imageId }, data: { latitude: 34.0259, longitude: -118.7798 } });
    const res = await exported(user, '?format=geojson');
    expect(res.headers.get('content-type')).toMatch(/^application\/geo\+json/);
    const body = (await res.json()) as Json;
    expect(body.type).toBe('FeatureCollection');
    expect(body.features).toEqual([
      {
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [-118.7798, 34.0259] },
        properties: expect.objectContaining({ analysis_id: row.id, pool: true, property_location: '1 Ocean Ave, Seaside' }),
      },
    ]);
  });

  it('exports the reviewed values (and the analyzer’s score beside them); each export is audited', async () => {
    const id = ids['1 Ocean Ave, Seaside'];
    const reviewed = await t.request(`/aerial/analysis/${id}/review`, {
      method: 'POST',
      headers: { ...auth(user), 'content-type': 'application/json' },
      body: JSON.stringify({ field: 'pool', value: 'absent', reason: 'Filled in last year' }),
    });
    expect(reviewed.status).toBe(200);
    const { risk_score: score, review } = (await reviewed.json()) as Json;
    try {
      const [head, ...rows] = parseCsv(await (await exported(user, '?format=csv')).text());
      const row = rows.find((r) => r[0] === id)!;
      const cell = (name: string) => row[head.indexOf(name)];
      expect(cell('pool')).toBe('false');
      expect(cell('risk_score')).toBe(String(score));
      expect(cell('reviewed')).toBe('true');
      expect(cell('analyzer_risk_score')).toBe(String(review.analyzer.risk_score));
      expect(cell('reviewed_by')).toBe(user.email);
      const stored = await t.db.prisma.analysis.findUniqueOrThrow({ where: { id } });
      expect(cell('analyzer_version')).toBe((stored.provenance as Json).analyzer_version);
      expect(cell('analyzer_version')).not.toBe('');
      // The history's filter reads the reviewed value too: the pool filter no longer exports it.
      const pools = parseCsv(await (await exported(user, '?format=csv&filters=pool')).text());
      expect(pools.slice(1).map((r) => r[0])).not.toContain(id);
      const trail = (await (await t.request(`/aerial/analysis/${id}/audit`, { headers: auth(user) })).json()) as Json[];
      expect(trail.filter((e) => e.kind === 'exported').map((e) => e.details.format)).toContain('csv');
    } finally {
      await t.request(`/aerial/analysis/${id}/review`, { method: 'DELETE', headers: auth(user) });
    }
  });

  it(`streams every row of a large history, across pages of ${EXPORT_PAGE_ROWS}`, async () => {
    const big = await createEmulatorUser();
    const imageId = await uploaded(await t.listen(), big, 'bulk');
    const n = 2 * EXPORT_PAGE_ROWS + 37;
    const start = Date.now();
    await t.db.prisma.analysis.createMany({
      data: Array.from({ length: n }, (_, i) => ({
        ownerId: big.uid,
        imageId,
        propertyLocation: `${i} Bulk St`,
        status: 'done' as const,
        progress: 100,
        riskScore: i % 100,
        createdAt: new Date(start - i * 1000),
      })),
    });
    const csv = parseCsv(await (await exported(big, '?format=csv')).text());
    expect(csv).toHaveLength(n + 1);
    expect(new Set(csv.slice(1).map((r) => r[0])).size).toBe(n);
    expect(csv[1][3]).toBe('0 Bulk St');
    expect(csv[n][3]).toBe(`${n - 1} Bulk St`);
    const json = (await (await exported(big, '?format=json')).json()) as Json[];
    expect(json).toHaveLength(n);
  });

  it('refuses without a token, refuses an unknown format or filter in words, and never shows another user’s rows', async () => {
    expect((await exported(null, '?format=csv')).status).toBe(401);
    const bad = await exported(user, '?format=xlsx');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as Json).error.message).toBe('Unknown export format "xlsx"; formats are csv, json, geojson.');
    const badFilter = await exported(user, '?format=csv&filters=moat');
    expect(badFilter.status).toBe(400);
    const theirs = (await (await exported(other, '?format=json')).json()) as Json[];
    expect(theirs.map((r) => r.property_location)).toEqual(['Not yours']);
  });
});
