// Which analyzer a deployment gets, and the daily budget.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Analyzer } from '../../../server/analyzer/contract';
import { createInMemoryBudget } from '../../../server/analyzer/claude/budget';
import {
  AnalyzerConfigError,
  DEFAULT_ANTHROPIC_TIMEOUT_MS,
  DEFAULT_CLAUDE_DAILY_BUDGET,
  DEFAULT_CLAUDE_MODEL,
  resolveAnalyzerConfig,
} from '../../../server/analyzer/claude/config';
import { createAnalyzerFromConfig } from '../../../server/analyzer/claude/factory';
import { MAX_SENT_LONG_SIDE, MAX_SENT_PIXELS, prepareImageForClaude, sentSize } from '../../../server/analyzer/claude/image';
import { aerialJpeg, createLocalDouble } from './helpers';

const silent = { warn: () => undefined };

describe('createAnalyzerFromConfig', () => {
  const local: Analyzer = createLocalDouble();

  it('uses Claude only when ANALYZER=claude and a key are both set', () => {
    expect(createAnalyzerFromConfig({}, local, { logger: silent })).toBe(local);
    expect(createAnalyzerFromConfig({ ANTHROPIC_API_KEY: 'sk-x' }, local, { logger: silent })).toBe(local);
    expect(createAnalyzerFromConfig({ ANALYZER: 'local', ANTHROPIC_API_KEY: 'sk-x' }, local, { logger: silent })).toBe(local);
    const warnings: string[] = [];
    expect(
      createAnalyzerFromConfig({ ANALYZER: 'claude', ANTHROPIC_API_KEY: ' ' }, local, {
        logger: { warn: (m: string) => warnings.push(m) },
      }),
    ).toBe(local);
    expect(warnings[0]).toContain('ANTHROPIC_API_KEY is not set');
    const claude = createAnalyzerFromConfig({ ANALYZER: 'claude', ANTHROPIC_API_KEY: 'sk-x' }, local, { logger: silent });
    expect(claude).not.toBe(local);
    expect(claude.name).toBe('claude');
  });

  it('reads the defaults and the overrides', () => {
    expect(resolveAnalyzerConfig({ ANALYZER: 'Claude', ANTHROPIC_API_KEY: 'k' })).toEqual({
      kind: 'claude',
      config: {
        apiKey: 'k',
        model: DEFAULT_CLAUDE_MODEL,
        timeoutMs: DEFAULT_ANTHROPIC_TIMEOUT_MS,
        dailyBudget: DEFAULT_CLAUDE_DAILY_BUDGET,
      },
    });
    expect(
      resolveAnalyzerConfig({
        ANALYZER: 'claude',
        ANTHROPIC_API_KEY: 'k',
        ANTHROPIC_MODEL: 'claude-haiku-4-5',
        ANTHROPIC_BASE_URL: 'http://127.0.0.1:9',
        ANTHROPIC_TIMEOUT_MS: '1500',
        ANTHROPIC_EFFORT: 'low',
        CLAUDE_DAILY_BUDGET: '0',
      }),
    ).toEqual({
      kind: 'claude',
      config: { apiKey: 'k', model: 'claude-haiku-4-5', baseURL: 'http://127.0.0.1:9', timeoutMs: 1500, effort: 'low', dailyBudget: 0 },
    });
  });

  it.each([
    [{ ANALYZER: 'clade' }],
    [{ ANALYZER: 'claude', ANTHROPIC_API_KEY: 'k', ANTHROPIC_TIMEOUT_MS: '0' }],
    [{ ANALYZER: 'claude', ANTHROPIC_API_KEY: 'k', ANTHROPIC_TIMEOUT_MS: '10s' }],
    [{ ANALYZER: 'claude', ANTHROPIC_API_KEY: 'k', CLAUDE_DAILY_BUDGET: '-1' }],
    [{ ANALYZER: 'claude', ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: 'api.anthropic.com' }],
    [{ ANALYZER: 'claude', ANTHROPIC_API_KEY: 'k', ANTHROPIC_EFFORT: 'extreme' }],
  ])('refuses a wrong value at start-up: %j', (env) => {
    expect(() => resolveAnalyzerConfig(env)).toThrow(AnalyzerConfigError);
  });
});

describe('createInMemoryBudget', () => {
  it('counts per owner and resets at midnight UTC', async () => {
    let now = new Date('2026-11-22T23:59:00Z');
    const budget = createInMemoryBudget(2, () => now);
    expect(await budget.tryConsume('a')).toBe(true);
    expect(await budget.tryConsume('a')).toBe(true);
    expect(await budget.tryConsume('a')).toBe(false);
    expect(await budget.tryConsume('b')).toBe(true);
    now = new Date('2026-11-23T00:00:01Z');
    expect(await budget.tryConsume('a')).toBe(true);
  });

  it('with a limit of 0 never allows a call', async () => {
    expect(await createInMemoryBudget(0).tryConsume('a')).toBe(false);
  });
});

describe('the image sent to Claude', () => {
  it.each([
    [4000, 3000],
    [1600, 1000],
    [10000, 120],
    [120, 10000],
    [1072, 1072],
  ])('fits %i × %i within 1.15 MP and a 1568 px side', (w, h) => {
    const s = sentSize(w, h);
    expect(s.width * s.height).toBeLessThanOrEqual(MAX_SENT_PIXELS);
    expect(Math.max(s.width, s.height)).toBeLessThanOrEqual(MAX_SENT_LONG_SIDE);
    // The same shape, to the pixel (each side is rounded down on its own).
    const k = Math.max(s.width, s.height) / Math.max(w, h);
    expect(Math.abs(s.width - w * k)).toBeLessThanOrEqual(1);
    expect(Math.abs(s.height - h * k)).toBeLessThanOrEqual(1);
  });

  it('never enlarges a small image', () => {
    expect(sentSize(600, 400)).toEqual({ width: 600, height: 400 });
  });

  it('is a JPEG without metadata, at the computed size', async () => {
    const prepared = await prepareImageForClaude(await aerialJpeg(2400, 1800, 6));
    expect(prepared).toMatchObject({ mediaType: 'image/jpeg', sourceWidth: 1800, sourceHeight: 2400 });
    const meta = await sharp(prepared.data).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect({ width: meta.width, height: meta.height }).toEqual(sentSize(1800, 2400));
  });
});
