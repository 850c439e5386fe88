// The one place a request's context is built, typed once: the app's services (built once per app by
// createApp) and the request's credentials. Resolvers and REST handlers get `viewer` (the verified
// identity) or `authError` (why there is none); they never look at headers. There is deliberately no
// user-id header shortcut: see docs/decisions/001-no-mock-token-header.md.
import type { Db } from '../db';
import { UnauthenticatedError } from '../domain/errors';
import type { AnalysisDeps } from '../services/analysis-deps';
import { idempotencyKeyOf } from '../services/idempotency';
import type { MapDeps } from '../services/places';
import type { Identity, TokenVerifier } from './firebase';

/** Who is calling: a verified Firebase identity, or the owner of an API key (then `apiKeyId` is set). */
export type Viewer = Identity & { apiKeyId?: string };

/** What every request of one app shares: the database and the services' dependencies. */
export interface AppServices {
  db: Db;
  /** Storage, analyzer, job runner and abuse limits of the analysis services. */
  analysis: AnalysisDeps;
  /** The imagery and places providers of the map flow. */
  map: MapDeps;
}

interface BaseContext extends AppServices {
  request: Request;
  /** The request's Idempotency-Key header as sent (services/idempotency.ts validates it), or null. */
  idempotencyKey: string | null;
}

export type Context = BaseContext & ({ viewer: Viewer; authError: null } | { viewer: null; authError: UnauthenticatedError });

export type ContextFactory = (request: Request) => Promise<Context>;

const BEARER = /^Bearer\s+(\S+)\s*$/i;

export interface ContextDeps extends AppServices {
  verifier: TokenVerifier;
  /** Resolves an API key (`aerisk_…`, services/api-keys.ts) to its owner; absent: keys are not accepted. */
  apiKeys?: { isApiKey(token: string): boolean; authenticate(secret: string): Promise<Viewer> };
  /** Runs for each request with a verified viewer, before any resolver or route (guest activity). */
  onViewer?: (viewer: Viewer) => Promise<void>;
}

export function createContextFactory(deps: ContextDeps): ContextFactory {
  const { verifier, onViewer, apiKeys, ...services } = deps;
  return async (request) => {
    const base: BaseContext = { ...services, request, idempotencyKey: idempotencyKeyOf(request) };
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
    let viewer: Viewer;
    try {
      // A rate-limited key throws RateLimitedError out of here: each transport answers it as a 429.
      viewer = apiKeys?.isApiKey(token) ? await apiKeys.authenticate(token) : await verifier.verify(token);
    } catch (error) {
      if (error instanceof UnauthenticatedError) return { ...base, viewer: null, authError: error };
      throw error;
    }
    await onViewer?.(viewer);
    return { ...base, viewer, authError: null };
  };
}

/** For REST handlers: the viewer, or the reason there is none as an error. */
export function requireViewer(ctx: Context): Viewer {
  if (ctx.viewer === null) throw ctx.authError;
  return ctx.viewer;
}
