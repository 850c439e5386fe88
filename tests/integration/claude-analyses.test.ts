// Issue 6 through the real app: ANALYZER=claude against the fake Anthropic Messages API. No analyzer is
// injected, so the app builds the configured one (Claude with the real local analyzer as measurer and
// fallback) as production does. Every reply the fake can give must end in a STORED, contract-valid analysis
// whose provenance says honestly who answered, and the fake counts the attempts it took.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzerOutputSchema, type AnalyzerOutput } from '../../server/analyzer/contract';
import { PROMPT_VERSION } from '../../server/analyzer/claude/prompt';
import { reply, startFakeAnthropic, type FakeAnthropic, type FakeReply } from '../fakes/anthropic';
import { createEmulatorUser, type EmulatorUser } from '../helpers/auth-emulator-users';
import { auth, createAnalysisTestApp, uploaded, type AnalysisTestApp } from '../helpers/analysis';
import { validAnswer } from '../unit/claude/helpers';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type TestApp = AnalysisTestApp & { dispose(): Promise<void> };

const API_KEY = 'test-key';
const MODEL = 'claude-test';
const LOCATION = 'Chico, CA';
const image = readFileSync(new URL('../fixtures/images/chico_2020_55.png', import.meta.url));
const answerFromSentImage = reply.toolUse((request) => validAnswer(request.image!));

let fake: FakeAnthropic;
let user: EmulatorUser;
/** A deadline generous enough for three attempts with the SDK's back-off on a loaded two-core machine. */
let patient: { app: TestApp };
/** The smallest deadline that still leaves the request time to reach the fake: for the hang. */
let impatient: { app: TestApp };

async function claudeApp(timeoutMs: number): Promise<{ app: TestApp }> {
  const app = await createAnalysisTestApp({
    env: {
      ANALYZER: 'claude',
      ANTHROPIC_API_KEY: API_KEY,
      ANTHROPIC_MODEL: MODEL,
      ANTHROPIC_BASE_URL: fake.url,
      ANTHROPIC_TIMEOUT_MS: String(timeoutMs),
      // The budget has its own test (analyze.test.ts); here it must never be the reason for a fallback.
      CLAUDE_DAILY_BUDGET: '1000',
    },
  });
  return { app };
}

beforeAll(async () => {
  fake = await startFakeAnthropic({ apiKey: API_KEY, model: MODEL });
  // createAnalysisTestApp points FIREBASE_AUTH_EMULATOR_HOST at the emulator; users come after it.
  patient = await claudeApp(30_000);
  impatient = await claudeApp(300);
  user = await createEmulatorUser();
});
afterAll(async () => {
  await patient?.app.dispose();
  await impatient?.app.dispose();
  await fake?.close();
});

/**
 * Uploads the fixture, analyses it through POST /aerial/analyze/{item_id}, reads the stored analysis back
 * with GET /aerial/analysis/{id} and returns it with the number of attempts the fake saw for it.
 */
async function analyseThroughApp(
  target: { app: TestApp },
  script: FakeReply[],
): Promise<{ record: Json; output: AnalyzerOutput; attempts: number; posted: Json; stored: Json }> {
  const before = fake.attempts;
  // The fake picks its reply by attempt number since it started, not since script(); one fake serves the
  // whole file (the app's ANTHROPIC_BASE_URL is fixed), so the attempts already answered are padded over.
  fake.script([...Array.from({ length: before }, () => reply.serverError()), ...script]);
  const problemsBefore = fake.problems.length;
  const itemId = await uploaded(target.app, user, LOCATION, image);
  const res = await target.app.request(`/aerial/analyze/${itemId}`, { method: 'POST', headers: auth(user) });
  expect(res.status, await res.clone().text()).toBe(200);
  const posted = (await res.json()) as Json;
  const got = await target.app.request(`/aerial/analysis/${posted.analysis_id}`, { headers: auth(user) });
  expect(got.status).toBe(200);
  const record = (await got.json()) as Json;
  expect(record).toMatchObject({ analysis_id: posted.analysis_id, status: 'done', image_item_id: itemId, property_location: LOCATION });
  // What was stored is what the analyzer contract allows, and the same as what the POST answered.
  const output = analyzerOutputSchema.parse({ results: record.analysis_results, evidence: record.evidence });
  expect(record.analysis_results).toEqual(posted.results);
  expect(record.evidence).toEqual(posted.evidence);
  expect(record.risk_score).toBe(output.results.risk_score === null ? null : Math.round(output.results.risk_score));
  // Every request the app sent was one the real API would accept.
  expect(fake.problems.slice(problemsBefore)).toEqual([]);
  const stored = await target.app.db.prisma.analysis.findUniqueOrThrow({ where: { id: posted.analysis_id } });
  return { record, output, attempts: fake.attempts - before, posted, stored: stored as Json };
}

interface Success {
  name: string;
  script: FakeReply[];
  attempts: number;
}

const successes: Success[] = [
  { name: 'a valid tool_use', script: [answerFromSentImage], attempts: 1 },
  { name: '429 with retry-after 1, then a valid tool_use', script: [reply.rateLimited(1), answerFromSentImage], attempts: 2 },
  { name: '529 overloaded, then a valid tool_use', script: [reply.overloaded(), answerFromSentImage], attempts: 2 },
  { name: 'a dropped connection, then a valid tool_use', script: [reply.drop(), answerFromSentImage], attempts: 2 },
];

describe('ANALYZER=claude: analyses complete through Claude’s tool answers', () => {
  it.each(successes)('$name → stored from Claude after $attempts attempt(s)', async ({ script, attempts }) => {
    const { output, attempts: seen, stored } = await analyseThroughApp(patient, script);
    expect(seen).toBe(attempts);
    const prov = output.evidence.provenance;
    expect(prov).toMatchObject({ provider: 'anthropic', model: MODEL, prompt_version: PROMPT_VERSION, attempts });
    expect(prov.fallback).toBeUndefined();
    expect(prov.request_id).toBe(`req_fake_${fake.attempts}`);
    // Claude's judgement is what was stored: its words and its damage outline, scored by our scoring module.
    expect(output.results).toMatchObject({ property_condition: 'poor', roof: { style: 'gable', condition: 'poor' } });
    expect(output.results.additional_risks).toContain('Debris pile beside the garage');
    expect(output.evidence.findings.some((f) => f.feature === 'damage' && f.analyzer === 'claude')).toBe(true);
    expect(stored.status).toBe('done');
    expect(stored.riskScore).toBe(output.results.risk_score);
  });

  it('waits out retry-after before the second attempt', async () => {
    const first = fake.attempts;
    await analyseThroughApp(patient, [reply.rateLimited(1), answerFromSentImage]);
    const [a, b] = fake.requests.slice(first);
    expect(b.receivedAt - a.receivedAt).toBeGreaterThanOrEqual(950);
  });
});

interface Failure {
  name: string;
  script: FakeReply[];
  attempts: number;
  /** The fallback reason's code (the text before the colon). */
  reason: string;
  impatient?: boolean;
}

const failures: Failure[] = [
  {
    name: 'a schema-violating tool_use',
    script: [reply.toolUse((r) => ({ ...validAnswer(r.image!), roof: { style: 'gable', condition: 'terrible' } }))],
    attempts: 1,
    reason: 'invalid_answer',
  },
  {
    name: 'a tool_use missing fields',
    script: [reply.toolUse({ roof: { style: 'gable', condition: 'good' } })],
    attempts: 1,
    reason: 'invalid_answer',
  },
  {
    name: 'text instead of a tool call',
    script: [reply.text('The roof looks fine. {"roof": "good"}')],
    attempts: 1,
    reason: 'no_tool_call',
  },
  { name: 'a refusal', script: [reply.refusal()], attempts: 1, reason: 'refusal' },
  { name: '529 overloaded three times', script: [reply.overloaded()], attempts: 3, reason: 'overloaded' },
  { name: '500 three times', script: [reply.serverError()], attempts: 3, reason: 'server_error' },
  { name: 'dropped connections three times', script: [reply.drop()], attempts: 3, reason: 'connection_error' },
  { name: 'a hang past ANTHROPIC_TIMEOUT_MS=300', script: [reply.hang()], attempts: 1, reason: 'timeout', impatient: true },
  {
    name: 'credit balance too low (400, not retried)',
    script: [reply.creditBalanceTooLow(), answerFromSentImage],
    attempts: 1,
    reason: 'billing',
  },
  {
    name: 'spend limit reached (429 with an error code, not retried)',
    script: [reply.spendLimitReached(), answerFromSentImage],
    attempts: 1,
    reason: 'billing',
  },
];

describe('ANALYZER=claude: every failure mode ends in a stored analysis from the local fallback', () => {
  it.each(failures)('$name → $attempts attempt(s), fallback $reason', async ({ script, attempts, reason, impatient: useImpatient }) => {
    const started = Date.now();
    const { output, attempts: seen, stored } = await analyseThroughApp(useImpatient ? impatient : patient, script);
    expect(seen).toBe(attempts);
    const prov = output.evidence.provenance;
    expect(prov.provider).toBe('local');
    expect(prov.fallback).toMatchObject({ from: 'claude', reason: expect.stringMatching(new RegExp(`^${reason}:`)) });
    // The paid-for (or attempted) Claude call is still on the record, so costs and failures can be traced.
    expect(prov.claude_attempt).toMatchObject({ attempts, model: MODEL, prompt_version: PROMPT_VERSION });
    // Nothing Claude said survives a failure: every finding is the local analyzer's.
    expect(output.evidence.findings.every((f) => f.analyzer === 'local')).toBe(true);
    expect(stored.status).toBe('done');
    expect(stored.riskScore).toBe(output.results.risk_score);
    if (useImpatient) {
      expect(prov.fallback?.reason).toContain('300 ms');
      // Bounded by our deadline, not the SDK's 10 minutes (wide margin: upload and local analysis included).
      expect(Date.now() - started).toBeLessThan(20_000);
    }
  });
});
