// Expected failures as typed results (errors plugin): a mutation lists the ones it can return,
// `errors: { types: [ValidationError, NotFoundError] }`, and clients select
// `... on Error { message }`. The classes are the domain's own (server/domain/errors.ts), so a
// service throws the same error whichever transport called it.
import { builder } from '../builder.js';
import { AppError, ConflictError, errorCodes, ForbiddenError, NotFoundError, ValidationError } from '../domain/errors.js';
import { RateLimitedError } from '../services/rate-limit.js';

const ErrorCodeEnum = builder.enumType('ErrorCode', { values: errorCodes });

export const ErrorInterface = builder.interfaceRef<AppError>('Error').implement({
  fields: (t) => ({
    message: t.exposeString('message'),
    code: t.field({ type: ErrorCodeEnum, resolve: (error) => error.code }),
  }),
});

const FieldError = builder.objectRef<{ path: string; message: string }>('FieldError').implement({
  fields: (t) => ({
    path: t.exposeString('path', { description: 'The input field, e.g. `input.location`.' }),
    message: t.exposeString('message'),
  }),
});

builder.objectType(ValidationError, {
  name: 'ValidationError',
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof ValidationError,
  fields: (t) => ({
    fieldErrors: t.field({ type: [FieldError], resolve: (error) => error.fieldErrors }),
  }),
});

builder.objectType(NotFoundError, {
  name: 'NotFoundError',
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof NotFoundError,
});

builder.objectType(ForbiddenError, {
  name: 'ForbiddenError',
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof ForbiddenError,
});

builder.objectType(ConflictError, {
  name: 'ConflictError',
  description: 'The request does not fit the current state (an unfinished analysis, a review changed meanwhile).',
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof ConflictError,
});

// Analysis domain (issue 4): rate limits, and the upload checks' own codes seen as validation.
builder.objectType(RateLimitedError, {
  name: 'RateLimitedError',
  description: 'Too many uploads or analyses in the last minute.',
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof RateLimitedError,
  fields: (t) => ({ retryAfterSeconds: t.exposeInt('retryAfterSeconds') }),
});

const VALIDATION_CODES = new Set(['PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'UNPROCESSABLE']);

/**
 * Upload checks raise AppErrors with their own codes (413, 415 on REST); in GraphQL they are
 * validation failures of the input, with the same message.
 */
export function asTypedError(error: unknown): unknown {
  if (error instanceof AppError && !(error instanceof ValidationError) && (VALIDATION_CODES.has(error.code) || error.code === 'VALIDATION')) {
    // Same message, same code (PAYLOAD_TOO_LARGE stays that in `code`); the type is the validation one.
    return Object.assign(new ValidationError(error.message), { code: error.code });
  }
  return error;
}

/** Runs a resolver body, converting domain errors to the typed GraphQL errors above. */
export async function typed<T>(body: () => Promise<T>): Promise<T> {
  try {
    return await body();
  } catch (error) {
    throw asTypedError(error);
  }
}
