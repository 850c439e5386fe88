// Applies the committed migrations (prisma/migrations, Prisma's format) at start. It records them
// in `_prisma_migrations` exactly as Prisma does, so `prisma migrate deploy|status` keep working
// on the same database from a machine that has the Prisma CLI's engines. Creating migrations is
// scripts/prisma-migrate-dev.ts's job; this path only replays SQL, so it stays small.
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database, SqlSession } from './db';

export const defaultMigrationsDir = fileURLToPath(new URL('../prisma/migrations/', import.meta.url));

// Prisma's own lock key, so this runner and `prisma migrate deploy` never run at the same time.
const PRISMA_MIGRATE_LOCK = 72707369;

const createTable = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

export class MigrationError extends Error {
  override readonly name = 'MigrationError';
}

interface LocalMigration {
  name: string;
  script: string;
  checksum: string;
}

interface AppliedRow {
  migration_name: string;
  checksum: string;
  finished_at: Date | string | null;
  rolled_back_at: Date | string | null;
}

export function readLocalMigrations(dir = defaultMigrationsDir): LocalMigration[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(dir, entry.name, 'migration.sql')))
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const script = readFileSync(path.join(dir, name, 'migration.sql'), 'utf8');
      // Prisma's checksum: sha256 of the script, hex.
      return { name, script, checksum: createHash('sha256').update(script).digest('hex') };
    });
}

async function applyOne(session: SqlSession, migration: LocalMigration): Promise<void> {
  const id = randomUUID();
  try {
    // One transaction per migration: a failure leaves the schema as it was, so the next start can
    // simply retry (Prisma's runner does not do this and leaves a half-applied migration).
    await session.exec('BEGIN');
    await session.query(
      'INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, applied_steps_count) VALUES ($1, $2, $3, now(), 0)',
      [id, migration.checksum, migration.name],
    );
    await session.exec(migration.script);
    await session.query('UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1', [id]);
    await session.exec('COMMIT');
  } catch (error) {
    await session.exec('ROLLBACK').catch(() => {});
    const message = error instanceof Error ? error.message : String(error);
    // Recorded as rolled back: Prisma ignores such rows except as an audit trail.
    await session
      .query(
        'INSERT INTO "_prisma_migrations" (id, checksum, migration_name, logs, rolled_back_at, started_at) VALUES ($1, $2, $3, $4, now(), now())',
        [randomUUID(), migration.checksum, migration.name, message],
      )
      .catch(() => {});
    throw new MigrationError(`Migration ${migration.name} failed and was rolled back: ${message}`, { cause: error });
  }
}

export interface MigrateResult {
  applied: string[];
  warnings: string[];
}

export async function migrate(db: Database, dir = defaultMigrationsDir): Promise<MigrateResult> {
  const local = readLocalMigrations(dir);
  return db.withSession(async (session) => {
    await session.exec(createTable);
    await session.query('SELECT pg_advisory_lock($1)', [PRISMA_MIGRATE_LOCK]);
    try {
      const rows = await session.query<AppliedRow>(
        'SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations" ORDER BY started_at',
      );
      const live = rows.filter((row) => row.rolled_back_at === null);
      const failed = live.filter((row) => row.finished_at === null);
      if (failed.length > 0) {
        throw new MigrationError(
          `Migration ${failed[0].migration_name} was started but never finished (applied by another tool?). ` +
            'Fix the database by hand, then mark it with `prisma migrate resolve --applied|--rolled-back <name>`.',
        );
      }
      const warnings: string[] = [];
      const applied = new Map(live.map((row) => [row.migration_name, row.checksum]));
      const localNames = new Set(local.map((m) => m.name));
      for (const m of local) {
        const checksum = applied.get(m.name);
        if (checksum !== undefined && checksum !== m.checksum) {
          warnings.push(`Migration ${m.name} was edited after it was applied; the database keeps the old version.`);
        }
      }
      for (const name of applied.keys()) {
        if (!localNames.has(name)) warnings.push(`The database has migration ${name}, which this code does not know.`);
      }
      const pending = local.filter((m) => !applied.has(m.name));
      for (const m of pending) await applyOne(session, m);
      return { applied: pending.map((m) => m.name), warnings };
    } finally {
      await session.query('SELECT pg_advisory_unlock($1)', [PRISMA_MIGRATE_LOCK]).catch(() => {});
    }
  });
}
