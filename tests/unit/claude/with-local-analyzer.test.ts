// The real embedded analyzer in the `local` slot (the other tests use a deterministic double so their
// expectations do not move when the local analyzer is tuned): both paths must stay contract-valid.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { analyzerOutputSchema } from '../../../server/analyzer/contract';
import { createClaudeAnalyzer } from '../../../server/analyzer/claude/analyzer';
import { createInMemoryBudget } from '../../../server/analyzer/claude/budget';
import { createLocalAnalyzer } from '../../../server/analyzer/local/analyzer';
import { reply, startFakeAnthropic, type FakeAnthropic } from '../../fakes/anthropic';
import { aerialJpeg, validAnswer } from './helpers';

let fake: FakeAnthropic;
beforeEach(async () => {
  fake = await startFakeAnthropic({ apiKey: 'sk-ant-test', model: 'claude-test-model' });
});
afterEach(async () => {
  await fake.close();
});

function analyzer() {
  return createClaudeAnalyzer({
    local: createLocalAnalyzer(),
    apiKey: 'sk-ant-test',
    model: 'claude-test-model',
    baseURL: fake.url,
    timeoutMs: 5_000,
    budget: createInMemoryBudget(10),
    logger: { warn: () => undefined },
  });
}

it('combines Claude’s answer with the embedded analyzer’s result', async () => {
  fake.script([reply.toolUse((request) => validAnswer(request.image!))]);
  const output = analyzerOutputSchema.parse(
    await analyzer().analyze(await aerialJpeg(1600, 1000), { source: 'upload', gsd_m_per_px: 0.15 }),
  );
  expect(fake.problems).toEqual([]);
  expect(output.evidence.provenance).toMatchObject({
    provider: 'anthropic',
    width: 1600,
    height: 1000,
    combined_with: { provider: 'local' },
  });
  expect(output.evidence.findings.some((f) => f.analyzer === 'claude')).toBe(true);
});

it('falls back to the embedded analyzer’s own result when Claude fails', async () => {
  fake.script([reply.serverError()]);
  const image = await aerialJpeg(1600, 1000);
  const output = analyzerOutputSchema.parse(await analyzer().analyze(image, { source: 'upload', gsd_m_per_px: 0.15 }));
  const alone = await createLocalAnalyzer().analyze(image, { source: 'upload', gsd_m_per_px: 0.15 });
  expect(fake.attempts).toBe(3);
  expect(output.evidence.provenance).toMatchObject({ provider: 'local', fallback: { from: 'claude' } });
  expect(output.results).toEqual(alone.results);
});
