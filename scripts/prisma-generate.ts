// `npm run generate` (also run by postinstall): `prisma generate` offline.
// The Prisma CLI insists on locating its native schema engine before any command, and that
// engine is a download that cannot happen here. `generate` never calls the engine, so any
// existing executable satisfies the check. A machine with internet can run plain
// `npx prisma generate` on the same files.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const prismaCli = require.resolve('prisma/build/index.js');

const result = spawnSync(process.execPath, [prismaCli, 'generate', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath,
    PRISMA_HIDE_UPDATE_MESSAGE: '1',
  },
});
process.exit(result.status ?? 1);
