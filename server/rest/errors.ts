// The REST face of domain errors: one total map from code to status, one body shape
// `{error: {code, message}}`, never a stack trace.
import { AppError, type ErrorCode } from '../domain/errors';

export const httpStatus = {
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  VALIDATION: 400,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
  INTERNAL: 500,
} as const satisfies Record<ErrorCode, number>;

export function json(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set('content-type', 'application/json; charset=utf-8');
  headers.set('cache-control', 'no-store');
  return new Response(JSON.stringify(body), { ...init, headers });
}

export function errorBody(code: ErrorCode, message: string, detail?: string) {
  return { error: { code, message, ...(detail ? { detail } : {}) } };
}

/** What a failure no service owned answers (GraphQL's masked errors say the same). */
export const UNEXPECTED_MESSAGE = 'Unexpected error.';

/**
 * Turns anything a handler threw into a response. A service's unexpected failure already arrives as an
 * INTERNAL AppError with the operation's message (services/messages.ts `failingAs`); anything else is
 * logged here and answered with UNEXPECTED_MESSAGE, never details.
 */
export function errorResponse(error: unknown): Response {
  if (error instanceof AppError) {
    const headers: Record<string, string> = {};
    if (error.code === 'UNAUTHENTICATED') headers['www-authenticate'] = 'Bearer';
    // Rate limits (services/rate-limit.ts) and shed load (UnavailableError) say when to come back.
    const retryAfter = (error as AppError & { retryAfterSeconds?: unknown }).retryAfterSeconds;
    if (typeof retryAfter === 'number') headers['retry-after'] = String(retryAfter);
    return json(errorBody(error.code, error.message, error.publicDetail), { status: httpStatus[error.code], headers });
  }
  console.error('[rest] unexpected error:', error);
  return json(errorBody('INTERNAL', UNEXPECTED_MESSAGE), { status: httpStatus.INTERNAL });
}
