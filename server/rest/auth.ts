// POST /auth/verify-user (spec §7): the client reports each sign-in with the user's fields and
// its bearer token. The body's user_id must be the token's uid.
import { requireViewer } from '../auth/context';
import type { User } from '../generated/prisma/client';
import { verifyUser } from '../services/users';
import { json } from './errors';
import type { Route } from './router';
import { jsonObject, parseBody } from './schemas';

export function userJson(user: User) {
  return {
    user_id: user.id,
    email: user.email,
    display_name: user.displayName,
    photo_url: user.photoUrl,
    email_verified: user.emailVerified,
    provider: user.provider,
    created_at: user.createdAt.toISOString(),
    last_seen_at: user.lastSeenAt.toISOString(),
  };
}

// Spec §7 names (snake_case) → the service's input; the service validates types and lengths.
const bodyFields = {
  user_id: 'userId',
  email: 'email',
  display_name: 'displayName',
  photo_url: 'photoUrl',
  email_verified: 'emailVerified',
  provider: 'provider',
} as const;

function toInput(body: Record<string, unknown>): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const [from, to] of Object.entries(bodyFields)) {
    if (Object.hasOwn(body, from)) input[to] = body[from];
  }
  return input;
}

export const authRoutes: Route[] = [
  {
    method: 'POST',
    path: '/auth/verify-user',
    async handle({ request, context }) {
      const viewer = requireViewer(await context());
      const body = await parseBody(jsonObject, request, 'Expected a JSON object with the user fields.');
      const { db } = await context();
      const user = await verifyUser(db, viewer, toInput(body));
      return json({ user: userJson(user) });
    },
  },
];
