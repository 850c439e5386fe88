// The database: PGlite in-process under DATA_DIR by default, a PostgreSQL server when
// DATABASE_URL is set. Same schema, same migrations, same Prisma client; only the adapter differs.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PrismaPg } from '@prisma/adapter-pg';
import type { SqlDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import pg from 'pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { PrismaClient, type Prisma } from './generated/prisma/client.js';

export type Db = PrismaClient;

/** Raw SQL on one connection, for the migration runner (advisory locks are per session). */
export interface SqlSession {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>;
  /** Runs a multi-statement script. */
  exec(script: string): Promise<void>;
}

export interface Database {
  prisma: Db;
  kind: 'pglite' | 'postgres';
  withSession<T>(fn: (session: SqlSession) => Promise<T>): Promise<T>;
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
  return PGlite.create(dir);
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
  return {
    prisma,
    kind: 'postgres',
    withSession: async (fn) => {
      const client = await pool.connect();
      try {
        return await fn({
          query: async <Row>(sql: string, params?: unknown[]) =>
            (await client.query(sql, params)).rows as Row[],
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
      await prisma.$disconnect();
      await pool.end();
    },
  };
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts);
  return openPglite(opts.pglite ?? (await createPglite(opts.pgliteDir ?? 'memory://')), opts);
}
