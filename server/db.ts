// The database: PGlite in-process under DATA_DIR by default, a PostgreSQL server when
// DATABASE_URL is set. Same schema, same migrations, same Prisma client; only the adapter differs.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PrismaPg } from '@prisma/adapter-pg';
import type { SqlDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import pg from 'pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { PrismaClient, type Prisma } from './generated/prisma/client';

export type Db = PrismaClient;

/** Raw SQL on one connection, for the migration runner (advisory locks are per session). */
export interface SqlSession {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>;
  /** Runs a multi-statement script. */
  exec(script: string): Promise<void>;
}

/** A LISTEN subscription; `close` stops it. */
export interface Listening {
  close(): Promise<void>;
}

export interface Database {
  prisma: Db;
  kind: 'pglite' | 'postgres';
  withSession<T>(fn: (session: SqlSession) => Promise<T>): Promise<T>;
  /**
   * LISTEN on `channel`: `onPayload` gets each NOTIFY's payload, from any process. `onReconnect` runs
   * after the connection that listens was lost and is back (notifications in between are missed, so
   * callers re-read what they watch). PGlite delivers in-process; PostgreSQL uses one dedicated
   * connection per Database for every channel.
   */
  listen(channel: string, onPayload: (payload: string) => void, onReconnect?: () => void): Promise<Listening>;
  /** The engine underneath, for the job queue's own adapter (server/jobs/queue.ts). */
  engine: { kind: 'pglite'; pglite: PGlite } | { kind: 'postgres'; pool: pg.Pool };
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… selects PostgreSQL; otherwise PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite's directory (DATA_DIR/db), or `memory://` for a throwaway database. */
  pgliteDir?: string;
  /** An already open PGlite (tools that share it with the schema engine); closed by close(). */
  pglite?: PGlite;
  /** Called for every SQL query Prisma sends (tests count queries with it). */
  onQuery?: (event: Prisma.QueryEvent) => void;
}

export function pgliteDirFor(dataDir: string): string {
  return path.join(dataDir, 'db');
}

function createClient(adapter: SqlDriverAdapterFactory, opts: DatabaseOptions): Db {
  if (!opts.onQuery) return new PrismaClient({ adapter });
  const client = new PrismaClient({ adapter, log: [{ emit: 'event' as const, level: 'query' as const }] });
  client.$on('query', opts.onQuery);
  // The event-emitting client is a different generic instantiation of the same class.
  return client as unknown as Db;
}

async function createPglite(dir: string): Promise<PGlite> {
  if (!dir.startsWith('memory://')) await mkdir(dir, { recursive: true });
  // pg_trgm serves history search's substring matches (prisma/migrations/*_history_search_trgm).
  return PGlite.create(dir, { extensions: { pg_trgm } });
}

async function openPglite(pglite: PGlite, opts: DatabaseOptions): Promise<Database> {
  const prisma = createClient(new PrismaPGlite(pglite), opts);
  const session: SqlSession = {
    query: async <Row>(sql: string, params?: unknown[]) => (await pglite.query<Row>(sql, params)).rows,
    exec: async (script) => {
      await pglite.exec(script);
    },
  };
  return {
    prisma,
    kind: 'pglite',
    // PGlite is one connection; every caller shares it.
    withSession: (fn) => fn(session),
    listen: async (channel, onPayload) => {
      const unlisten = await pglite.listen(channel, onPayload);
      return { close: () => unlisten() };
    },
    engine: { kind: 'pglite', pglite },
    close: async () => {
      await prisma.$disconnect();
      // Without this the PGlite worker keeps the process alive.
      await pglite.close();
    },
  };
}

function openPostgres(url: string, opts: DatabaseOptions): Database {
  const pool = new pg.Pool({ connectionString: url });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', (error) => console.error('[db] idle PostgreSQL connection error:', error.message));
  const prisma = createClient(new PrismaPg(pool), opts);
  const listener = new PgListener(url);
  return {
    prisma,
    kind: 'postgres',
    listen: (channel, onPayload, onReconnect) => listener.listen(channel, onPayload, onReconnect),
    engine: { kind: 'postgres', pool },
    withSession: async (fn) => {
      const client = await pool.connect();
      try {
        return await fn({
          query: async <Row>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as Row[],
          // Without parameters pg uses the simple protocol, which accepts several statements.
          exec: async (script) => {
            await client.query(script);
          },
        });
      } finally {
        client.release();
      }
    },
    close: async () => {
      await listener.close();
      await prisma.$disconnect();
      await pool.end();
    },
  };
}

type Channel = { payload: Set<(payload: string) => void>; reconnect: Set<() => void> };

/**
 * One dedicated PostgreSQL connection that LISTENs on every channel this process watches. A lost
 * connection is re-opened (1 s, doubling to 30 s), its channels listened to again, and each channel's
 * `onReconnect` told, since notifications sent meanwhile are gone.
 */
class PgListener {
  private readonly channels = new Map<string, Channel>();
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private closed = false;
  private retryMs = 1000;

  constructor(private readonly url: string) {}

  async listen(channel: string, onPayload: (payload: string) => void, onReconnect?: () => void): Promise<Listening> {
    let entry = this.channels.get(channel);
    const fresh = !entry;
    if (!entry) this.channels.set(channel, (entry = { payload: new Set(), reconnect: new Set() }));
    entry.payload.add(onPayload);
    if (onReconnect) entry.reconnect.add(onReconnect);
    const client = await this.connect();
    if (fresh) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    return {
      close: async () => {
        entry.payload.delete(onPayload);
        if (onReconnect) entry.reconnect.delete(onReconnect);
        if (entry.payload.size > 0 || this.channels.get(channel) !== entry) return;
        this.channels.delete(channel);
        await this.client?.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
      },
    };
  }

  private connect(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= (async () => {
      const client = new pg.Client({ connectionString: this.url });
      client.on('notification', (message) => {
        for (const fn of this.channels.get(message.channel)?.payload ?? []) fn(message.payload ?? '');
      });
      client.on('error', (error) => {
        console.error('[db] listening connection lost:', error.message);
        this.lost(client);
      });
      client.on('end', () => this.lost(client));
      try {
        await client.connect();
        for (const channel of this.channels.keys()) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      } catch (error) {
        await client.end().catch(() => undefined);
        throw error;
      }
      this.client = client;
      this.retryMs = 1000;
      return client;
    })().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = null;
    if (this.closed) return;
    const retry = () => {
      if (this.closed) return;
      this.connect().then(
        () => {
          for (const entry of this.channels.values()) for (const fn of entry.reconnect) fn();
        },
        () => {
          this.retryMs = Math.min(this.retryMs * 2, 30_000);
          setTimeout(retry, this.retryMs).unref();
        },
      );
    };
    setTimeout(retry, this.retryMs).unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.client ?? (await this.connecting?.catch(() => null));
    this.client = null;
    await client?.end().catch(() => undefined);
  }
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts);
  return openPglite(opts.pglite ?? (await createPglite(opts.pgliteDir ?? 'memory://')), opts);
}
