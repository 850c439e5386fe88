// Users mirror the identity provider's accounts: the Firebase uid is the primary key, and the
// profile is refreshed whenever the client reports a sign-in (POST /auth/verify-user).
import { z } from 'zod';
import type { Viewer } from '../auth/context';
import type { Db } from '../db';
import { DEFAULT_PROVIDER } from '../../common/constants';
import { ForbiddenError, ValidationError } from '../domain/errors';
import type { Prisma, User } from '../generated/prisma/client';
import { FAILURE, failingAs } from './messages';

const nullableText = (max: number) => z.string().trim().max(max).nullable().optional();

export const verifyUserInput = z.object({
  userId: z.string({ error: 'user_id is required.' }).min(1, 'user_id is required.').max(128),
  email: nullableText(320),
  displayName: nullableText(256),
  photoUrl: nullableText(2048),
  emailVerified: z.boolean().optional(),
  provider: nullableText(64),
});

export type VerifyUserInput = z.input<typeof verifyUserInput>;

/** Firebase's provider id of an anonymous (guest) sign-in, stored as is. */
const GUEST_PROVIDER = 'anonymous';

/** Firebase provider ids (`password`, `google.com`) as stored: `email`, `google`. */
export function normaliseProvider(provider: string | null | undefined): string {
  if (!provider || provider === 'password' || provider === 'emailLink') return DEFAULT_PROVIDER;
  return provider.replace(/\.com$/, '');
}

function parse(input: unknown) {
  const result = verifyUserInput.safeParse(input);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  throw new ValidationError(issues[0]?.message ?? 'Invalid user.', issues);
}

/**
 * Records a sign-in. Idempotent. The token is the authority for who the caller is and for
 * their email and its verification (a client cannot claim a verified address); the display name
 * and photo come from the client, which sees profile edits before the token is refreshed.
 */
export async function verifyUser(db: Db, viewer: Viewer, input: VerifyUserInput | Record<string, unknown>): Promise<User> {
  return failingAs(FAILURE.verifyUser, () => recordSignIn(db, viewer, parse(input)));
}

async function recordSignIn(db: Db, viewer: Viewer, data: VerifyUserInput): Promise<User> {
  if (data.userId !== viewer.uid) {
    throw new ForbiddenError('user_id does not match the signed-in user.');
  }
  const profile = {
    email: viewer.email ?? data.email ?? null,
    emailVerified: viewer.emailVerified,
    displayName: data.displayName !== undefined ? data.displayName : viewer.name,
    photoUrl: data.photoUrl !== undefined ? data.photoUrl : viewer.picture,
  };
  const provider = viewer.isAnonymous ? GUEST_PROVIDER : normaliseProvider(data.provider ?? viewer.signInProvider);
  const user = await db.user.upsert({
    where: { id: viewer.uid },
    // The provider is the first one the user signed in with, so only a new row sets it.
    create: { id: viewer.uid, ...profile, provider, isGuest: viewer.isAnonymous },
    update: { ...profile, lastSeenAt: new Date(), isGuest: viewer.isAnonymous },
  });
  // A guest who linked a credential: its first real provider is the one it just linked.
  if (user.provider === GUEST_PROVIDER && !viewer.isAnonymous) {
    return db.user.update({ where: { id: viewer.uid }, data: { provider } });
  }
  return user;
}

/**
 * The viewer's row, created from the token if the client has not reported the sign-in yet
 * (verify-user and the first screen's query race after sign-in). `query` is Pothos's selection.
 */
export async function ensureUser(
  db: Db,
  viewer: Viewer,
  query: { include?: Prisma.UserInclude; select?: Prisma.UserSelect } = {},
): Promise<User> {
  // Without a relation in its selection, a single-row upsert on the primary key runs as one
  // INSERT … ON CONFLICT, so concurrent first requests cannot both try to create the user. The
  // selection (which may count relations) is read afterwards.
  await db.user.upsert({
    select: { id: true },
    where: { id: viewer.uid },
    create: {
      id: viewer.uid,
      email: viewer.email,
      emailVerified: viewer.emailVerified,
      displayName: viewer.name,
      photoUrl: viewer.picture,
      provider: normaliseProvider(viewer.signInProvider),
      isGuest: viewer.isAnonymous,
    },
    update: { lastSeenAt: new Date(), isGuest: viewer.isAnonymous },
  });
  return db.user.findUniqueOrThrow({ ...query, where: { id: viewer.uid } });
}
