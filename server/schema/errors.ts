// Expected failures as typed results (errors plugin): a mutation lists the ones it can return,
// `errors: { types: [ValidationError, NotFoundError] }`, and clients select
// `... on Error { message }`. The classes are the domain's own (server/domain/errors.ts), so a
// service throws the same error whichever transport called it.
import { builder } from '../builder.js';
import { AppError, errorCodes, ForbiddenError, NotFoundError, ValidationError } from '../domain/errors.js';

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
