// Serves the built client (dist/client) on the same origin as the API, with the SPA fallback:
// a GET for a client route (/login, /analysis-results/…) answers index.html.
import { createReadStream, existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.webmanifest': 'application/manifest+json',
};

/** Paths the server answers itself; the SPA fallback never shadows them. */
const API_PREFIXES = ['/graphql', '/api/', '/auth/', '/aerial/', '/places/', '/healthz'];

async function fileResponse(file: string, method: string, cacheControl: string): Promise<Response> {
  const info = await stat(file);
  const headers = {
    'content-type': types[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
    'content-length': String(info.size),
    'cache-control': cacheControl,
    'x-content-type-options': 'nosniff',
  };
  if (method === 'HEAD') return new Response(null, { headers });
  const body = Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
  return new Response(body, { headers });
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

export function createStaticHandler(rootDir: string, options: { sourceMaps: boolean } = { sourceMaps: true }) {
  const root = path.resolve(rootDir);
  const indexFile = path.join(root, 'index.html');
  return async (request: Request): Promise<Response | null> => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return null;
    const { pathname } = new URL(request.url);
    if (API_PREFIXES.some((prefix) => pathname === prefix.replace(/\/$/, '') || pathname.startsWith(prefix))) {
      return null;
    }
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return null;
    }
    // Source maps carry the client's whole source: never served in production, even if a build made them.
    if (!options.sourceMaps && decoded.toLowerCase().endsWith('.map')) return null;
    const file = path.join(root, path.normalize(decoded));
    // path.join after normalize keeps `..` inside root; this check makes sure of it.
    if (file.startsWith(root + path.sep) && (await isFile(file))) {
      // Vite fingerprints everything under /assets, so those never change under the same name.
      const immutable = pathname.startsWith('/assets/');
      return fileResponse(file, request.method, immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    }
    // A missing file with an extension is a real 404, not a client route.
    if (path.extname(decoded) !== '' || !existsSync(indexFile)) return null;
    return fileResponse(indexFile, request.method, 'no-cache');
  };
}
