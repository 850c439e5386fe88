// Idempotency-Key (issue 12): a client that retries an upload or an analysis request (a timeout, a dropped
// connection) with the same key gets the same answer and no second row. The key is stored on the row the
// request created (images.idempotency_key, analyses.idempotency_key; unique per owner), so it holds across
// restarts and processes, and is scoped to the user: another user's identical key is a different request.
import { ValidationError } from '../domain/errors';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY = /^[\x21-\x7e]{1,255}$/;

/** The header's value as given, or null; read once by the context factory. */
export function idempotencyKeyOf(request: Request): string | null {
  return request.headers.get(IDEMPOTENCY_HEADER);
}

/** A usable key, null without one; a malformed one is refused (400) before anything happens. */
export function parseIdempotencyKey(raw: string | null | undefined): string | null {
  if (raw === null || raw === undefined) return null;
  const key = raw.trim();
  if (!KEY.test(key)) throw new ValidationError('Idempotency-Key must be 1 to 255 visible ASCII characters.');
  return key;
}

/** Prisma's unique-constraint violation: a concurrent request with the same key won the race. */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown }).code === 'P2002';
}
