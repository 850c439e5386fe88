// DELETE /auth/guest-session: the client calls it when a guest signs out, so the session's results end
// with it (spec §1: non-registered users keep them only for the session). Registered accounts are refused.
// POST /auth/guest-session/transfer: a guest who signs in to an existing account brings them along.
import { requireViewer } from '../auth/context';
import { endGuestSession, transferGuestSession, type GuestTransferDeps } from '../services/guests';
import { json } from './errors';
import type { Route } from './router';
import { jsonObject, parseBody } from './schemas';

export function guestSessionRoutes(deps: GuestTransferDeps): Route[] {
  return [
    {
      method: 'DELETE',
      path: '/auth/guest-session',
      async handle({ context }) {
        const outcome = await endGuestSession(deps, requireViewer(await context()));
        return json({ deleted: outcome === 'deleted' });
      },
    },
    {
      method: 'POST',
      path: '/auth/guest-session/transfer',
      async handle({ request, context }) {
        const viewer = requireViewer(await context());
        const body = await parseBody(jsonObject, request, 'Expected a JSON object with `guest_token`.');
        const moved = await transferGuestSession(deps, viewer, { guestToken: body.guest_token });
        return json({ analyses: moved.analyses, images: moved.images, risk_zones: moved.riskZones });
      },
    },
  ];
}
