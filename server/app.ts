// The product's HTTP surface as one fetch-style app: GraphQL at /graphql, the REST compatibility
// paths, and (when built) the client. Tests call `app.fetch(request)` without opening a port;
// server/index.ts only listens.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServerAdapter } from '@whatwg-node/server';
import type { Analyzer } from './analyzer/contract.js';
import { createFirebaseAccounts, type AccountAdmin } from './auth/accounts.js';
import { createContextFactory } from './auth/context.js';
import type { TokenVerifier } from './auth/firebase.js';
import type { Config } from './config.js';
import type { Database } from './db.js';
import { createGraphqlHandler } from './graphql.js';
import { fetchAPI } from './http/fetch-api.js';
import { createSecurityHeaders } from './http/security-headers.js';
import { createStaticHandler } from './http/static.js';
import { createImagery, createPlaces } from './imagery/factory.js';
import type { ImageryProvider, PlacesProvider } from './imagery/types.js';
import { authRoutes } from './rest/auth.js';
import { clientConfigRoutes } from './rest/client-config.js';
import { guestSessionRoutes } from './rest/guest-session.js';
import { healthRoutes } from './rest/health.js';
import { placesRoutes } from './rest/places.js';
import { analysisRoutes } from './rest/analyses.js';
import { apiKeyRoutes } from './rest/api-keys.js';
import { batchRoutes } from './rest/batches.js';
import { openApiRoutes } from './rest/openapi.js';
import { riskZoneRoutes } from './rest/risk-zones.js';
import { exportRoutes } from './rest/exports.js';
import { reportRoutes } from './rest/reports.js';
import { reviewRoutes } from './rest/reviews.js';
import { samePropertyRoutes } from './rest/same-property.js';
import { imageRoutes } from './rest/images.js';
import { createAnalysisRuntime } from './analysis-runtime.js';
import { startGuestSweeper, touchGuest } from './services/guests.js';
import { sweepImageOrphans } from './services/images.js';
import { pruneUsageCounters } from './services/rate-limit.js';
import type { BlobStorage } from './storage/blob-storage.js';
import { createRestHandler, notFoundResponse, type Route } from './rest/router.js';
import { createBatchRunner } from './services/batch-runner.js';
import { authenticateApiKey, isApiKey } from './services/api-keys.js';
import { createReachability, providerOrigins } from './imagery/reachability.js';

export interface AppDeps {
  config: Config;
  /** The database (its Prisma client, and LISTEN and the engine for the job queue). */
  db: Database;
  verifier: TokenVerifier;
  /** The built client (dist/client); null serves no client (tests, API-only deployments). */
  clientDir?: string | null;
  /** The map flow's providers; built from `config.imagery` when absent (tests pass fake-backed ones). */
  imagery?: ImageryProvider;
  places?: PlacesProvider;
  /** Image blobs; built from `config.storage` (DATA_DIR/images or S3) when absent. */
  storage?: BlobStorage;
  /** The analyzer; the configured one (local, or Claude with local) when absent. Tests may inject one. */
  analyzer?: Analyzer;
  /**
   * Delete image blobs that no row refers to (older than ORPHAN_SWEEP_GRACE_MS) at start. Only the
   * server's own start enables it: a test app's empty database would make every stored blob an orphan.
   */
  sweepOrphansOnStart?: boolean;
  /**
   * Check in the background (at start, then every few minutes) whether the configured map services answer,
   * so the Map tab can warn before a search fails. The server process turns it on; tests opt in.
   */
  checkMapReachability?: boolean;
  /** The abuse limits' clock (per-minute windows, Claude's daily budget); the time of day when absent. */
  clock?: () => Date;
  /** The identity provider's accounts (guest clean-up); firebase-admin on `config.firebase` when absent. */
  accounts?: AccountAdmin;
  /**
   * Sweep expired guest sessions at start and then this often (ms). Only the server's own start sets
   * it (tests opt in); signing out of a guest session deletes its data whether or not it is set.
   */
  guestSweepIntervalMs?: number;
}

export interface App {
  fetch(request: Request): Promise<Response>;
  /** The REST route table (the OpenAPI document describes each). */
  readonly routes: readonly Route[];
  /** For `http.createServer(app.handleNode)`. */
  handleNode(req: IncomingMessage, res: ServerResponse): void;
  /** Shutdown's first step: ends open subscriptions and analysis waits, so their connections can close. */
  drain(): void;
  dispose(): Promise<void>;
}

export function createApp(deps: AppDeps): App {
  const analysis = createAnalysisRuntime(deps);
  const db = deps.db.prisma;
  const reachability = deps.checkMapReachability ? createReachability(providerOrigins(deps.config.imagery)) : undefined;
  reachability?.start();
  const accounts = deps.accounts ?? createFirebaseAccounts(deps.config.firebase);
  const guests = { db, storage: analysis.storage, accounts, forgetUser: (uid: string) => deps.verifier.forgetUser(uid) };
  const map = {
    imagery: deps.imagery ?? createImagery(deps.config.imagery),
    places: deps.places ?? createPlaces(deps.config.imagery),
    reachability,
  };
  const batches = createBatchRunner(deps.config, { db, storage: analysis.storage, analysis, map });
  const contextFactory = createContextFactory({
    db,
    verifier: deps.verifier,
    analysis: { ...analysis, batches },
    map,
    apiKeys: { isApiKey, authenticate: (secret) => authenticateApiKey(db, secret, deps.config.limits.apiKeys) },
    onViewer: (viewer) => touchGuest(db, viewer),
  });
  const yoga = createGraphqlHandler({
    contextFactory,
    production: deps.config.production,
    allowAdhocQueries: deps.config.allowAdhocQueries,
  });
  const routes: Route[] = [
    ...authRoutes,
    ...guestSessionRoutes(guests),
    ...clientConfigRoutes(deps.config),
    ...healthRoutes(db),
    ...placesRoutes,
    ...imageRoutes,
    ...analysisRoutes,
    ...reviewRoutes,
    ...reportRoutes,
    ...samePropertyRoutes,
    ...exportRoutes,
    ...riskZoneRoutes,
    ...apiKeyRoutes,
    ...batchRoutes,
    // The document describes every route above and these two.
    ...openApiRoutes(() => routes),
  ];
  const rest = createRestHandler(routes, contextFactory);
  // Production never serves the client's source maps (the build makes none by default, either).
  const client = deps.clientDir ? createStaticHandler(deps.clientDir, { sourceMaps: !deps.config.production }) : null;
  const secure = createSecurityHeaders(deps.config, deps.clientDir ?? null);

  const route = async (request: Request): Promise<{ response: Response; source: 'page' | 'api' }> => {
    const { pathname } = new URL(request.url);
    if (pathname === '/graphql') return { response: await yoga.fetch(request), source: 'api' };
    const answer = await rest(request);
    if (answer) return { response: answer, source: 'api' };
    const page = await client?.(request);
    return page ? { response: page, source: 'page' } : { response: notFoundResponse(pathname), source: 'api' };
  };
  const handle = async (request: Request): Promise<Response> => {
    const { response, source } = await route(request);
    return secure(response, source);
  };
  // Requests from Node's listener are built with our fetch API, whose form parser caps uploads while
  // they stream in; app.fetch takes any Request (tests send the platform's own).
  const adapter = createServerAdapter(handle, { fetchAPI });

  const guestSweeper =
    deps.guestSweepIntervalMs === undefined ? null : startGuestSweeper(guests, deps.config.guests.ttlMs, deps.guestSweepIntervalMs);

  const started = (async () => {
    if (deps.sweepOrphansOnStart) {
      const report = await sweepImageOrphans(db, analysis.storage, deps.config.storage.orphanGraceMs);
      if (report.deleted.length) console.warn(`[images] removed ${report.deleted.length} image file(s) without a row`);
      await pruneUsageCounters(db);
    }
    await analysis.start();
    await batches.start();
  })().catch((error: unknown) => console.error('[jobs] start-up failed:', error));

  return {
    fetch: handle,
    routes,
    handleNode(req, res) {
      void adapter.requestListener(req, res);
    },
    drain: () => analysis.drain(),
    dispose: async () => {
      await started;
      reachability?.stop();
      await guestSweeper?.stop();
      await batches.stop();
      await analysis.close();
      await yoga.dispose();
      if (!deps.accounts) await accounts.close();
    },
  };
}
