// A throwaway PostgreSQL cluster for the integration tests (127.0.0.1, a port the setup picks), made with initdb
// and pg_ctl into a temp directory. PostgreSQL refuses to run as root, so as root the binaries
// run as the `postgres` user. A cluster already listening on the port is reused.
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface TestPostgres {
  /** Connection URL of the `postgres` maintenance database. */
  url: string;
  reused: boolean;
  stop(): Promise<void>;
}

function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const preferred = versions.includes('15') ? '15' : versions[0];
  if (!preferred) throw new Error('PostgreSQL is not installed (apt-get install postgresql).');
  return path.join(root, preferred, 'bin');
}

// C.UTF-8 is built into Debian's C library, so it exists on every machine we run on; a LANG or LC_ALL
// naming a locale the machine has not generated would make initdb refuse to start.
const LOCALE_ENV = { LC_ALL: 'C.UTF-8', LANG: 'C.UTF-8', LANGUAGE: '' };

function run(bin: string, args: string[], asPostgres: boolean): void {
  const command = path.join(binDir(), bin);
  const [file, argv] = asPostgres ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  try {
    execFileSync(file, argv, { stdio: ['ignore', 'pipe', 'pipe'], timeout: 120_000, env: { ...process.env, ...LOCALE_ENV } });
  } catch (err) {
    const e = err as { status?: number | null; signal?: string | null; stdout?: Buffer; stderr?: Buffer };
    const output = `${e.stdout?.toString() ?? ''}${e.stderr?.toString() ?? ''}`.trim();
    throw new Error(
      `The test PostgreSQL could not be set up: ${bin} ${args.join(' ')} ended with ${e.signal ?? `exit ${e.status}`}` +
        (output ? `:\n${output}` : ' and printed nothing.'),
    );
  }
}

async function accepts(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

export async function startPostgres(port = 55432): Promise<TestPostgres> {
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  if (await accepts(url)) return { url, reused: true, stop: async () => {} };

  const asPostgres = process.getuid?.() === 0;
  // As root the cluster belongs to the postgres user, who must be able to reach its directory: /tmp, not a
  // TMPDIR that may sit under a home directory only root can enter.
  const dir = mkdtempSync(path.join(asPostgres ? '/tmp' : tmpdir(), 'aerisk-pg-'));
  if (asPostgres) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const data = path.join(dir, 'data');
  run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync'], asPostgres);
  // Durability settings off: this cluster lives for one test run.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  const serverLog = path.join(dir, 'server.log');
  try {
    run('pg_ctl', ['-D', data, '-o', options, '-l', serverLog, '-w', '-t', '60', 'start'], asPostgres);
  } catch (err) {
    const log = existsSync(serverLog) ? readFileSync(serverLog, 'utf8').trim().split('\n').slice(-20).join('\n') : '';
    throw new Error(`${(err as Error).message}${log ? `\nThe server's log ends:\n${log}` : ''}`);
  }
  return {
    url,
    reused: false,
    async stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop'], asPostgres);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
