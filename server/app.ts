// The product's HTTP surface as one fetch-style app: GraphQL at /graphql, the REST compatibility
// paths, and (when built) the client. Tests call `app.fetch(request)` without opening a port;
// server/index.ts only listens.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServerAdapter } from '@whatwg-node/server';
import type { Analyzer } from './analyzer/contract';
import { createFirebaseAccounts, type AccountAdmin } from './auth/accounts';
import { createContextFactory } from './auth/context';
import type { TokenVerifier } from './auth/firebase';
import type { Config } from './config';
import type { Database } from './db';
import { createGraphqlHandler } from './graphql';
import { fetchAPI } from './http/fetch-api';
import { createSecurityHeaders } from './http/security-headers';
import { createStaticHandler } from './http/static';
import { createImagery, createPlaces } from './imagery/factory';
import type { ImageryProvider, PlacesProvider } from './imagery/types';
import { authRoutes } from './rest/auth';
import { clientConfigRoutes } from './rest/client-config';
import { guestSessionRoutes } from './rest/guest-session';
import { healthRoutes } from './rest/health';
import { placesRoutes } from './rest/places';
import { analysisRoutes } from './rest/analyses';
import { apiKeyRoutes } from './rest/api-keys';
import { batchRoutes } from './rest/batches';
import { openApiRoutes } from './rest/openapi';
import { riskZoneRoutes } from './rest/risk-zones';
import { exportRoutes } from './rest/exports';
import { reportRoutes } from './rest/reports';
import { reviewRoutes } from './rest/reviews';
import { samePropertyRoutes } from './rest/same-property';
import { imageRoutes } from './rest/images';
import { createAnalysisRuntime } from './analysis-runtime';
import { startGuestSweeper, touchGuest } from './services/guests';
import { sweepImageOrphans } from './services/images';
import { pruneUsageCounters } from './services/rate-limit';
import type { BlobStorage } from './storage/blob-storage';
import { createRestHandler, notFoundResponse, type Route } from './rest/router';
import { createBatchRunner } from './services/batch-runner';
import { authenticateApiKey, isApiKey } from './services/api-keys';
import { createReachability, providerOrigins } from './imagery/reachability';

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
  const guests = {
    db,
    storage: analysis.storage,
    accounts,
    forgetUser: (uid: string) => deps.verifier.forgetUser(uid),
    verifyToken: (idToken: string) => deps.verifier.verify(idToken),
  };
  const map = {
    imagery: deps.imagery ?? createImagery(deps.config.imagery),
    places: deps.places ?? createPlaces(deps.config.imagery),
    setupHelp: deps.config.imagery.setupHelp,
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
