// `npm run db:migrate-dev -- --name <name>`: creates the next migration offline, the way
// `prisma migrate dev --create-only` would, with Prisma's WebAssembly schema engine. The engine
// replays prisma/migrations on a shadow database, diffs it against prisma/schema.prisma and
// writes prisma/migrations/<timestamp>_<name>/migration.sql. The server applies it at start
// (or `npm run db:migrate` now).
// `npm run db:migrate-check`: exits 2 when schema.prisma has changes no migration captures.
// The engine works on scratch databases only (in-memory PGlite, or temporary databases on the
// DATABASE_URL server when set): the development database is never touched.
import { mkdirSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { loadSchemaEngine } from './prisma-engine';
import { pgScratchMigrationFactory, pgliteMigrationFactory } from './prisma-adapters';
import { lockfileContent, lockfileName, migrationsDir, readMigrationList, readSchemaFiles } from './prisma-migrations-dir';

const { values } = parseArgs({
  options: {
    name: { type: 'string' },
    check: { type: 'boolean', default: false },
    'allow-empty': { type: 'boolean', default: false },
  },
});

const noFilters = { externalTables: [], externalEnums: [] };
const databaseUrl = process.env.DATABASE_URL;
const scratch = databaseUrl ? undefined : new PGlite();
const factory = databaseUrl ? pgScratchMigrationFactory(databaseUrl) : pgliteMigrationFactory(scratch!);
const schemaFiles = readSchemaFiles();
const engine = await loadSchemaEngine(factory, schemaFiles, (line) => {
  if (process.env.DEBUG_SCHEMA_ENGINE) console.error(line);
});

async function check(): Promise<number> {
  const result = await engine.diff({
    from: { tag: 'migrations', ...readMigrationList() },
    to: { tag: 'schemaDatamodel', files: schemaFiles },
    script: true,
    exitCode: true,
    filters: noFilters,
  });
  if (result.exitCode === 0) {
    console.log('prisma/migrations matches prisma/schema.prisma.');
  } else {
    console.error('prisma/schema.prisma has changes that no migration captures:\n');
    console.error(result.stdout ?? '');
    console.error('Create one with: npm run db:migrate-dev -- --name <what_changed>');
  }
  return result.exitCode;
}

async function create(name: string): Promise<number> {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error('--name must be snake_case (a-z, 0-9, _)');
  const migrationsList = readMigrationList();
  // In the wasm engine only diff/devDiagnostic get the adapter factory that can open a shadow
  // database; createMigration reuses the schema devDiagnostic cached while replaying the
  // migrations, which it only does for a database that is up to date, as in `migrate dev`.
  await engine.applyMigrations({ migrationsList, filters: noFilters });
  const diagnostic = await engine.devDiagnostic({ migrationsList, filters: noFilters });
  if (diagnostic.action.tag === 'reset') throw new Error(`Migrations need a reset: ${diagnostic.action.reason}`);
  const out = await engine.createMigration({
    draft: values['allow-empty'],
    migrationName: name,
    migrationsList,
    schema: { files: schemaFiles },
    filters: noFilters,
  });
  if (out.migrationScript === null) {
    console.log('No schema changes: no migration created (pass --allow-empty for an empty one).');
    return 0;
  }
  const dir = path.join(migrationsDir, out.generatedMigrationName);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `migration.${out.extension}`), out.migrationScript);
  const lockPath = path.join(migrationsDir, lockfileName);
  if (!existsSync(lockPath)) writeFileSync(lockPath, lockfileContent);
  console.log(`Created prisma/migrations/${out.generatedMigrationName}/migration.${out.extension}`);
  return 0;
}

let code = 1;
try {
  if (values.check) code = await check();
  else if (values.name) code = await create(values.name);
  else console.error('Usage: db:migrate-dev -- --name <snake_case_name> [--allow-empty] | --check');
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
} finally {
  engine.free();
  await scratch?.close();
}
process.exit(code);
