// The PDF property report (issue 10, item 3): GET /aerial/analysis/{id}/report.pdf and Analysis.reportUrl.
// The PDF is read as a person would read it: its text through pdftotext, its first page rendered by pdftoppm.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AI_DISCLAIMER } from '../../common/constants';
import { createEmulatorUser, type EmulatorUser } from '../helpers/auth-emulator-users';
import {
  auth,
  boxFinding,
  createAnalysisTestApp,
  highRiskScript,
  sceneImage,
  scriptedAnalyzer,
  uploaded,
  type AnalysisTestApp,
} from '../helpers/analysis';
import { graphql } from '../helpers/graphql';
import type { TestApp } from '../helpers/test-app';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

// The roof outline is drawn in orange (#f97316) over a scene with no orange in it.
const HIGH = highRiskScript([
  boxFinding('pool', 'blue water', [230, 160, 280, 190]),
  boxFinding('roof', 'main building', [96, 72, 208, 144], 0.9),
]);

let t: AnalysisTestApp & { dispose(): Promise<void> };
let base: string;
let user: EmulatorUser;
let other: EmulatorUser;
let dir: string;

beforeAll(async () => {
  t = await createAnalysisTestApp({ analyzer: scriptedAnalyzer({ '*': HIGH, 'Broken Image Rd': { fail: true } }) });
  base = await t.listen();
  user = await createEmulatorUser();
  other = await createEmulatorUser();
  dir = mkdtempSync(path.join(tmpdir(), 'aerisk-report-test-'));
});
afterAll(async () => {
  await t?.dispose();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function analysed(location = '7 Report Street'): Promise<string> {
  const itemId = await uploaded(base, user, location, await sceneImage('png', 320, 240));
  const res = await t.request(`/aerial/analyze/${itemId}`, { method: 'POST', headers: auth(user) });
  return ((await res.json()) as Json).analysis_id;
}
const report = (who: EmulatorUser | null, id: string) => t.request(`/aerial/analysis/${id}/report.pdf`, { headers: who ? auth(who) : {} });

/** The PDF's text as pdftotext lays it out, whitespace folded, and its page count. */
function readPdf(bytes: Buffer, name: string): { text: string; pages: number; file: string } {
  const file = path.join(dir, `${name}.pdf`);
  writeFileSync(file, bytes);
  const text = execFileSync('pdftotext', ['-layout', file, '-']).toString().replace(/\s+/g, ' ');
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file]).toString())?.[1]);
  return { text, pages, file };
}

describe('GET /aerial/analysis/{id}/report.pdf', () => {
  it('a reviewed analysis: both scores, the reason, findings with confidence, provenance, the disclaimer; one or two pages', async () => {
    const id = await analysed();
    const image = await t.db.prisma.image.findFirstOrThrow({ where: { analyses: { some: { id } } } });
    await t.db.prisma.image.update({
      where: { id: image.id },
      data: { capturedAt: new Date('2021-03-15T00:00:00Z'), gsdMPerPx: 0.3, gsdSource: 'map-zoom' },
    });
    const rejected = await t.request(`/aerial/analysis/${id}/review`, {
      method: 'POST',
      headers: { ...auth(user), 'content-type': 'application/json' },
      body: JSON.stringify({ field: 'finding', finding_index: 0, value: 'rejected', reason: 'It is a blue tarp, not a pool' }),
    });
    expect(rejected.status).toBe(200);

    const res = await report(user, id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="aerisk-report-${id}.pdf"`);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, pages, file } = readPdf(bytes, 'reviewed');
    expect(pages).toBeGreaterThanOrEqual(1);
    expect(pages).toBeLessThanOrEqual(2);
    expect(text).toContain('7 Report Street');
    expect(text).toContain('Risk score: 57 / 100, Medium risk (reviewed)');
    expect(text).toContain('Analyzer: 67 / 100, High risk -> Reviewed: 57 / 100, Medium risk');
    expect(text).toContain('Breakdown (analyzer, before review)');
    expect(text).toContain('It is a blue tarp, not a pool');
    expect(text).toMatch(/pool: 80% confidence — blue water — rejected by the reviewer/);
    expect(text).toMatch(/roof: 90% confidence — main building/);
    expect(text).toContain(`Reviewed by ${user.email}`);
    expect(text).toContain('Image source: upload');
    expect(text).toMatch(/Captured: 2021-03-15, \d+ years?( \d+ months?)? before this report/);
    expect(text).toContain('Resolution: 320 × 240 px; 0.30 m per pixel (map-zoom)');
    expect(text).toContain(`Image SHA-256: ${image.sha256}`);
    expect(text).toContain('Analyzer: scripted, scripted-test, version 0');
    expect(text).toContain(AI_DISCLAIMER.replace(/\s+/g, ' ').slice(0, 60));
    expect(text).toContain('Results may not be resold.');

    // Rendered, the first page shows the image with the roof outlined in its colour (orange).
    execFileSync('pdftoppm', ['-r', '60', '-f', '1', '-l', '1', '-png', file, path.join(dir, 'page')]);
    const { data, info } = await sharp(readFileSync(path.join(dir, 'page-1.png')))
      .raw()
      .toBuffer({ resolveWithObject: true });
    let orange = 0;
    for (let i = 0; i < data.length; i += info.channels) {
      if (data[i] > 200 && data[i + 1] > 80 && data[i + 1] < 150 && data[i + 2] < 80) orange += 1;
    }
    expect(orange).toBeGreaterThan(20);

    // Generating it is on the record.
    const trail = (await (await t.request(`/aerial/analysis/${id}/audit`, { headers: auth(user) })).json()) as Json[];
    expect(trail.at(-1)).toMatchObject({ kind: 'report_generated', actor: user.email });
  });

  it('an unreviewed analysis says so; GraphQL gives the URL to the owner only', async () => {
    const id = await analysed('8 Plain Road');
    const { text } = readPdf(Buffer.from(await (await report(user, id)).arrayBuffer()), 'plain');
    expect(text).toContain('Risk score: 67 / 100, High risk');
    expect(text).not.toContain('(reviewed)');
    expect(text).toContain('Not reviewed: these are the analyzer’s results.');
    expect(text).toContain('Captured: date unknown');

    const query = `query($id: ID!) { analysis(id: $id) { reportUrl } }`;
    const variables = { id: Buffer.from(`Analysis:${id}`).toString('base64') };
    const mine = await graphql<Json>(t as unknown as TestApp, query, { token: user.idToken, variables });
    expect(mine.data).toEqual({ analysis: { reportUrl: `/aerial/analysis/${id}/report.pdf` } });
    const theirs = await graphql<Json>(t as unknown as TestApp, query, { token: other.idToken, variables });
    expect(theirs.data).toEqual({ analysis: null });
  });

  it('another user gets 404, no token 401, an analysis that failed 409 — and nothing is audited', async () => {
    const id = await analysed('9 Private Way');
    const before = await t.db.prisma.auditEntry.count({ where: { analysisId: id } });
    const foreign = await report(other, id);
    expect(foreign.status).toBe(404);
    expect(((await foreign.json()) as Json).error.message).toBe('Analysis not found');
    expect((await report(null, id)).status).toBe(401);
    expect((await report(user, 'not-a-uuid')).status).toBe(404);
    expect(await t.db.prisma.auditEntry.count({ where: { analysisId: id } })).toBe(before);

    const broken = await uploaded(base, user, 'Broken Image Rd');
    const failed = (await (await t.request(`/aerial/analyze/${broken}`, { method: 'POST', headers: auth(user) })).json()) as Json;
    const row = await t.db.prisma.analysis.findFirstOrThrow({ where: { imageId: broken } });
    expect(failed.error.message).toBe('Failed to analyze image');
    const res = await report(user, row.id);
    expect(res.status).toBe(409);
    expect(((await res.json()) as Json).error.message).toBe('The report is available once the analysis is done.');
  });
});
