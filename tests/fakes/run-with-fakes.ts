// Starts every fake provider, then runs a command with the environment pointing at them, and stops the fakes
// when it exits. For tests whose server runs in another process (Playwright's webServer):
//
//   tsx tests/fakes/run-with-fakes.ts [--provider public|google|tiles] [--tile-image FILE] [--env-file FILE] -- CMD...
//
// --provider picks IMAGERY_PROVIDER and PLACES_PROVIDER (tiles uses the public places fakes); every fake's
// variables are set either way, plus FAKE_GOOGLE_MAPS_URL, FAKE_GOOGLE_PLACES_URL, FAKE_PHOTON_URL,
// FAKE_CENSUS_URL, FAKE_USGS_URL and FAKE_TILES_URL (the fakes' origins, for /__fake/* control calls).
// --tile-image makes all imagery show that picture (repeated) instead of the synthetic pattern.
import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { startFakeGoogle } from './google';
import { startFakePublic } from './public';
import { repeatedImageSource } from './tile-images';
import { startFakeTiles } from './tiles';

interface Args {
  provider: 'public' | 'google' | 'tiles';
  tileImage?: string;
  envFile?: string;
  command: string[];
}

function parseArgs(argv: string[]): Args {
  const args: Args = { provider: 'public', command: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--') {
      args.command = argv.slice(i + 1);
      break;
    }
    const value = argv[++i];
    if (a === '--provider' && (value === 'public' || value === 'google' || value === 'tiles')) args.provider = value;
    else if (a === '--tile-image' && value) args.tileImage = value;
    else if (a === '--env-file' && value) args.envFile = value;
    else throw new Error(`unknown or incomplete argument ${a}`);
  }
  return args;
}

const origin = (url: string): string => new URL(url.replace(/\{[zxy]\}/g, '0')).origin;

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const pixels = args.tileImage ? await repeatedImageSource(await readFile(args.tileImage)) : undefined;
  const [google, pub, tiles] = await Promise.all([startFakeGoogle({ pixels }), startFakePublic({ pixels }), startFakeTiles({ pixels })]);
  const env: Record<string, string> = {
    ...google.env,
    ...tiles.env,
    ...pub.env,
    IMAGERY_PROVIDER: args.provider,
    PLACES_PROVIDER: args.provider === 'google' ? 'google' : 'public',
    FAKE_GOOGLE_MAPS_URL: google.mapsUrl,
    FAKE_GOOGLE_PLACES_URL: google.placesUrl,
    FAKE_PHOTON_URL: origin(pub.photonUrl),
    FAKE_CENSUS_URL: origin(pub.censusGeocoderUrl),
    FAKE_USGS_URL: origin(pub.usgsImageryUrl),
    FAKE_TILES_URL: origin(tiles.url),
  };
  const closeAll = () => Promise.all([google.close(), pub.close(), tiles.close()]);
  if (args.envFile) {
    await writeFile(
      args.envFile,
      Object.entries(env)
        .map(([k, v]) => `${k}=${v}`)
        .join('\n') + '\n',
    );
  }
  if (args.command.length === 0) {
    // No command: serve until interrupted, printing the variables for a shell to use.
    for (const [k, v] of Object.entries(env)) console.log(`${k}=${v}`);
    const stop = () => void closeAll().then(() => process.exit(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    return;
  }
  const child = spawn(args.command[0], args.command.slice(1), { stdio: 'inherit', env: { ...process.env, ...env } });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => {
    void closeAll().then(() => process.exit(code ?? (signal ? 1 : 0)));
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
