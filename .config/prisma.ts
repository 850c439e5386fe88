// Read by the Prisma CLI (it looks for .config/prisma.ts), so a machine with internet can run
// `prisma migrate deploy|status` on the same files. The app itself never reads this file: it
// connects through driver adapters (server/db.ts) and applies migrations with server/migrate.ts.
import { defineConfig } from 'prisma/config';

export default defineConfig({
  schema: '../prisma/schema.prisma',
  migrations: { path: '../prisma/migrations' },
  // The CLI's native engines need a URL; the embedded PGlite database has none, so migration
  // commands through the CLI require DATABASE_URL (generate does not).
  datasource: { url: process.env.DATABASE_URL ?? '' },
});
