// Loads Prisma's published WebAssembly schema engine (@prisma/schema-engine-wasm), the only
// schema engine that runs offline here (the CLI's native one is a download). The package's own
// entry imports the .wasm file as an ES module, which Node 20 cannot do without a flag, so we
// instantiate it by hand against its wasm-bindgen glue.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SchemaEngine } from '@prisma/schema-engine-wasm';
import { bindMigrationAwareSqlAdapterFactory, type SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';

const require = createRequire(import.meta.url);

type Glue = typeof import('@prisma/schema-engine-wasm') & { __wbg_set_wasm(exports: unknown): void };

let gluePromise: Promise<Glue> | undefined;

async function loadGlue(): Promise<Glue> {
  const gluePath = require.resolve('@prisma/schema-engine-wasm/schema_engine_bg');
  const glue = (await import(pathToFileURL(gluePath).href)) as Glue;
  const bytes = await readFile(path.join(path.dirname(gluePath), 'schema_engine_bg.wasm'));
  const { instance } = await WebAssembly.instantiate(bytes, {
    './schema_engine_bg.js': glue as unknown as WebAssembly.ModuleImports,
  });
  glue.__wbg_set_wasm(instance.exports);
  (instance.exports as { __wbindgen_start(): void }).__wbindgen_start();
  return glue;
}

export interface SchemaFile {
  path: string;
  content: string;
}

/** One engine bound to one database (and its shadow database, created through the same factory). */
export async function loadSchemaEngine(
  factory: SqlMigrationAwareDriverAdapterFactory,
  schemaFiles: SchemaFile[],
  log: (line: string) => void = () => {},
): Promise<SchemaEngine> {
  gluePromise ??= loadGlue();
  const glue = await gluePromise;
  // The wrapper turns driver exceptions into the result values the engine expects.
  return glue.SchemaEngine.new(
    { datamodels: schemaFiles.map((f) => [f.path, f.content] as [string, string]) },
    log,
    bindMigrationAwareSqlAdapterFactory(factory),
  );
}
