// Why a Claude analysis did not happen, as a closed set of codes. The fallback's reason in provenance is
// `<code>: <detail>`, so the history screen, logs and support can all read it, and the code part can be
// matched without parsing prose.
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError, type Middleware } from '@anthropic-ai/sdk';

export const FALLBACK_CODES = [
  'budget_exhausted',
  'budget_unavailable',
  'image_prepare_failed',
  'timeout',
  'rate_limited',
  'overloaded',
  'server_error',
  'connection_error',
  'billing',
  'auth',
  'bad_request',
  'refusal',
  'no_tool_call',
  'truncated',
  'invalid_answer',
  'internal',
] as const;
export type FallbackCode = (typeof FALLBACK_CODES)[number];

const MAX_REASON_CHARS = 300;

export class ClaudeFailure extends Error {
  override readonly name = 'ClaudeFailure';
  constructor(
    readonly code: FallbackCode,
    readonly detail: string,
    options?: { cause?: unknown },
  ) {
    super(`${code}: ${detail}`, options);
  }

  /** What provenance.fallback.reason holds. */
  get reason(): string {
    return this.message.length > MAX_REASON_CHARS ? `${this.message.slice(0, MAX_REASON_CHARS - 1)}…` : this.message;
  }
}

// Error codes the API attaches (error.details.error_code) when the account cannot pay for the call. Some
// arrive as 429s, which the SDK would otherwise retry: pointless, and each retry is another refused call.
const BILLING_ERROR_CODES = new Set([
  'enforced_spend_limit_reached',
  'contract_spend_limit_reached',
  'linked_organization_spend_limit_reached',
  'linked_organization_billing_unavailable',
]);
// Older API versions say it only in words ("Your credit balance is too low…", "You have reached your
// specified API usage limits…"). Rate-limit messages use none of these phrases.
const BILLING_WORDS = /credit balance|spend(ing)? limit|usage limits?\b|billing|purchase credits/i;

interface ErrorBody {
  error?: { type?: unknown; message?: unknown; details?: { error_code?: unknown } | null };
}

/** True when an error response says the account is out of credit or over a spend limit. */
export function isBillingError(status: number | undefined, body: unknown): boolean {
  if (status === 402) return true;
  const error = (body as ErrorBody | null)?.error;
  if (!error || typeof error !== 'object') return false;
  if (error.type === 'billing_error') return true;
  if (typeof error.details?.error_code === 'string' && BILLING_ERROR_CODES.has(error.details.error_code)) return true;
  return typeof error.message === 'string' && BILLING_WORDS.test(error.message);
}

/** Milliseconds a response asks us to wait before retrying, the way the SDK reads it; null when it does not say. */
export function retryAfterMs(headers: Headers): number | null {
  const ms = Number.parseFloat(headers.get('retry-after-ms') ?? '');
  if (Number.isFinite(ms)) return ms;
  const raw = headers.get('retry-after');
  if (!raw) return null;
  const seconds = Number.parseFloat(raw);
  if (Number.isFinite(seconds)) return seconds * 1000;
  const date = Date.parse(raw);
  return Number.isFinite(date) ? date - Date.now() : null;
}

export interface CallTrace {
  /** HTTP attempts made (the SDK retries inside one call). */
  attempts: number;
  /** request-id of the last response seen, error responses included. */
  requestId?: string;
  /** Set when the middleware stopped the SDK from retrying, and why. */
  stoppedRetry?: 'billing' | 'retry_after_past_deadline';
}

/**
 * Per-call middleware: counts attempts, remembers the request id, and tells the SDK not to retry (via the
 * `x-should-retry: false` header its retry logic obeys) when retrying cannot help: the account cannot pay, or
 * the server asks us to wait past our own deadline.
 */
export function callMiddleware(trace: CallTrace, deadline: number): Middleware {
  return async (request, next, ctx) => {
    trace.attempts += 1;
    const response = await next(request);
    trace.requestId = response.headers.get('request-id') ?? trace.requestId;
    if (response.ok) return response;
    let body: unknown = null;
    try {
      body = await ctx.parse(response);
    } catch {
      // An unreadable error body is classified by its status alone.
    }
    const wait = retryAfterMs(response.headers);
    const stop = isBillingError(response.status, body)
      ? 'billing'
      : wait !== null && Date.now() + wait > deadline
        ? 'retry_after_past_deadline'
        : undefined;
    if (!stop) return response;
    trace.stoppedRetry = stop;
    const headers = new Headers(response.headers);
    headers.set('x-should-retry', 'false');
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  };
}

function after(trace: CallTrace): string {
  const attempts = `${trace.attempts} attempt${trace.attempts === 1 ? '' : 's'}`;
  return trace.requestId ? `${attempts}, last request ${trace.requestId}` : attempts;
}

/** Maps whatever the SDK threw to a failure code. `timedOut` is our own deadline having fired. */
export function classifyError(error: unknown, trace: CallTrace, timedOut: boolean, timeoutMs: number): ClaudeFailure {
  if (error instanceof ClaudeFailure) return error;
  const cause = { cause: error };
  if (timedOut || error instanceof APIConnectionTimeoutError) {
    return new ClaudeFailure('timeout', `no answer within ${timeoutMs} ms (${after(trace)})`, cause);
  }
  if (error instanceof APIUserAbortError) return new ClaudeFailure('internal', `request aborted (${after(trace)})`, cause);
  if (error instanceof APIConnectionError) {
    return new ClaudeFailure('connection_error', `could not reach the API (${after(trace)})`, cause);
  }
  if (error instanceof APIError) {
    const status = error.status ?? 0;
    const http = `HTTP ${status}${error.type ? ` ${error.type}` : ''}`;
    if (isBillingError(status, error.error)) {
      return new ClaudeFailure(
        'billing',
        `the account's credit or spend limit is exhausted, not retried (${http}, ${after(trace)})`,
        cause,
      );
    }
    const waitedTooLong = trace.stoppedRetry === 'retry_after_past_deadline' ? '; retry-after is past our deadline' : '';
    if (status === 429) return new ClaudeFailure('rate_limited', `${http} after ${after(trace)}${waitedTooLong}`, cause);
    if (status === 529 || error.type === 'overloaded_error') {
      return new ClaudeFailure('overloaded', `${http} after ${after(trace)}${waitedTooLong}`, cause);
    }
    if (status >= 500) return new ClaudeFailure('server_error', `${http} after ${after(trace)}${waitedTooLong}`, cause);
    if (status === 401 || status === 403) return new ClaudeFailure('auth', `${http}: check ANTHROPIC_API_KEY (${after(trace)})`, cause);
    return new ClaudeFailure('bad_request', `${http} (${after(trace)})`, cause);
  }
  const message = error instanceof Error ? error.message : String(error);
  return new ClaudeFailure('internal', message, cause);
}
