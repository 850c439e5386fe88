// API keys for scripts (issue 11, docs/decisions/016-api-keys-and-batches.md). A key is 32 random bytes
// behind a recognisable prefix, shown once at creation; the database keeps only its SHA-256 (a 256-bit
// random secret cannot be guessed from its hash, so no slow password hash is needed, and the lookup is
// one indexed equality). A key acts as its owner with the owner's data; it has its own per-minute
// request limit; revoking it refuses it from the next request on (every request reads the row).
import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Viewer } from '../auth/context';
import type { Identity } from '../auth/firebase';
import type { Db } from '../db';
import { ForbiddenError, NotFoundError, UnauthenticatedError, ValidationError } from '../domain/errors';
import type { ApiKey } from '../generated/prisma/client';
import { uuidOrNone } from './ids';
import { failingAs } from './messages';
import { takeRateLimit } from './rate-limit';
import { ensureUser } from './users';

/** Every key starts with this, so it is told apart from a Firebase ID token (a JWT) at a glance. */
export const API_KEY_PREFIX = 'aerisk_';
/** The part of a key kept in clear: the prefix and four characters, to tell keys apart in a list. */
const SHOWN_CHARS = API_KEY_PREFIX.length + 4;
const LAST_USED_EVERY_MS = 60_000;

export const API_KEY_MESSAGES = {
  invalid: 'Invalid or revoked API key.',
  notFound: 'API key not found',
  guest: 'Guest sessions cannot create API keys. Create an account first.',
  fromKey: 'An API key cannot create API keys. Sign in to create one.',
  rateLimited: 'Too many requests with this API key. Please wait a minute.',
  failed: 'Failed to manage API keys',
} as const;

export interface ApiKeyLimits {
  /** Requests per minute one key may make (REST and GraphQL together). */
  requestsPerMinute: number;
  /** Keys a user may hold at once (revoked ones do not count). */
  maxPerUser: number;
}

export const createApiKeyInput = z.object({
  name: z
    .string({ error: 'Please name the key.' })
    .trim()
    .min(1, 'Please name the key.')
    .max(64, 'The name must be at most 64 characters.'),
});

export function isApiKey(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}

export function hashApiKey(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** The viewer's keys that still work, newest first. */
export function activeKeysWhere(ownerId: string) {
  return { ownerId, revokedAt: null };
}

/** Creates a key; the secret is in the answer and nowhere else. Only a signed-in (non-guest) session may. */
export async function createApiKey(
  db: Db,
  viewer: Viewer,
  rawInput: unknown,
  limits: ApiKeyLimits,
): Promise<{ apiKey: ApiKey; secret: string }> {
  if (viewer.isAnonymous) throw new ForbiddenError(API_KEY_MESSAGES.guest);
  // A leaked key must not be able to mint keys that outlive its own revocation.
  if (viewer.apiKeyId) throw new ForbiddenError(API_KEY_MESSAGES.fromKey);
  const parsed = createApiKeyInput.safeParse(rawInput ?? {});
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
    throw new ValidationError(issues[0]?.message ?? 'Please name the key.', issues);
  }
  return failingAs(API_KEY_MESSAGES.failed, async () => {
    await ensureUser(db, viewer);
    const active = await db.apiKey.count({ where: activeKeysWhere(viewer.uid) });
    if (active >= limits.maxPerUser) {
      throw new ValidationError(`You already have ${active} API keys, the most allowed. Revoke one first.`);
    }
    const secret = API_KEY_PREFIX + randomBytes(32).toString('base64url');
    const apiKey = await db.apiKey.create({
      data: { ownerId: viewer.uid, name: parsed.data.name, prefix: secret.slice(0, SHOWN_CHARS), keyHash: hashApiKey(secret) },
    });
    return { apiKey, secret };
  });
}

/** Revokes one of the viewer's keys; another user's key and an unknown id are both "not found". */
export async function revokeApiKey(db: Db, viewer: Viewer, id: string): Promise<ApiKey> {
  return failingAs(API_KEY_MESSAGES.failed, async () => {
    const key = await db.apiKey.findFirst({ where: { id: uuidOrNone(id), ...activeKeysWhere(viewer.uid) } });
    if (!key) throw new NotFoundError(API_KEY_MESSAGES.notFound);
    await db.apiKey.updateMany({ where: { id: key.id, revokedAt: null }, data: { revokedAt: new Date() } });
    return key;
  });
}

export function listApiKeys(db: Db, viewer: Viewer): Promise<ApiKey[]> {
  return failingAs(API_KEY_MESSAGES.failed, () =>
    db.apiKey.findMany({ where: activeKeysWhere(viewer.uid), orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] }),
  );
}

/**
 * The identity a key stands for, or UnauthenticatedError. Counts the request against the key's own
 * per-minute limit (RateLimitedError past it) and records when the key was last used (at most once a
 * minute, so a busy script does not write the row on every call).
 */
export async function authenticateApiKey(db: Db, secret: string, limits: ApiKeyLimits): Promise<Viewer> {
  const key = await db.apiKey.findUnique({ where: { keyHash: hashApiKey(secret) }, include: { owner: true } });
  if (!key || key.revokedAt) throw new UnauthenticatedError(API_KEY_MESSAGES.invalid);
  await takeRateLimit(db, key.ownerId, `api-key:${key.id}`, limits.requestsPerMinute, API_KEY_MESSAGES.rateLimited);
  const now = new Date();
  if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() >= LAST_USED_EVERY_MS) {
    await db.apiKey.updateMany({ where: { id: key.id }, data: { lastUsedAt: now } });
  }
  const identity: Identity = {
    uid: key.ownerId,
    email: key.owner.email,
    emailVerified: key.owner.emailVerified,
    name: key.owner.displayName,
    picture: key.owner.photoUrl,
    signInProvider: 'api-key',
    isAnonymous: false,
  };
  return { ...identity, apiKeyId: key.id };
}
