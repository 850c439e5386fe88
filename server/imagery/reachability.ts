// Can this server reach the map services it is configured with? Checked in the background at start and every
// few minutes — never on a user's request — so the Map tab can say up front that address search and satellite
// images will fail (an offline install with the keyless `public` default), instead of only after a search.
// A check is one HEAD request per service origin with a short deadline: any HTTP answer means reachable.
import { resolveImageryConfig, type ImageryConfig, type ImageryConfigInput } from './config';

export interface Reachability {
  /** true / false after the latest check; null before the first one, or when nothing remote is configured. */
  reachable(): boolean | null;
  /** Runs one check now (also what the timer runs); resolves to its result. */
  check(): Promise<boolean | null>;
  start(): void;
  stop(): void;
}

export const REACHABILITY_INTERVAL_MS = 5 * 60_000;
const CHECK_TIMEOUT_MS = 4000;

/** The remote origins the configured imagery and places providers call (file:// tiles need none). */
export function providerOrigins(input: ImageryConfigInput | ImageryConfig = {}): string[] {
  const config = resolveImageryConfig(input);
  const urls: string[] = [];
  if (config.imageryProvider === 'public') urls.push(config.usgsImageryUrl);
  if (config.imageryProvider === 'tiles' && config.tileUrlTemplate) urls.push(config.tileUrlTemplate);
  if (config.imageryProvider === 'google' || config.placesProvider === 'google') urls.push(config.googleMapsBaseUrl);
  if (config.placesProvider === 'google') urls.push(config.googlePlacesBaseUrl);
  if (config.placesProvider === 'public') urls.push(config.photonUrl, config.censusGeocoderUrl);
  const origins = new Set<string>();
  for (const url of urls) {
    try {
      const parsed = new URL(url.replace(/\{[a-z]\}/g, '0'));
      if (parsed.protocol === 'http:' || parsed.protocol === 'https:') origins.add(parsed.origin);
    } catch {
      // Not a URL: the provider's own validation reports it.
    }
  }
  return [...origins];
}

async function answers(origin: string, timeoutMs: number): Promise<boolean> {
  try {
    const res = await fetch(origin, { method: 'HEAD', redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    await res.body?.cancel();
    return true;
  } catch {
    return false;
  }
}

export function createReachability(
  origins: string[],
  opts: { intervalMs?: number; timeoutMs?: number; log?: (message: string) => void } = {},
): Reachability {
  let latest: boolean | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;
  let running: Promise<boolean | null> | null = null;
  const log = opts.log ?? ((message: string) => console.warn(message));
  const check = () => {
    if (!origins.length) return Promise.resolve(null);
    running ??= (async () => {
      const results = await Promise.all(origins.map((o) => answers(o, opts.timeoutMs ?? CHECK_TIMEOUT_MS)));
      const down = origins.filter((_, i) => !results[i]);
      const now = down.length === 0;
      if (!now && latest !== false) log(`[imagery] cannot reach ${down.join(', ')}: the Map tab will say so until it can.`);
      if (now && latest === false) log('[imagery] the map services are reachable again.');
      latest = now;
      return now;
    })().finally(() => {
      running = null;
    });
    return running;
  };
  return {
    reachable: () => latest,
    check,
    start() {
      if (timer || !origins.length) return;
      void check();
      timer = setInterval(() => void check(), opts.intervalMs ?? REACHABILITY_INTERVAL_MS);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
