// The start-up migration runner: it applies prisma/migrations, and what it records is what
// Prisma's own schema engine expects (so `prisma migrate status|deploy` agree with it).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { pgMigrationFactory, pgliteMigrationFactory } from '../../scripts/prisma-adapters';
import { loadSchemaEngine } from '../../scripts/prisma-engine';
import { readMigrationList, readSchemaFiles } from '../../scripts/prisma-migrations-dir';
import { openDatabase, type Database } from '../../server/db';
import { MigrationError, migrate, readLocalMigrations } from '../../server/migrate';
import { createPostgresDatabase } from '../helpers/test-app';

const noFilters = { externalTables: [], externalEnums: [] };
const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function freshDatabase(): Promise<{ db: Database; factory: SqlMigrationAwareDriverAdapterFactory }> {
  if (process.env.TEST_DB === 'postgres') {
    const database = await createPostgresDatabase();
    const db = await openDatabase({ databaseUrl: database.url });
    cleanups.push(async () => {
      await db.close();
      await database.drop();
    });
    return { db, factory: pgMigrationFactory(database.url) };
  }
  const pglite = new PGlite();
  const db = await openDatabase({ pglite });
  cleanups.push(() => db.close());
  return { db, factory: pgliteMigrationFactory(pglite) };
}

async function engineFor(factory: SqlMigrationAwareDriverAdapterFactory) {
  const engine = await loadSchemaEngine(factory, readSchemaFiles());
  cleanups.push(async () => engine.free());
  return engine;
}

function rows(db: Database) {
  return db.withSession((s) =>
    s.query<{ migration_name: string; checksum: string; finished_at: unknown; rolled_back_at: unknown }>(
      'SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations" ORDER BY started_at',
    ),
  );
}

describe('migrate()', { timeout: 180_000 }, () => {
  it('applies every committed migration once', async () => {
    const { db } = await freshDatabase();
    const local = readLocalMigrations().map((m) => m.name);
    expect(local.length).toBeGreaterThan(0);
    expect((await migrate(db)).applied).toEqual(local);
    expect((await migrate(db)).applied).toEqual([]);
    expect(await db.prisma.user.count()).toBe(0);
  });

  it('leaves a database that Prisma’s schema engine finds up to date and free of drift', async () => {
    const { db, factory } = await freshDatabase();
    await migrate(db);
    const engine = await engineFor(factory);
    const migrationsList = readMigrationList();
    const history = await engine.diagnoseMigrationHistory({
      migrationsList,
      optInToShadowDatabase: false,
      filters: noFilters,
    });
    expect(history).toEqual({
      history: null,
      failedMigrationNames: [],
      editedMigrationNames: [],
      hasMigrationsTable: true,
    });
    // `migrate dev` would reset a drifted database; a clean one goes straight to creating.
    const dev = await engine.devDiagnostic({ migrationsList, filters: noFilters });
    expect(dev.action).toEqual({ tag: 'createMigration' });
  });

  it('records the same checksums as Prisma, and accepts a database Prisma migrated', async () => {
    const { db, factory } = await freshDatabase();
    const engine = await engineFor(factory);
    const { appliedMigrationNames } = await engine.applyMigrations({
      migrationsList: readMigrationList(),
      filters: noFilters,
    });
    expect(appliedMigrationNames).toEqual(readLocalMigrations().map((m) => m.name));
    const prismaRows = await rows(db);
    expect(prismaRows.map((r) => r.checksum)).toEqual(readLocalMigrations().map((m) => m.checksum));
    expect(await migrate(db)).toEqual({ applied: [], warnings: [] });
  });

  it('matches schema.prisma: no change is missing a migration', async () => {
    const { factory } = await freshDatabase();
    const engine = await engineFor(factory);
    const diff = await engine.diff({
      from: { tag: 'migrations', ...readMigrationList() },
      to: { tag: 'schemaDatamodel', files: readSchemaFiles() },
      script: true,
      exitCode: true,
      filters: noFilters,
    });
    // The history's trigram indexes are created by a guarded migration where pg_trgm can be had
    // (20261124130200_history_search_trgm) and are deliberately not in schema.prisma; nothing else may differ.
    const guarded = /-- DropIndex\nDROP INDEX "analyses_(search_text|property_location)_trgm_idx";\n*/g;
    const rest = (diff.stdout ?? '').replace(guarded, '');
    expect(rest).not.toMatch(/CREATE|ALTER|DROP/);
    if (rest === (diff.stdout ?? '')) expect(diff.exitCode).toBe(0);
  });
});

describe('migrate() on a failing migration', { timeout: 120_000 }, () => {
  function migrationsDir(files: Record<string, string>): string {
    const dir = mkdtempSync(path.join(tmpdir(), 'aerisk-migrations-'));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    for (const [name, sql] of Object.entries(files)) {
      mkdirSync(path.join(dir, name));
      writeFileSync(path.join(dir, name, 'migration.sql'), sql);
    }
    return dir;
  }

  it('rolls it back whole, records it as rolled back, and applies it once fixed', async () => {
    const { db } = await freshDatabase();
    const broken = migrationsDir({
      '001_ok': 'CREATE TABLE "a" ("id" INTEGER);',
      '002_bad': 'CREATE TABLE "b" ("id" INTEGER);\nINSERT INTO "missing" VALUES (1);',
    });
    await expect(migrate(db, broken)).rejects.toThrow(MigrationError);
    const tables = () =>
      db.withSession((s) =>
        s.query<{ tablename: string }>(
          "SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename IN ('a', 'b') ORDER BY 1",
        ),
      );
    expect((await tables()).map((t) => t.tablename)).toEqual(['a']);
    const recorded = await rows(db);
    expect(recorded.map((r) => [r.migration_name, r.finished_at !== null, r.rolled_back_at !== null])).toEqual([
      ['001_ok', true, false],
      ['002_bad', false, true],
    ]);

    writeFileSync(path.join(broken, '002_bad', 'migration.sql'), 'CREATE TABLE "b" ("id" INTEGER);');
    expect((await migrate(db, broken)).applied).toEqual(['002_bad']);
    expect((await tables()).map((t) => t.tablename)).toEqual(['a', 'b']);
  });

  it('refuses to go on past a migration another tool left unfinished', async () => {
    const { db } = await freshDatabase();
    const dir = migrationsDir({ '001_ok': 'CREATE TABLE "a" ("id" INTEGER);' });
    await migrate(db, dir);
    await db.withSession((s) =>
      s.query(`INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at) VALUES ('x', 'y', '002_half', now())`),
    );
    await expect(migrate(db, dir)).rejects.toThrow(/002_half .*never finished.*migrate resolve/);
  });
});
