// The GraphQL face of domain errors. Expected failures are typed results (errors plugin): a field lists
// the ones it can return, `errors: { types: [ValidationError, NotFoundError] }`, and clients select
// `... on Error { message }`. The classes are the domain's own (server/domain/errors.ts), so a service
// throws the same error whichever transport called it; `graphqlErrorTypes` says, for every code, which
// typed result it becomes, like REST's status map (rest/errors.ts).
import { builder } from '../builder';
import {
  AppError,
  ConflictError,
  errorCodes,
  ForbiddenError,
  NotFoundError,
  RateLimitedError,
  ValidationError,
  type ErrorCode,
} from '../domain/errors';
import { ProviderError } from '../imagery/errors';

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

builder.objectType(RateLimitedError, {
  name: 'RateLimitedError',
  description: 'Too many uploads or analyses in the last minute.',
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof RateLimitedError,
  fields: (t) => ({ retryAfterSeconds: t.exposeInt('retryAfterSeconds') }),
});

/**
 * Every domain error code's typed result: a field that declares the type returns the error as that result;
 * `null` (or a type the field does not declare) makes it a request error that keeps the code in
 * `extensions.code` (server/graphql.ts masks everything else). Upload and input checks with their own
 * REST statuses (413, 415, 422) are validation failures of the input here, with the same message and code.
 */
export const graphqlErrorTypes = {
  UNAUTHENTICATED: null, // scope-auth's request error, HTTP 401
  FORBIDDEN: ForbiddenError,
  NOT_FOUND: NotFoundError,
  METHOD_NOT_ALLOWED: null, // REST only
  VALIDATION: ValidationError,
  CONFLICT: ConflictError,
  PAYLOAD_TOO_LARGE: ValidationError,
  UNSUPPORTED_MEDIA_TYPE: ValidationError,
  UNPROCESSABLE: ValidationError,
  RATE_LIMITED: RateLimitedError,
  UNAVAILABLE: null,
  INTERNAL: null,
} as const satisfies Record<ErrorCode, (new (message: string) => AppError) | null>;

// Classes that are typed results in their own right, whatever their code (an ImageryError may be
// UNPROCESSABLE, an unknown address, and stays an ImageryError).
const OWN_TYPES = [ValidationError, NotFoundError, ForbiddenError, RateLimitedError, ProviderError, ConflictError];

/** A domain error as the typed result its code maps to; anything else unchanged. */
export function asTypedError(error: unknown): unknown {
  if (!(error instanceof AppError) || OWN_TYPES.some((type) => error instanceof type)) return error;
  const Type = graphqlErrorTypes[error.code];
  // Same message, same code (PAYLOAD_TOO_LARGE stays that in `code`); the type is the one clients select.
  return Type ? Object.assign(new Type(error.message), { code: error.code }) : error;
}

/** Runs a resolver body, converting domain errors to the typed GraphQL errors above. */
export async function typed<T>(body: () => Promise<T>): Promise<T> {
  try {
    return await body();
  } catch (error) {
    throw asTypedError(error);
  }
}
