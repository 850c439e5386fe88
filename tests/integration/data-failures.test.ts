// The specification's data-call messages (§8) when the database itself fails: every read and write of analyses and
// risk zones answers its own message on both transports, with code INTERNAL and no detail of the cause, and nothing
// that was stored is lost once the database is back. The failure is a real one: the tables are renamed away under
// the running server (what a bad restore or a migration gone wrong leaves), so the real queries fail in the real
// database.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulatorUser, type EmulatorUser } from '../helpers/auth-emulator-users';
import { auth, createAnalysisTestApp, scriptedAnalyzer, type AnalysisTestApp } from '../helpers/analysis';
import { graphql } from '../helpers/graphql';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let t: AnalysisTestApp & { dispose(): Promise<void> };
let user: EmulatorUser;

const TABLES = ['analyses', 'risk_zones'];

async function renameTables(from: (table: string) => string, to: (table: string) => string) {
  for (const table of TABLES) await t.db.prisma.$executeRawUnsafe(`ALTER TABLE "${from(table)}" RENAME TO "${to(table)}"`);
}

const away = (table: string) => `${table}_away`;
const same = (table: string) => table;

beforeAll(async () => {
  t = await createAnalysisTestApp({ analyzer: scriptedAnalyzer({}) });
  user = await createEmulatorUser();
});
afterAll(async () => {
  await t?.dispose();
});

function rest(path: string, init: RequestInit = {}) {
  return t.request(path, { ...init, headers: { ...auth(user), 'content-type': 'application/json', ...(init.headers ?? {}) } });
}

const ZONE = { location: '10 Flood Plain Rd', risk_level: 'high', details: 'Creek overflows every spring' };

/** Each REST data call of the specification's table with the message it answers when its query fails. */
const REST_CALLS: [string, () => Promise<Response>, string][] = [
  ['GET /aerial/analyses', () => rest('/aerial/analyses'), 'Failed to fetch aerial analyses'],
  ['GET /aerial/analysis/{id}', () => rest(`/aerial/analysis/${randomUUID()}`), 'Failed to fetch aerial analysis'],
  ['GET /aerial/analysis-statistics', () => rest('/aerial/analysis-statistics'), 'Failed to fetch aerial analysis statistics'],
  ['GET /aerial/risk-zones', () => rest('/aerial/risk-zones'), 'Failed to fetch risk zones'],
  [
    'POST /aerial/risk-zones',
    () => rest('/aerial/risk-zones', { method: 'POST', body: JSON.stringify(ZONE) }),
    'Failed to create risk zone',
  ],
  ['GET /aerial/statistics', () => rest('/aerial/statistics'), 'Failed to fetch aerial statistics'],
];

/** The same calls through GraphQL. */
const GRAPHQL_CALLS: [string, string, Record<string, unknown>, string][] = [
  ['analyses', '{ viewer { analyses(first: 5) { edges { node { id } } } } }', {}, 'Failed to fetch aerial analyses'],
  [
    'analysis(id)',
    'query ($id: ID!) { analysis(id: $id) { id } }',
    { id: Buffer.from(`Analysis:${randomUUID()}`).toString('base64') },
    'Failed to fetch aerial analysis',
  ],
  ['analysisStatistics', '{ viewer { analysisStatistics { failed } } }', {}, 'Failed to fetch aerial analysis statistics'],
  ['riskZones', '{ viewer { riskZones(first: 5) { edges { node { id } } } } }', {}, 'Failed to fetch risk zones'],
  [
    'createRiskZone',
    'mutation ($input: CreateRiskZoneInput!) { createRiskZone(input: $input) { __typename ... on Error { message } } }',
    { input: { location: ZONE.location, riskLevel: 'high', details: ZONE.details } },
    'Failed to create risk zone',
  ],
  ['riskZoneStatistics', '{ viewer { riskZoneStatistics { totalZones } } }', {}, 'Failed to fetch aerial statistics'],
];

describe('the database fails under the running server', () => {
  it('every data call answers the specification’s message, code INTERNAL, on both transports; nothing stored is lost', async () => {
    const created = await rest('/aerial/risk-zones', { method: 'POST', body: JSON.stringify(ZONE) });
    expect(created.status).toBe(201);
    const before = (await (await rest('/aerial/risk-zones')).json()) as Json[];
    expect(before).toHaveLength(1);

    await renameTables(same, away);
    try {
      for (const [name, call, message] of REST_CALLS) {
        const res = await call();
        const text = await res.text();
        expect(res.status, name).toBe(500);
        expect(JSON.parse(text), name).toEqual({ error: { code: 'INTERNAL', message } });
        expect(text, name).not.toMatch(/analyses_away|risk_zones_away|relation|does not exist|\.ts:/);
      }
      for (const [name, query, variables, message] of GRAPHQL_CALLS) {
        const res = await graphql<Json>(t, query, { token: user.idToken, variables });
        const said = res.errors?.[0] ?? (res.data?.createRiskZone as Json | undefined);
        expect(said, name).toMatchObject({ message });
        if (res.errors) expect(res.errors[0].extensions?.code, name).toBe('INTERNAL');
        expect(JSON.stringify(res), name).not.toMatch(/analyses_away|risk_zones_away|relation|does not exist|\.ts:/);
      }
    } finally {
      await renameTables(away, same);
    }

    // Back: the zone accepted before the failure is there, and no half-written one from the failed creates.
    const after = (await (await rest('/aerial/risk-zones')).json()) as Json[];
    expect(after).toEqual(before);
    expect((await rest('/aerial/analyses')).status).toBe(200);
  });
});
