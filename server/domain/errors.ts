// Domain errors, their one home: every expected failure is an AppError with one of these codes. Each
// transport maps every code in one total map (REST: rest/errors.ts, code → HTTP status; GraphQL:
// schema/errors.ts, code → typed result or request error), so a REST path and its GraphQL twin fail the
// same way with the same message. An unexpected failure's user-facing message is owned by the service
// that failed (services/messages.ts `failingAs`); transports add none of their own.

export const errorCodes = [
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'VALIDATION',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'UNPROCESSABLE',
  'RATE_LIMITED',
  'UNAVAILABLE',
  'INTERNAL',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

export class AppError extends Error {
  override readonly name: string = 'AppError';
  /**
   * More about it for the caller, where the message is a fixed sentence (the specification's): REST's `error.detail`.
   * Said to the user, unlike a subclass's log-only fields (ProviderError's `detail`).
   */
  readonly publicDetail?: string;

  constructor(
    readonly code: ErrorCode,
    message: string,
    options?: { cause?: unknown; publicDetail?: string },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    if (options?.publicDetail) this.publicDetail = options.publicDetail;
  }
}

export class UnauthenticatedError extends AppError {
  override readonly name = 'UnauthenticatedError';
  constructor(message = 'Authentication required. Please sign in.') {
    super('UNAUTHENTICATED', message);
  }
}

export class ForbiddenError extends AppError {
  override readonly name = 'ForbiddenError';
  constructor(message = 'You are not allowed to do that.') {
    super('FORBIDDEN', message);
  }
}

export class NotFoundError extends AppError {
  override readonly name = 'NotFoundError';
  constructor(message = 'Not found.') {
    super('NOT_FOUND', message);
  }
}

export class ConflictError extends AppError {
  override readonly name = 'ConflictError';
  constructor(message: string) {
    super('CONFLICT', message);
  }
}

export class ValidationError extends AppError {
  override readonly name = 'ValidationError';
  constructor(
    message: string,
    /** Field paths (e.g. `user_id`) and their messages, for forms that show errors per field. */
    readonly fieldErrors: { path: string; message: string }[] = [],
    options?: { publicDetail?: string },
  ) {
    super('VALIDATION', message, options);
  }
}

export class RateLimitedError extends AppError {
  override readonly name = 'RateLimitedError';
  constructor(
    message: string,
    /** Whole seconds until the window resets (REST: the Retry-After header). */
    readonly retryAfterSeconds = 60,
  ) {
    super('RATE_LIMITED', message);
  }
}

/** The server cannot take this now (overload, an identity provider not answering): come back later. */
export class UnavailableError extends AppError {
  override readonly name = 'UnavailableError';
  constructor(
    message: string,
    /** Sent as `Retry-After`. */
    readonly retryAfterSeconds: number,
  ) {
    super('UNAVAILABLE', message);
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
