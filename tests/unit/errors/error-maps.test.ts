// The two transports' total maps of domain error codes: every code has a REST status and a GraphQL face,
// and an error reaches a client in the same words whichever transport it used.
import { describe, expect, it } from 'vitest';
import { AppError, errorCodes, NotFoundError, RateLimitedError, ValidationError } from '../../../server/domain/errors';
import { ProviderError } from '../../../server/imagery/errors';
import { tooLarge } from '../../../server/ingest/errors';
import { errorResponse, httpStatus, UNEXPECTED_MESSAGE } from '../../../server/rest/errors';
import { asTypedError, graphqlErrorTypes } from '../../../server/schema/errors';

describe('domain error maps', () => {
  it('give every code a REST status and a GraphQL face', () => {
    for (const code of errorCodes) {
      expect(httpStatus[code]).toBeGreaterThanOrEqual(400);
      expect(graphqlErrorTypes).toHaveProperty(code);
    }
  });

  it('turn an upload check into a ValidationError result that keeps its code and message', () => {
    const typed = asTypedError(tooLarge()) as ValidationError;
    expect(typed).toBeInstanceOf(ValidationError);
    expect([typed.code, typed.message]).toEqual(['PAYLOAD_TOO_LARGE', 'File size exceeds 10MB limit']);
  });

  it('keep errors that are typed results in their own right, and leave request errors alone', () => {
    const unknownAddress = new ProviderError('ADDRESS_NOT_FOUND', 'no_match', 'census');
    expect(unknownAddress.code).toBe('UNPROCESSABLE');
    expect(asTypedError(unknownAddress)).toBe(unknownAddress);
    const limited = new RateLimitedError('Failed to upload image', 12);
    expect(asTypedError(limited)).toBe(limited);
    const missing = new NotFoundError('Analysis not found');
    expect(asTypedError(missing)).toBe(missing);
    const internal = new AppError('INTERNAL', 'Failed to upload image');
    expect(asTypedError(internal)).toBe(internal);
  });

  it('answer a failure no service owned with one message and no details on REST', async () => {
    const res = errorResponse(new Error('ENOSPC /secret/path'));
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: { code: 'INTERNAL', message: UNEXPECTED_MESSAGE } });
  });
});
