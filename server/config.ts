// Every environment variable the product reads is parsed here, once, at start-up. Later code reads
// `Config`, never process.env (firebase-admin is the exception: it reads
// FIREBASE_AUTH_EMULATOR_HOST itself, which is why the production guard below matters).
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_MAX_IMAGE_BYTES, DEFAULT_TIMEOUT_MS, resolveImageryConfig } from './imagery/config';
import { ImageryConfigError } from './imagery/errors';
import { DEFAULT_DEADLINE_MS } from './jobs/queue';

export const DEMO_PROJECT_ID = 'demo-aerisk';
export const DEFAULT_EMULATOR_HOST = '127.0.0.1:9099';

// An empty variable (`FOO=`) means unset, as it does in most shells' and CI's conventions.
const optional = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));
const optionalUrl = optional.pipe(z.url().optional());
const wholeNumber = (fallback: number, min: number) =>
  optional
    .transform((v) => (v === undefined ? fallback : Number(v)))
    .pipe(z.number().int(`must be a whole number ≥ ${min}`).min(min, `must be a whole number ≥ ${min}`));

const envSchema = z.object({
  NODE_ENV: optional,
  PORT: optional.transform((v) => (v === undefined ? 3000 : Number(v))).pipe(z.number().int().min(0).max(65535)),
  DATA_DIR: optional.transform((v) => path.resolve(v ?? './data')),
  DATABASE_URL: optional.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
  ),
  FIREBASE_PROJECT_ID: optional,
  FIREBASE_API_KEY: optional,
  FIREBASE_AUTH_DOMAIN: optional,
  FIREBASE_APP_ID: optional,
  FIREBASE_AUTH_EMULATOR_HOST: optional.pipe(
    z
      .string()
      .regex(/^[^\s/:]+:\d+$/, 'must be host:port, e.g. 127.0.0.1:9099')
      .optional(),
  ),
  TOKEN_SYNC_URL: optionalUrl,
  // Hardening (issue 12): verified-token cache, overload shedding, open streams per user.
  TOKEN_CACHE_MS: wholeNumber(30_000, 0),
  HEAVY_REQUEST_CONCURRENCY: wholeNumber(4, 1),
  HEAVY_REQUEST_QUEUE: wholeNumber(8, 0),
  ANALYSIS_QUEUE_LIMIT: wholeNumber(20, 1),
  SUBSCRIPTIONS_PER_USER: wholeNumber(10, 1),
  GRAPHQL_ADHOC_QUERIES: optional.pipe(z.enum(['allow', 'refuse']).optional()),
  ANALYZER: optional.pipe(z.enum(['local', 'claude']).default('local')),
  ANTHROPIC_API_KEY: optional,
  ANTHROPIC_MODEL: optional,
  ANTHROPIC_BASE_URL: optionalUrl,
  IMAGERY_PROVIDER: optional.pipe(z.enum(['public', 'google', 'tiles', 'none']).default('public')),
  PLACES_PROVIDER: optional.pipe(z.enum(['public', 'google', 'none']).default('public')),
  GOOGLE_MAPS_API_KEY: optional,
  GOOGLE_MAPS_BASE_URL: optionalUrl,
  GOOGLE_PLACES_BASE_URL: optionalUrl,
  TILE_URL_TEMPLATE: optional,
  USGS_IMAGERY_URL: optionalUrl,
  CENSUS_GEOCODER_URL: optionalUrl,
  PHOTON_URL: optionalUrl,
  // Map flow (issue 5, docs/decisions/006-imagery-providers.md): credit for `tiles`, per-call deadline, image cap.
  TILE_ATTRIBUTION: optional,
  IMAGERY_TIMEOUT_MS: wholeNumber(DEFAULT_TIMEOUT_MS, 1),
  IMAGERY_MAX_IMAGE_BYTES: wholeNumber(DEFAULT_MAX_IMAGE_BYTES, 1),
  // Analysis domain (issue 4): abuse limits, the analysis job queue, blob storage, Claude's budget.
  UPLOAD_RATE_LIMIT_PER_MINUTE: wholeNumber(30, 1),
  ANALYZE_RATE_LIMIT_PER_MINUTE: wholeNumber(20, 1),
  PLACES_RATE_LIMIT_PER_MINUTE: wholeNumber(180, 1),
  // Guest sessions (issue 13): how long an idle guest's data lives, and their own, lower limits.
  GUEST_SESSION_TTL_HOURS: wholeNumber(24, 1),
  GUEST_UPLOAD_RATE_LIMIT_PER_MINUTE: wholeNumber(5, 1),
  GUEST_ANALYZE_RATE_LIMIT_PER_MINUTE: wholeNumber(5, 1),
  GUEST_PLACES_RATE_LIMIT_PER_MINUTE: wholeNumber(30, 1),
  // API keys for scripts (issue 11): each key's own request limit, and how many keys a user may hold.
  API_KEY_RATE_LIMIT_PER_MINUTE: wholeNumber(120, 1),
  API_KEYS_PER_USER: wholeNumber(10, 1),
  // Portfolio batches (issue 11): map images fetched at once, and batch analyses queued or running at once.
  BATCH_CONCURRENCY: wholeNumber(2, 0),
  BATCH_QUEUE_DEPTH: wholeNumber(4, 1),
  ANALYZE_WAIT_TIMEOUT_MS: wholeNumber(120_000, 1),
  ANALYSIS_WORKERS: wholeNumber(1, 0),
  PROCESS_ROLE: optional.pipe(z.enum(['all', 'api', 'worker']).default('all')),
  ANALYZER_THREADS: wholeNumber(1, 0),
  ANALYSIS_LEASE_MS: wholeNumber(30_000, 1000),
  ANALYSIS_DEADLINE_MS: wholeNumber(DEFAULT_DEADLINE_MS, 1000),
  ANALYSIS_POLL_INTERVAL_MS: wholeNumber(0, 0),
  ORPHAN_SWEEP_GRACE_MS: wholeNumber(3_600_000, 60_000),
  SHUTDOWN_DRAIN_MS: wholeNumber(5000, 0),
  S3_BUCKET: optional,
  S3_ENDPOINT: optionalUrl,
  S3_REGION: optional,
  S3_FORCE_PATH_STYLE: optional.pipe(z.enum(['true', 'false', '1', '0']).optional()),
  // Validated by the analyzer factory (server/analyzer/claude/config.ts), which owns their rules.
  ANTHROPIC_TIMEOUT_MS: optional,
  ANTHROPIC_EFFORT: optional,
  CLAUDE_DAILY_BUDGET: optional,
});

type Env = z.output<typeof envSchema>;

export interface FirebaseConfig {
  /** `emulator`: the Firebase Auth emulator (no account needed); `project`: a real Firebase project. */
  mode: 'emulator' | 'project';
  projectId: string;
  apiKey: string;
  authDomain: string;
  appId: string;
  /** host:port of the Auth emulator, or null for a real project. */
  emulatorHost: string | null;
  /** How long a verified token's answer is reused (revocation takes effect within it); 0 asks every time. */
  tokenCacheMs: number;
}

export interface Config {
  production: boolean;
  /**
   * Whether /graphql accepts operation text besides the client's persisted operations. Always in
   * development; in production only with GRAPHQL_ADHOC_QUERIES=allow (internal tools).
   */
  allowAdhocQueries: boolean;
  port: number;
  /** On SIGTERM/SIGINT, how long open requests may finish before their connections are closed. */
  shutdownDrainMs: number;
  dataDir: string;
  databaseUrl: string | undefined;
  firebase: FirebaseConfig;
  tokenSyncUrl: string | null;
  analyzer: {
    kind: 'local' | 'claude';
    anthropicApiKey: string | undefined;
    anthropicModel: string | undefined;
    anthropicBaseUrl: string | undefined;
  };
  imagery: {
    provider: 'public' | 'google' | 'tiles' | 'none';
    placesProvider: 'public' | 'google' | 'none';
    googleMapsApiKey: string | undefined;
    googleMapsBaseUrl: string | undefined;
    googlePlacesBaseUrl: string | undefined;
    tileUrlTemplate: string | undefined;
    usgsImageryUrl: string | undefined;
    censusGeocoderUrl: string | undefined;
    photonUrl: string | undefined;
    tileAttribution: string | undefined;
    /** Deadline of one provider operation (one JSON call, or every tile of one image). */
    timeoutMs: number;
    maxImageBytes: number;
    /** Outside production: a provider set to `none` says which setting turns it on. */
    setupHelp: boolean;
  };
  /** Per-user requests per minute; past them the API answers 429 with Retry-After. Guests have their own. */
  limits: RateLimits;
  guests: {
    /** A guest idle for longer than this loses its data and its anonymous account. */
    ttlMs: number;
  };
  /** Overload shedding (server/http/load-shedding.ts): what is admitted, the rest is told to come back. */
  load: {
    /** Uploads and analysis requests served at once. */
    heavyConcurrency: number;
    /** Heavy requests that may wait for a slot; beyond them, 503 with Retry-After. */
    heavyQueue: number;
    /** Analysis jobs queued or running at most; a new analysis beyond it gets 503 with Retry-After. */
    analysisQueueLimit: number;
    /** Open subscription streams per user; one more is refused (429). */
    subscriptionsPerUser: number;
  };
  analysis: {
    /** How long analyzeImage / POST /aerial/analyze wait for the job before answering without results. */
    waitTimeoutMs: number;
    /**
     * `all` (default): serves the API and runs analyses. `api`: serves the API only (runs no job).
     * `worker`: runs analyses only (no HTTP), beside API processes on one PostgreSQL and one blob store.
     */
    role: 'all' | 'api' | 'worker';
    /** Jobs this process runs at once; 0 runs none (an API-only process beside separate workers). */
    workers: number;
    /** Worker threads the local analyzer runs on; 0 runs it on the main thread. */
    analyzerThreads: number;
    /** A running job whose heartbeat is older than this belongs to a dead worker and is run again. */
    leaseMs: number;
    deadlineMs: number;
    /**
     * 0 (default): this process is the queue's only worker, so at start every running job is a
     * leftover of a crash and runs again at once. > 0: several processes share the queue (PostgreSQL);
     * an idle worker also looks for jobs this often (NOTIFY wakes it at once anyway), and a running job
     * runs again only once its heartbeat is older than the lease.
     */
    pollIntervalMs: number;
  };
  batches: {
    /** Batch rows whose map image this process fetches at once (0: it runs no batch rows). */
    concurrency: number;
    /** Batch analyses (every user's) waiting or running at once: map images are fetched only this far ahead. */
    queueDepth: number;
  };
  storage: {
    s3Bucket: string | undefined;
    s3Endpoint: string | undefined;
    s3Region: string | undefined;
    s3ForcePathStyle: boolean | undefined;
    /** Blobs without a row are deleted at start once older than this (longer than any upload). */
    orphanGraceMs: number;
  };
  /** The analyzer variables as given, for the analyzer factory (server/analyzer/claude/config.ts). */
  analyzerEnv: Readonly<Record<string, string | undefined>>;
}

export interface PerMinuteLimits {
  uploadsPerMinute: number;
  analysesPerMinute: number;
  placesPerMinute: number;
}

export type RateLimits = PerMinuteLimits & {
  guest: PerMinuteLimits;
  /** Requests per minute of one API key, and how many keys a user may hold (services/api-keys.ts). */
  apiKeys: { requestsPerMinute: number; maxPerUser: number };
};

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

function firebaseConfig(env: Env): FirebaseConfig {
  // No project configured means the emulator: `npm start` works with no account and no key.
  const emulator = env.FIREBASE_AUTH_EMULATOR_HOST !== undefined || env.FIREBASE_PROJECT_ID === undefined;
  const projectId = env.FIREBASE_PROJECT_ID ?? DEMO_PROJECT_ID;
  if (!emulator && env.FIREBASE_API_KEY === undefined) {
    throw new ConfigError('FIREBASE_API_KEY is required when FIREBASE_PROJECT_ID names a real Firebase project.');
  }
  return {
    mode: emulator ? 'emulator' : 'project',
    projectId,
    // The web SDK insists on some API key; the emulator accepts any.
    apiKey: env.FIREBASE_API_KEY ?? 'demo-api-key',
    authDomain: env.FIREBASE_AUTH_DOMAIN ?? `${projectId}.firebaseapp.com`,
    appId: env.FIREBASE_APP_ID ?? '',
    emulatorHost: emulator ? (env.FIREBASE_AUTH_EMULATOR_HOST ?? DEFAULT_EMULATOR_HOST) : null,
    tokenCacheMs: env.TOKEN_CACHE_MS,
  };
}

/** The imagery and places settings, checked as the providers will read them, so a wrong one stops the start. */
function imageryConfig(env: Env, production: boolean): Config['imagery'] {
  const imagery: Config['imagery'] = {
    provider: env.IMAGERY_PROVIDER,
    placesProvider: env.PLACES_PROVIDER,
    googleMapsApiKey: env.GOOGLE_MAPS_API_KEY,
    googleMapsBaseUrl: env.GOOGLE_MAPS_BASE_URL,
    googlePlacesBaseUrl: env.GOOGLE_PLACES_BASE_URL,
    tileUrlTemplate: env.TILE_URL_TEMPLATE,
    usgsImageryUrl: env.USGS_IMAGERY_URL,
    censusGeocoderUrl: env.CENSUS_GEOCODER_URL,
    photonUrl: env.PHOTON_URL,
    tileAttribution: env.TILE_ATTRIBUTION,
    timeoutMs: env.IMAGERY_TIMEOUT_MS,
    maxImageBytes: env.IMAGERY_MAX_IMAGE_BYTES,
    setupHelp: !production,
  };
  try {
    resolveImageryConfig(imagery);
  } catch (error) {
    if (error instanceof ImageryConfigError) throw new ConfigError(`Invalid configuration:\n  ${error.message}`);
    throw error;
  }
  return imagery;
}

/**
 * Only an explicit development value (unset, `development` or `test`, as written) runs in development mode;
 * anything else (`production`, `Production`, `prod`, `staging`, a typo) is production. A mistyped value must
 * never fall back to the mode in which the Auth emulator's unsigned tokens are accepted.
 */
export const DEVELOPMENT_NODE_ENVS = ['development', 'test'] as const;
export function isProductionEnv(nodeEnv: string | undefined): boolean {
  return nodeEnv !== undefined && nodeEnv !== '' && !(DEVELOPMENT_NODE_ENVS as readonly string[]).includes(nodeEnv);
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const production = isProductionEnv(env.NODE_ENV);
  if (env.PROCESS_ROLE === 'worker' && env.ANALYSIS_WORKERS === 0) {
    throw new ConfigError('Invalid configuration:\n  PROCESS_ROLE=worker runs analyses, so ANALYSIS_WORKERS must be 1 or more.');
  }
  const firebase = firebaseConfig(env);
  if (production && firebase.mode === 'emulator') {
    // The emulator accepts unsigned tokens: anyone could sign in as anyone.
    throw new ConfigError(
      `Refusing to start: NODE_ENV=${env.NODE_ENV} is production, with the Firebase Auth emulator ` +
        `(FIREBASE_AUTH_EMULATOR_HOST=${env.FIREBASE_AUTH_EMULATOR_HOST ?? 'unset, implied by no FIREBASE_PROJECT_ID'}). ` +
        'The emulator accepts unsigned tokens, so anyone could sign in as anyone. Unset ' +
        'FIREBASE_AUTH_EMULATOR_HOST and set FIREBASE_PROJECT_ID, FIREBASE_API_KEY, FIREBASE_AUTH_DOMAIN ' +
        'and FIREBASE_APP_ID of a real Firebase project.',
    );
  }
  return {
    production,
    allowAdhocQueries: !production || env.GRAPHQL_ADHOC_QUERIES === 'allow',
    port: env.PORT,
    shutdownDrainMs: env.SHUTDOWN_DRAIN_MS,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    firebase,
    tokenSyncUrl: env.TOKEN_SYNC_URL ?? null,
    analyzer: {
      kind: env.ANALYZER,
      anthropicApiKey: env.ANTHROPIC_API_KEY,
      anthropicModel: env.ANTHROPIC_MODEL,
      anthropicBaseUrl: env.ANTHROPIC_BASE_URL,
    },
    imagery: imageryConfig(env, production),
    limits: {
      uploadsPerMinute: env.UPLOAD_RATE_LIMIT_PER_MINUTE,
      analysesPerMinute: env.ANALYZE_RATE_LIMIT_PER_MINUTE,
      placesPerMinute: env.PLACES_RATE_LIMIT_PER_MINUTE,
      guest: {
        uploadsPerMinute: env.GUEST_UPLOAD_RATE_LIMIT_PER_MINUTE,
        analysesPerMinute: env.GUEST_ANALYZE_RATE_LIMIT_PER_MINUTE,
        placesPerMinute: env.GUEST_PLACES_RATE_LIMIT_PER_MINUTE,
      },
      apiKeys: { requestsPerMinute: env.API_KEY_RATE_LIMIT_PER_MINUTE, maxPerUser: env.API_KEYS_PER_USER },
    },
    guests: { ttlMs: env.GUEST_SESSION_TTL_HOURS * 3_600_000 },
    load: {
      heavyConcurrency: env.HEAVY_REQUEST_CONCURRENCY,
      heavyQueue: env.HEAVY_REQUEST_QUEUE,
      analysisQueueLimit: env.ANALYSIS_QUEUE_LIMIT,
      subscriptionsPerUser: env.SUBSCRIPTIONS_PER_USER,
    },
    analysis: {
      waitTimeoutMs: env.ANALYZE_WAIT_TIMEOUT_MS,
      role: env.PROCESS_ROLE,
      workers: env.PROCESS_ROLE === 'api' ? 0 : env.ANALYSIS_WORKERS,
      analyzerThreads: env.ANALYZER_THREADS,
      leaseMs: env.ANALYSIS_LEASE_MS,
      deadlineMs: env.ANALYSIS_DEADLINE_MS,
      pollIntervalMs: env.ANALYSIS_POLL_INTERVAL_MS,
    },
    batches: { concurrency: env.BATCH_CONCURRENCY, queueDepth: env.BATCH_QUEUE_DEPTH },
    storage: {
      s3Bucket: env.S3_BUCKET,
      s3Endpoint: env.S3_ENDPOINT,
      s3Region: env.S3_REGION ?? source.AWS_REGION,
      s3ForcePathStyle: env.S3_FORCE_PATH_STYLE === undefined ? undefined : ['true', '1'].includes(env.S3_FORCE_PATH_STYLE),
      orphanGraceMs: env.ORPHAN_SWEEP_GRACE_MS,
    },
    analyzerEnv: {
      ANALYZER: env.ANALYZER,
      ANTHROPIC_API_KEY: env.ANTHROPIC_API_KEY,
      ANTHROPIC_MODEL: env.ANTHROPIC_MODEL,
      ANTHROPIC_BASE_URL: env.ANTHROPIC_BASE_URL,
      ANTHROPIC_TIMEOUT_MS: env.ANTHROPIC_TIMEOUT_MS,
      ANTHROPIC_EFFORT: env.ANTHROPIC_EFFORT,
      CLAUDE_DAILY_BUDGET: env.CLAUDE_DAILY_BUDGET,
    },
  };
}
