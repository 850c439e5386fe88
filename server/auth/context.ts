// The one place a request's credentials are read. Resolvers and REST handlers get `viewer` (the
// verified identity) or `authError` (why there is none); they never look at headers. There is
// deliberately no user-id header shortcut: see docs/decisions/001-no-mock-token-header.md.
import type { Db } from '../db.js';
import { UnauthenticatedError } from '../domain/errors.js';
import type { Identity, TokenVerifier } from './firebase.js';

/** Who is calling: a verified Firebase identity, or the owner of an API key (then `apiKeyId` is set). */
export type Viewer = Identity & { apiKeyId?: string };

interface BaseContext {
  db: Db;
  request: Request;
}

export type Context = BaseContext &
  ({ viewer: Viewer; authError: null } | { viewer: null; authError: UnauthenticatedError });

export type ContextFactory = (request: Request) => Promise<Context>;

const BEARER = /^Bearer\s+(\S+)\s*$/i;

export interface ContextDeps {
  db: Db;
  verifier: TokenVerifier;
  /** Resolves an API key (`aerisk_…`, services/api-keys.ts) to its owner; absent: keys are not accepted. */
  apiKeys?: { isApiKey(token: string): boolean; authenticate(secret: string): Promise<Viewer> };
}

export function createContextFactory(deps: ContextDeps): ContextFactory {
  return async (request) => {
    const base = { db: deps.db, request };
    const header = request.headers.get('authorization');
    if (!header) {
      return { ...base, viewer: null, authError: new UnauthenticatedError() };
    }
    const token = BEARER.exec(header)?.[1];
    if (!token) {
      return {
        ...base,
        viewer: null,
        authError: new UnauthenticatedError('Malformed Authorization header: expected "Bearer <Firebase ID token or API key>".'),
      };
    }
    try {
      // A rate-limited key throws RateLimitedError out of here: each transport answers it as a 429.
      if (deps.apiKeys?.isApiKey(token)) return { ...base, viewer: await deps.apiKeys.authenticate(token), authError: null };
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
