// The audit trail (issue 10, item 2): created, analysed and every review change, in order, returned by REST and
// GraphQL to the owner only; append-only in the database itself, and kept when a finding is rejected or the
// analysis deleted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulatorUser, type EmulatorUser } from '../helpers/auth-emulator-users';
import { auth, boxFinding, createAnalysisTestApp, scriptedAnalyzer, uploaded, type AnalysisTestApp } from '../helpers/analysis';
import { graphql } from '../helpers/graphql';
import type { TestApp } from '../helpers/test-app';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let t: AnalysisTestApp & { dispose(): Promise<void> };
let base: string;
let user: EmulatorUser;
let other: EmulatorUser;

beforeAll(async () => {
  t = await createAnalysisTestApp({
    analyzer: scriptedAnalyzer({ '*': { pool: true, findings: [boxFinding('pool', 'blue water'), boxFinding('roof', 'house')] } }),
  });
  base = await t.listen();
  user = await createEmulatorUser();
  other = await createEmulatorUser();
});
afterAll(async () => {
  await t?.dispose();
});

async function analysed(who: EmulatorUser): Promise<string> {
  const itemId = await uploaded(base, who, '3 Audit Row');
  const res = await t.request(`/aerial/analyze/${itemId}`, { method: 'POST', headers: auth(who) });
  return ((await res.json()) as Json).analysis_id;
}
const trail = (who: EmulatorUser | null, id: string) => t.request(`/aerial/analysis/${id}/audit`, { headers: who ? auth(who) : {} });
const review = (id: string, body: Json) =>
  t.request(`/aerial/analysis/${id}/review`, {
    method: 'POST',
    headers: { ...auth(user), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('the audit trail', () => {
  it('records creation (image hash, source, capture date), the analysis (analyzer, model, duration) and each review change', async () => {
    const id = await analysed(user);
    await review(id, { field: 'finding', finding_index: 0, value: 'rejected', reason: 'Blue tarp, not a pool' });
    await review(id, { field: 'roof_style', value: 'hip', reason: 'Four slopes seen from the street' });
    await t.request(`/aerial/analysis/${id}/review`, { method: 'DELETE', headers: auth(user) });

    const res = await trail(user, id);
    expect(res.status).toBe(200);
    const entries = (await res.json()) as Json[];
    expect(entries.map((e) => e.kind)).toEqual(['created', 'analysed', 'reviewed', 'reviewed', 'review_reverted', 'review_reverted']);
    const image = await t.db.prisma.image.findFirstOrThrow({ where: { analyses: { some: { id } } } });
    expect(entries[0]).toMatchObject({
      actor: user.email,
      details: { image_sha256: image.sha256, image_source: 'upload', image_captured_at: null },
    });
    expect(entries[1]).toMatchObject({
      actor: 'scripted',
      details: { analyzer: 'scripted', model: 'scripted-test', analyzer_version: '0' },
    });
    expect(entries[1].details.duration_ms).toEqual(expect.any(Number));
    expect(entries[2]).toMatchObject({
      actor: user.email,
      field: 'pool finding 1',
      from: 'unreviewed',
      to: 'rejected',
      reason: 'Blue tarp, not a pool',
    });
    expect(entries[3]).toMatchObject({ field: 'roof_style', from: 'gable', to: 'hip', reason: 'Four slopes seen from the street' });
    expect(entries[4]).toMatchObject({ field: 'pool finding 1', from: 'rejected', to: 'unreviewed', reason: 'Review reverted' });
    expect(entries[5]).toMatchObject({ field: 'roof_style', from: 'hip', to: 'gable' });
    for (const entry of entries) expect(Date.parse(entry.at)).not.toBeNaN();

    const gql = await graphql<Json>(
      t as unknown as TestApp,
      `
        query ($id: ID!) {
          analysis(id: $id) {
            auditTrail {
              kind
              actor
              field
              from
              to
              reason
              at
            }
          }
        }
      `,
      { token: user.idToken, variables: { id: Buffer.from(`Analysis:${id}`).toString('base64') } },
    );
    expect(gql.data!.analysis.auditTrail.map((e: Json) => [e.kind, e.field, e.from, e.to, e.reason])).toEqual(
      entries.map((e) => [e.kind, e.field, e.from, e.to, e.reason]),
    );
  });

  it('only the owner reads it: another user gets 404 (REST) and null (GraphQL); no token is 401', async () => {
    const id = await analysed(user);
    const foreign = await trail(other, id);
    expect(foreign.status).toBe(404);
    expect(((await foreign.json()) as Json).error.message).toBe('Analysis not found');
    expect((await trail(null, id)).status).toBe(401);
    const gql = await graphql<Json>(
      t as unknown as TestApp,
      `
        query ($id: ID!) {
          analysis(id: $id) {
            auditTrail {
              kind
            }
          }
        }
      `,
      {
        token: other.idToken,
        variables: { id: Buffer.from(`Analysis:${id}`).toString('base64') },
      },
    );
    expect(gql.data).toEqual({ analysis: null });
  });

  it('is append-only in the database: UPDATE and DELETE are refused, and entries outlive the analysis', async () => {
    const id = await analysed(user);
    await review(id, { field: 'finding', finding_index: 0, value: 'rejected', reason: 'Not a pool' });
    const count = () => t.db.prisma.auditEntry.count({ where: { analysisId: id } });
    expect(await count()).toBe(3);
    await expect(t.db.prisma.$executeRawUnsafe(`UPDATE audit_entries SET reason = 'edited' WHERE analysis_id = '${id}'`)).rejects.toThrow(
      /append-only/,
    );
    await expect(t.db.prisma.$executeRawUnsafe(`DELETE FROM audit_entries WHERE analysis_id = '${id}'`)).rejects.toThrow(/append-only/);
    await expect(t.db.prisma.auditEntry.deleteMany({ where: { analysisId: id } })).rejects.toThrow();
    expect(await t.db.prisma.auditEntry.findMany({ where: { analysisId: id, reason: 'edited' } })).toEqual([]);

    // Deleting the analysis keeps its trail and adds the deletion to it.
    expect((await t.request(`/aerial/analysis/${id}`, { method: 'DELETE', headers: auth(user) })).status).toBe(204);
    const kept = await t.db.prisma.auditEntry.findMany({ where: { analysisId: id }, orderBy: { id: 'asc' } });
    expect(kept.map((e) => e.kind)).toEqual(['created', 'analysed', 'reviewed', 'deleted']);
    expect((await trail(user, id)).status).toBe(404);
  });

  it('goes only with its owner’s account (a guest’s data, an erased account)', async () => {
    const guest = await createEmulatorUser();
    const id = await analysed(guest);
    expect(await t.db.prisma.auditEntry.count({ where: { analysisId: id } })).toBe(2);
    await t.db.prisma.user.delete({ where: { id: guest.uid } });
    expect(await t.db.prisma.auditEntry.count({ where: { analysisId: id } })).toBe(0);
  });
});
