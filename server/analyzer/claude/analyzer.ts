// The Claude analyzer: the embedded analyzer measures, Claude judges, merge.ts combines, and the scoring
// module scores. Claude is one more opinion, never a single point of failure: every way a call can go wrong
// (budget, timeout, rate limit, overload, outage, dropped connection, billing, refusal, prose instead of a
// tool call, an answer that breaks the schema) ends in the local analyzer's result with
// provenance.fallback saying why. Only an unreadable image throws, and it throws from the local analyzer
// before any money is spent.
import Anthropic from '@anthropic-ai/sdk';
import { assembleOutput } from '../assemble';
import { analyzerOutputSchema, type AnalyzeContext, type Analyzer, type AnalyzerOutput, type Provenance } from '../contract';
import { checkAnswer, type ClaudeAnswer } from './answer';
import { ANONYMOUS_OWNER, createInMemoryBudget, type ClaudeBudget } from './budget';
import {
  CLAUDE_MAX_RETRIES,
  DEFAULT_ANTHROPIC_TIMEOUT_MS,
  DEFAULT_CLAUDE_DAILY_BUDGET,
  DEFAULT_CLAUDE_MODEL,
  type ClaudeEffort,
} from './config';
import { ClaudeFailure, callMiddleware, classifyError, type CallTrace } from './failures';
import { prepareImageForClaude, type PreparedImage } from './image';
import { mergeAnalyses } from './merge';
import { PROMPT_VERSION, RECORD_TOOL, SYSTEM_PROMPT, TOOL_NAME, buildUserText } from './prompt';
import { claudeAnalyzerVersion } from '../versions';

/** Version of this adapter's code (merge rules, request shape); the prompt has its own PROMPT_VERSION. */
export const CLAUDE_PROVIDER = 'anthropic';
/** Room for adaptive thinking before the tool call; a cut-off answer is a failure, so err on the large side. */
const MAX_TOKENS = 16_000;

/** The analysis service passes the requesting user so the daily budget is per user. */
export interface ClaudeAnalyzeContext extends AnalyzeContext {
  owner_id?: string | null;
}

export interface ClaudeAnalyzer extends Analyzer {
  analyze(image: Buffer, context: ClaudeAnalyzeContext): Promise<AnalyzerOutput>;
}

export interface ClaudeAnalyzerOptions {
  /** The embedded analyzer: it measures, and it answers alone whenever Claude cannot. */
  local: Analyzer;
  apiKey: string;
  model?: string;
  baseURL?: string;
  /** Deadline for the whole Claude step, retries and their waits included. */
  timeoutMs?: number;
  /** Retries after the first attempt; capped at 2 (3 attempts in all). */
  maxRetries?: number;
  effort?: ClaudeEffort;
  /** Default: an in-memory budget of DEFAULT_CLAUDE_DAILY_BUDGET analyses per owner and UTC day. */
  budget?: ClaudeBudget;
  /** Where fallbacks are reported (one line each); console by default. */
  logger?: Pick<Console, 'warn'>;
}

interface TraceWithCost extends CallTrace {
  latencyMs: number;
  tokens?: { input: number; output: number };
}

interface ClaudeCall {
  answer: ClaudeAnswer;
  sent: PreparedImage;
  model: string;
  tokens: { input: number; output: number };
}

export function createClaudeAnalyzer(options: ClaudeAnalyzerOptions): ClaudeAnalyzer {
  const { local } = options;
  const model = options.model ?? DEFAULT_CLAUDE_MODEL;
  const timeoutMs = options.timeoutMs ?? DEFAULT_ANTHROPIC_TIMEOUT_MS;
  const maxRetries = Math.max(0, Math.min(CLAUDE_MAX_RETRIES, options.maxRetries ?? CLAUDE_MAX_RETRIES));
  const budget = options.budget ?? createInMemoryBudget(DEFAULT_CLAUDE_DAILY_BUDGET);
  const logger = options.logger ?? console;
  const client = new Anthropic({
    apiKey: options.apiKey,
    ...(options.baseURL !== undefined ? { baseURL: options.baseURL } : {}),
    maxRetries,
    timeout: timeoutMs,
  });

  async function callClaude(
    image: Buffer,
    localOutput: AnalyzerOutput,
    context: AnalyzeContext,
    trace: TraceWithCost,
  ): Promise<ClaudeCall> {
    let sent: PreparedImage;
    try {
      sent = await prepareImageForClaude(image);
    } catch (cause) {
      throw new ClaudeFailure('image_prepare_failed', 'the image could not be re-encoded for sending', { cause });
    }
    const prov = localOutput.evidence.provenance;
    const gsd = prov.gsd_m_per_px;
    const userText = buildUserText({
      width: sent.width,
      height: sent.height,
      // The local analyzer's rule too: map tiles are north-up unless the caller says otherwise.
      northUp: context.north_up ?? context.gsd_source === 'map-zoom',
      // Metres per pixel of the sent image: the analysed image's resolution times the shrink factor.
      gsdMPerPx: gsd === null ? null : gsd * (prov.width / sent.width),
      gsdSource: prov.gsd_source,
      subjectPoint: context.subject_point ?? null,
    });

    const deadline = Date.now() + timeoutMs;
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    try {
      const { data: message, request_id } = await client.messages
        .create(
          {
            model,
            max_tokens: MAX_TOKENS,
            system: SYSTEM_PROMPT,
            messages: [
              {
                role: 'user',
                content: [
                  { type: 'image', source: { type: 'base64', media_type: sent.mediaType, data: sent.data.toString('base64') } },
                  { type: 'text', text: userText },
                ],
              },
            ],
            tools: [RECORD_TOOL],
            // Forced tool use (`{type:'tool'}`) and temperature are refused with a 400 by current models and
            // API versions; one tool on `auto`, a prompt that demands it, and a fallback when it is not
            // called give the same guarantee.
            tool_choice: { type: 'auto', disable_parallel_tool_use: true },
            ...(options.effort !== undefined ? { output_config: { effort: options.effort } } : {}),
          },
          { signal: controller.signal, timeout: timeoutMs, maxRetries, middleware: [callMiddleware(trace, deadline)] },
        )
        .withResponse();
      if (request_id) trace.requestId = request_id;
      const tokens = { input: message.usage.input_tokens, output: message.usage.output_tokens };
      trace.tokens = tokens;

      if (message.stop_reason === 'refusal') throw new ClaudeFailure('refusal', 'the model declined to analyse the image');
      const call = message.content.find((block) => block.type === 'tool_use' && block.name === TOOL_NAME);
      if (message.stop_reason === 'max_tokens') {
        throw new ClaudeFailure('truncated', `the answer was cut off at ${MAX_TOKENS} output tokens`);
      }
      if (!call || call.type !== 'tool_use') {
        throw new ClaudeFailure('no_tool_call', `the model answered without calling ${TOOL_NAME} (stop reason ${message.stop_reason})`);
      }
      const checked = checkAnswer(call.input);
      if (!checked.ok) throw new ClaudeFailure('invalid_answer', checked.problems.join('; '));
      return { answer: checked.answer, sent, model: message.model || model, tokens };
    } catch (error) {
      throw classifyError(error, trace, timedOut, timeoutMs);
    } finally {
      clearTimeout(timer);
    }
  }

  function fallback(localOutput: AnalyzerOutput, failure: ClaudeFailure, trace: TraceWithCost | null): AnalyzerOutput {
    // A spent budget is the guard working, not an incident; everything else is worth a line in the log.
    if (failure.code !== 'budget_exhausted') logger.warn(`claude analyzer: fell back to the local analyzer (${failure.reason})`);
    const provenance: Provenance = {
      ...localOutput.evidence.provenance,
      fallback: { from: 'claude', reason: failure.reason },
      // What the failed attempt cost, when anything was sent (a refused answer is still billed). Kept apart
      // from the top-level latency_ms/tokens, which describe the analyzer that produced this result.
      ...(trace && trace.attempts > 0
        ? {
            claude_attempt: {
              model,
              prompt_version: PROMPT_VERSION,
              attempts: trace.attempts,
              latency_ms: trace.latencyMs,
              ...(trace.requestId ? { request_id: trace.requestId } : {}),
              ...(trace.tokens ? { tokens: trace.tokens } : {}),
            },
          }
        : {}),
    };
    return analyzerOutputSchema.parse({ results: localOutput.results, evidence: { ...localOutput.evidence, provenance } });
  }

  return {
    name: 'claude',
    async analyze(image: Buffer, context: ClaudeAnalyzeContext): Promise<AnalyzerOutput> {
      // First, and outside the safety net: an unreadable image is the caller's error (415/422), and finding
      // out costs nothing here.
      const localOutput = await local.analyze(image, context);

      let allowed: boolean;
      try {
        allowed = await budget.tryConsume(context.owner_id ?? ANONYMOUS_OWNER);
      } catch (cause) {
        return fallback(localOutput, new ClaudeFailure('budget_unavailable', 'the Claude budget could not be checked', { cause }), null);
      }
      if (!allowed) {
        const limit = budget.dailyLimit !== undefined ? ` of ${budget.dailyLimit} Claude analyses` : '';
        return fallback(localOutput, new ClaudeFailure('budget_exhausted', `this user's daily budget${limit} is used up`), null);
      }

      const trace: TraceWithCost = { attempts: 0, latencyMs: 0 };
      const started = performance.now();
      try {
        const call = await callClaude(image, localOutput, context, trace);
        trace.latencyMs = Math.round(performance.now() - started);
        return claudeOutput(localOutput, call, trace, context);
      } catch (error) {
        trace.latencyMs = Math.round(performance.now() - started);
        return fallback(localOutput, error instanceof ClaudeFailure ? error : classifyError(error, trace, false, timeoutMs), trace);
      }
    },
  };
}

function claudeOutput(local: AnalyzerOutput, call: ClaudeCall, trace: TraceWithCost, context: AnalyzeContext): AnalyzerOutput {
  const prov = local.evidence.provenance;
  const merged = mergeAnalyses(local, call.answer, {
    sentWidth: call.sent.width,
    sentHeight: call.sent.height,
    width: prov.width,
    height: prov.height,
  });
  const provenance: Provenance = {
    // The image facts (hash, size, resolution, source, provider extras) are the local analyzer's: same image.
    ...prov,
    provider: CLAUDE_PROVIDER,
    model: call.model,
    analyzer_version: claudeAnalyzerVersion(prov.analyzer_version),
    analyzed_at: new Date().toISOString(),
    prompt_version: PROMPT_VERSION,
    ...(trace.requestId ? { request_id: trace.requestId } : {}),
    tokens: call.tokens,
    latency_ms: trace.latencyMs,
    attempts: trace.attempts,
    sent_image: { width: call.sent.width, height: call.sent.height },
    // The top-level latency_ms is now Claude's; the local analyzer's own is kept here.
    combined_with: {
      provider: prov.provider,
      model: prov.model,
      analyzer_version: prov.analyzer_version,
      ...(prov.latency_ms !== undefined ? { latency_ms: prov.latency_ms } : {}),
    },
    field_sources: merged.field_sources,
  };
  // assembleOutput applies the roof rule, scores, recommends and validates against the contract; if that
  // throws, the caller's safety net falls back to the local result.
  return assembleOutput({
    observations: merged.observations,
    findings: merged.findings,
    assessable: merged.assessable,
    unassessable_reasons: merged.unassessable_reasons,
    provenance,
    context,
  });
}
