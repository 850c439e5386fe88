// `npm run db:migrate`: applies pending migrations to the configured database (DATA_DIR's PGlite
// or DATABASE_URL) without starting the server, e.g. as a deploy step. The server also does this
// at every start; both take Prisma's migration lock, so they never run at the same time.
import { ConfigError, loadConfig } from '../server/config';
import { openDatabase, pgliteDirFor } from '../server/db';
import { migrate } from '../server/migrate';

let config;
try {
  config = loadConfig();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(78);
}
const db = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: pgliteDirFor(config.dataDir) });
try {
  const { applied, warnings } = await migrate(db);
  for (const warning of warnings) console.warn(warning);
  console.log(applied.length ? `Applied ${applied.join(', ')}` : 'The database is up to date.');
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await db.close();
}
