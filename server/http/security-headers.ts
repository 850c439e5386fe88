// Response headers that lock the product down (issue 12). Every response: no MIME sniffing, no framing,
// no referrer leaking API URLs. The app's HTML page: a Content-Security-Policy that allows only this
// origin's scripts (plus the one inline theme script, by hash, and Google's sign-in loader), connections
// to this origin and the identity provider, and no embedding anywhere (frame-ancestors 'none'). Every
// other answer (JSON, images, streams) gets a policy that allows nothing at all.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { Config } from '../config';

/** Hashes of the inline <script> blocks of the built page, for script-src. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, body]) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`,
  );
}

const origin = (url: string | null | undefined) => {
  try {
    return url ? new URL(url).origin : null;
  } catch {
    return null;
  }
};

export function pageContentSecurityPolicy(config: Pick<Config, 'firebase' | 'tokenSyncUrl'>, scriptHashes: string[]): string {
  const emulator = config.firebase.emulatorHost ? `http://${config.firebase.emulatorHost}` : null;
  const identity = emulator ? [emulator] : ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'];
  const tokenSync = origin(config.tokenSyncUrl);
  const google = 'https://apis.google.com';
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    // Firebase's Google sign-in popup loads Google's gapi script.
    'script-src': ["'self'", ...scriptHashes, google],
    'style-src': ["'self'", "'unsafe-inline'"],
    // Avatars come from the identity provider's photo hosts; stored images are read as blob: URLs.
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...identity, ...(tokenSync ? [tokenSync] : [])],
    // The sign-in helper frame of the identity provider (the emulator's, or the project's auth domain).
    'frame-src': [emulator ?? `https://${config.firebase.authDomain}`, google],
    'frame-ancestors': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'object-src': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${[...new Set(values)].join(' ')}`)
    .join('; ');
}

const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

export function createSecurityHeaders(config: Pick<Config, 'firebase' | 'tokenSyncUrl' | 'production'>, clientDir: string | null) {
  const indexFile = clientDir ? `${clientDir.replace(/\/$/, '')}/index.html` : null;
  const hashes = indexFile && existsSync(indexFile) ? inlineScriptHashes(readFileSync(indexFile, 'utf8')) : [];
  const pagePolicy = pageContentSecurityPolicy(config, hashes);
  /** `page`: answers of the built client (its HTML gets the page policy); `api`: everything else. */
  return (response: Response, source: 'page' | 'api'): Response => {
    let headers = response.headers;
    try {
      headers.set('x-content-type-options', 'nosniff');
    } catch {
      // Immutable headers (a fetched response passed through): copy into a new response.
      response = new Response(response.body, response);
      headers = response.headers;
      headers.set('x-content-type-options', 'nosniff');
    }
    const html = (headers.get('content-type') ?? '').startsWith('text/html');
    headers.set('x-frame-options', 'DENY');
    if (!headers.has('referrer-policy')) headers.set('referrer-policy', html ? 'strict-origin-when-cross-origin' : 'no-referrer');
    if (source === 'page' && html) {
      headers.set('content-security-policy', pagePolicy);
      headers.set('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    } else if (!(html && !config.production)) {
      // (Development's GraphiQL page, GET /graphql, loads its own scripts and keeps its own rules.)
      headers.set('content-security-policy', API_POLICY);
    }
    if (config.production) headers.set('strict-transport-security', 'max-age=31536000; includeSubDomains');
    return response;
  };
}
