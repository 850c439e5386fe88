// Driver adapters for the schema engine (migrations only; the app uses the stock ones).
// The stock adapters trip the engine in three places, each fixed here:
// - executeScript: PGlite's does not await `exec`, adapter-pg splits on every ';'. Migration
//   SQL is multi-statement, so we run the whole script through the driver's simple protocol.
// - adapter-pg cannot type Postgres "char" (OID 18) columns, which the engine reads from
//   pg_catalog during introspection; they are plain one-letter text, so we report them as text.
// - adapter-pg's shadow database is dropped without FORCE, which fails while the engine's
//   pooled connections are still open.
import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { PrismaPg } from '@prisma/adapter-pg';
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import pg from 'pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';

const PG_CHAR_OID = 18;
const PG_TEXT_OID = 25;

function withScriptAndDispose(
  inner: SqlDriverAdapter,
  executeScript: (script: string) => Promise<unknown>,
  dispose: () => Promise<void>,
): SqlDriverAdapter {
  return {
    provider: inner.provider,
    adapterName: inner.adapterName,
    queryRaw: (query) => inner.queryRaw(query),
    executeRaw: (query) => inner.executeRaw(query),
    startTransaction: (isolationLevel) => inner.startTransaction(isolationLevel),
    getConnectionInfo: inner.getConnectionInfo ? () => inner.getConnectionInfo!() : undefined,
    executeScript: async (script) => {
      await executeScript(script);
    },
    dispose: async () => {
      await inner.dispose();
      await dispose();
    },
  };
}

export function pgliteMigrationFactory(db: PGlite): SqlMigrationAwareDriverAdapterFactory {
  return {
    provider: 'postgres',
    adapterName: 'aerisk-migrate-pglite',
    async connect() {
      const inner = await new PrismaPGlite(db).connect();
      return withScriptAndDispose(
        inner,
        (s) => db.exec(s),
        async () => {},
      );
    },
    async connectToShadowDb() {
      const shadow = new PGlite();
      const inner = await new PrismaPGlite(shadow).connect();
      return withScriptAndDispose(
        inner,
        (s) => shadow.exec(s),
        () => shadow.close(),
      );
    },
  };
}

type Field = { dataTypeID: number };

function patchCharColumns(client: pg.ClientBase): void {
  const original = client.query.bind(client) as (...args: unknown[]) => unknown;
  const fix = <R>(result: R): R => {
    for (const field of (result as { fields?: Field[] } | undefined)?.fields ?? []) {
      if (field.dataTypeID === PG_CHAR_OID) field.dataTypeID = PG_TEXT_OID;
    }
    return result;
  };
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const last = args.at(-1);
    if (typeof last === 'function') {
      const callback = last as (err: unknown, res: unknown) => void;
      return original(...args.slice(0, -1), (err: unknown, res: unknown) => callback(err, err ? res : fix(res)));
    }
    const out = original(...args);
    return out instanceof Promise ? out.then(fix) : out;
  };
}

function patchedPool(connectionString: string): pg.Pool {
  const pool = new pg.Pool({ connectionString, max: 4 });
  pool.on('connect', (client) => patchCharColumns(client));
  // Dropping a shadow database WITH (FORCE) terminates connections the engine still holds; that
  // is expected and must not surface as an unhandled 'error' event.
  pool.on('error', () => {});
  return pool;
}

// A throwaway database on the server behind `connectionString`, dropped (WITH FORCE, since the
// engine may still hold pooled connections) when the adapter is disposed.
async function scratchPgDatabase(connectionString: string): Promise<SqlDriverAdapter> {
  const admin = new pg.Client({ connectionString });
  await admin.connect();
  const name = `prisma_migrate_shadow_db_${randomUUID().replaceAll('-', '')}`;
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(connectionString);
  url.pathname = `/${name}`;
  const pool = patchedPool(url.toString());
  const inner = await new PrismaPg(pool).connect();
  return withScriptAndDispose(
    inner,
    (s) => pool.query(s),
    async () => {
      await pool.end();
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  );
}

/** The database at `connectionString` itself, with scratch shadow databases on the same server. */
export function pgMigrationFactory(connectionString: string): SqlMigrationAwareDriverAdapterFactory {
  return {
    provider: 'postgres',
    adapterName: 'aerisk-migrate-pg',
    async connect() {
      const pool = patchedPool(connectionString);
      const inner = await new PrismaPg(pool).connect();
      return withScriptAndDispose(
        inner,
        (s) => pool.query(s),
        () => pool.end(),
      );
    },
    connectToShadowDb: () => scratchPgDatabase(connectionString),
  };
}

/** Main and shadow databases are both scratch databases: creating migrations never touches data. */
export function pgScratchMigrationFactory(connectionString: string): SqlMigrationAwareDriverAdapterFactory {
  return {
    provider: 'postgres',
    adapterName: 'aerisk-migrate-pg',
    connect: () => scratchPgDatabase(connectionString),
    connectToShadowDb: () => scratchPgDatabase(connectionString),
  };
}
