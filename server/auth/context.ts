// The one place a request's credentials are read. Resolvers and REST handlers get `viewer` (the
// verified identity) or `authError` (why there is none); they never look at headers. There is
// deliberately no user-id header shortcut: see docs/decisions/001-no-mock-token-header.md.
import type { Db } from '../db.js';
import { UnauthenticatedError } from '../domain/errors.js';
import { idempotencyKeyOf } from '../services/idempotency.js';
import type { Identity, TokenVerifier } from './firebase.js';

export type Viewer = Identity;

interface BaseContext {
  db: Db;
  request: Request;
  /** The request's Idempotency-Key header as sent (services/idempotency.ts validates it), or null. */
  idempotencyKey: string | null;
}

export type Context = BaseContext &
  ({ viewer: Viewer; authError: null } | { viewer: null; authError: UnauthenticatedError });

export type ContextFactory = (request: Request) => Promise<Context>;

const BEARER = /^Bearer\s+(\S+)\s*$/i;

export function createContextFactory(deps: { db: Db; verifier: TokenVerifier }): ContextFactory {
  return async (request) => {
    const base = { db: deps.db, request, idempotencyKey: idempotencyKeyOf(request) };
    const header = request.headers.get('authorization');
    if (!header) {
      return { ...base, viewer: null, authError: new UnauthenticatedError() };
    }
    const token = BEARER.exec(header)?.[1];
    if (!token) {
      return {
        ...base,
        viewer: null,
        authError: new UnauthenticatedError('Malformed Authorization header: expected "Bearer <Firebase ID token>".'),
      };
    }
    try {
      return { ...base, viewer: await deps.verifier.verify(token), authError: null };
    } catch (error) {
      if (error instanceof UnauthenticatedError) return { ...base, viewer: null, authError: error };
      throw error;
    }
  };
}

/** For REST handlers: the viewer, or the reason there is none as an error. */
export function requireViewer(ctx: Context): Viewer {
  if (ctx.viewer === null) throw ctx.authError;
  return ctx.viewer;
}
