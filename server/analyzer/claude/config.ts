// Analyzer configuration from the environment. Claude is used only when asked for (ANALYZER=claude) AND a key
// is present: a key alone never switches, because every call costs money. Values that are present but wrong
// fail at start-up, not on the first analysis.

export const DEFAULT_CLAUDE_MODEL = 'claude-sonnet-5-5';
/** Our deadline for the whole Claude step, retries included; the SDK's own default is 10 minutes. */
export const DEFAULT_ANTHROPIC_TIMEOUT_MS = 60_000;
export const DEFAULT_CLAUDE_DAILY_BUDGET = 50;
/** Retries after the first attempt: 3 attempts in all. */
export const CLAUDE_MAX_RETRIES = 2;
export const CLAUDE_EFFORTS = ['low', 'medium', 'high', 'xhigh', 'max'] as const;
export type ClaudeEffort = (typeof CLAUDE_EFFORTS)[number];

export type AnalyzerEnv = Readonly<Record<string, string | undefined>>;

export interface ClaudeConfig {
  apiKey: string;
  model: string;
  /** Unset → the SDK's default (https://api.anthropic.com). Tests point it at a fake. */
  baseURL?: string;
  timeoutMs: number;
  /** Sent as output_config.effort only when set: not every model accepts it. */
  effort?: ClaudeEffort;
  dailyBudget: number;
}

export type AnalyzerChoice = { kind: 'local'; why: string } | { kind: 'claude'; config: ClaudeConfig };

export class AnalyzerConfigError extends Error {
  override readonly name = 'AnalyzerConfigError';
}

/** An unset and an empty variable mean the same (a blank line in an .env file). */
function read(env: AnalyzerEnv, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function wholeNumber(env: AnalyzerEnv, name: string, fallback: number, min: number): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min) {
    throw new AnalyzerConfigError(`${name} must be a whole number ≥ ${min}, got "${raw}"`);
  }
  return Number(raw);
}

export function resolveAnalyzerConfig(env: AnalyzerEnv): AnalyzerChoice {
  const analyzer = (read(env, 'ANALYZER') ?? 'local').toLowerCase();
  if (analyzer !== 'local' && analyzer !== 'claude') {
    throw new AnalyzerConfigError(`ANALYZER must be "local" or "claude", got "${analyzer}"`);
  }
  if (analyzer === 'local') return { kind: 'local', why: 'ANALYZER is local' };
  const apiKey = read(env, 'ANTHROPIC_API_KEY');
  if (!apiKey) return { kind: 'local', why: 'ANALYZER=claude but ANTHROPIC_API_KEY is not set' };

  const baseURL = read(env, 'ANTHROPIC_BASE_URL');
  if (baseURL !== undefined && !/^https?:\/\//.test(baseURL)) {
    throw new AnalyzerConfigError(`ANTHROPIC_BASE_URL must be an http(s) URL, got "${baseURL}"`);
  }
  const effort = read(env, 'ANTHROPIC_EFFORT');
  if (effort !== undefined && !(CLAUDE_EFFORTS as readonly string[]).includes(effort)) {
    throw new AnalyzerConfigError(`ANTHROPIC_EFFORT must be one of ${CLAUDE_EFFORTS.join(', ')}, got "${effort}"`);
  }
  return {
    kind: 'claude',
    config: {
      apiKey,
      model: read(env, 'ANTHROPIC_MODEL') ?? DEFAULT_CLAUDE_MODEL,
      ...(baseURL !== undefined ? { baseURL } : {}),
      timeoutMs: wholeNumber(env, 'ANTHROPIC_TIMEOUT_MS', DEFAULT_ANTHROPIC_TIMEOUT_MS, 1),
      ...(effort !== undefined ? { effort: effort as ClaudeEffort } : {}),
      dailyBudget: wholeNumber(env, 'CLAUDE_DAILY_BUDGET', DEFAULT_CLAUDE_DAILY_BUDGET, 0),
    },
  };
}
