// Picks the analyzer the deployment asked for. The analysis service calls this once at start-up with
// process.env, its local analyzer and its database-backed budget.
import type { Analyzer } from '../contract';
import { createClaudeAnalyzer } from './analyzer';
import { createInMemoryBudget, type ClaudeBudget } from './budget';
import { resolveAnalyzerConfig, type AnalyzerEnv } from './config';

export interface AnalyzerFactoryOptions {
  /** Per-user daily budget; default an in-memory one of CLAUDE_DAILY_BUDGET (fine for the CLI and one process). */
  budget?: ClaudeBudget;
  logger?: Pick<Console, 'warn'>;
}

/**
 * ANALYZER=claude with ANTHROPIC_API_KEY → the Claude analyzer (with `local` as its measurer and fallback);
 * anything else → `local`. Throws AnalyzerConfigError for a value that is set but wrong.
 */
export function createAnalyzerFromConfig(env: AnalyzerEnv, local: Analyzer, options: AnalyzerFactoryOptions = {}): Analyzer {
  const choice = resolveAnalyzerConfig(env);
  const logger = options.logger ?? console;
  if (choice.kind === 'local') {
    // Asking for Claude without a key is a misconfiguration worth one line; the default is not.
    if ((env.ANALYZER ?? '').trim().toLowerCase() === 'claude') logger.warn(`analyzer: using the local analyzer (${choice.why})`);
    return local;
  }
  const { config } = choice;
  return createClaudeAnalyzer({
    local,
    apiKey: config.apiKey,
    model: config.model,
    ...(config.baseURL !== undefined ? { baseURL: config.baseURL } : {}),
    timeoutMs: config.timeoutMs,
    ...(config.effort !== undefined ? { effort: config.effort } : {}),
    budget: options.budget ?? createInMemoryBudget(config.dailyBudget),
    logger,
  });
}
