// User: the signed-in person's profile, reached through `viewer` (or `node` with their own id).
import { requireViewer, type Context } from '../auth/context';
import { builder } from '../builder';
import { ensureUser } from '../services/users';

export const UserRef = builder.prismaNode('User', {
  id: { field: 'id' },
  // Only the viewer's own User is reachable by id; any other id resolves to null like a
  // missing one, so ids cannot be probed.
  findUnique: (id, ctx) => ({ id, AND: [{ id: ctx.viewer?.uid ?? '' }] }),
  nullable: true,
  fields: (t) => ({
    userId: t.exposeString('id', { description: 'The Firebase uid (the raw id; `id` is the Relay global id).' }),
    email: t.exposeString('email', { nullable: true }),
    displayName: t.exposeString('displayName', { nullable: true }),
    photoUrl: t.exposeString('photoUrl', { nullable: true }),
    emailVerified: t.exposeBoolean('emailVerified'),
    provider: t.exposeString('provider', {
      description: 'The provider of the first sign-in: `email`, `google`, …',
    }),
    analysedCount: t.relationCount('analyses', {
      description: 'How many of this user’s analyses have finished.',
      where: { status: 'done' },
    }),
  }),
});

builder.queryFields((t) => ({
  viewer: t.withAuth({ loggedIn: true }).prismaField({
    type: 'User',
    nullable: true,
    description: 'The signed-in user. Without a valid token the field fails with UNAUTHENTICATED.',
    resolve: (query, _root, _args, ctx) => ensureUser(ctx.db, ctx.viewer, query),
  }),
}));

/**
 * `viewer` on the success payload of a mutation that changes what the viewer's statistics count: the user as
 * it is after the change, so the client updates its statistics from the payload instead of reading whole
 * screens again. `errors: { types, result: { fields: (t) => ({ viewer: t.field(viewerAfterChange) }) } }`.
 */
export const viewerAfterChange = {
  type: UserRef,
  description: 'The signed-in user after the change (statistics, counts).',
  resolve: (_data: unknown, _args: unknown, ctx: Context) => ensureUser(ctx.db, requireViewer(ctx)),
};
