// DELETE /auth/guest-session: the client calls it when a guest signs out, so the session's results end
// with it (spec §1: non-registered users keep them only for the session). Registered accounts are refused.
import { requireViewer } from '../auth/context';
import { endGuestSession, type GuestDeps } from '../services/guests';
import { json } from './errors';
import type { Route } from './router';

export function guestSessionRoutes(deps: GuestDeps): Route[] {
  return [
    {
      method: 'DELETE',
      path: '/auth/guest-session',
      async handle({ context }) {
        const outcome = await endGuestSession(deps, requireViewer(await context()));
        return json({ deleted: outcome === 'deleted' });
      },
    },
  ];
}
