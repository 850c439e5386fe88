// A small HTTP server on 127.0.0.1 (ephemeral port) for faking a provider: routes answer in the provider's real
// format, record every request with the problems found in it, and can be switched into failure modes.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeMode = 'ok' | 'http-500' | 'hang' | 'oversized' | 'not-image' | 'wrong-content-type' | 'malformed-json';

export const FAKE_MODES: readonly FakeMode[] = ['ok', 'http-500', 'hang', 'oversized', 'not-image', 'wrong-content-type', 'malformed-json'];

/** Appears in every failure body: a test asserts it never reaches an error message. */
export const SECRET_BODY_MARKER = 'SECRET-PROVIDER-BODY';

export interface RecordedRequest {
  service: string;
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  body: string;
  /** What the fake found wrong with the request compared with the real API; [] when it was right. */
  problems: string[];
  /** Arrival order among the requests of every fake in this process (to merge two fakes' logs). */
  arrival: number;
}

let arrivals = 0;

export interface Reply {
  status: number;
  contentType: string;
  body: string | Buffer;
  headers?: Record<string, string>;
}

export interface Route {
  service: string;
  /** What a successful answer holds; decides what the failure modes send. */
  kind: 'json' | 'image';
  method: 'GET' | 'POST';
  /** Returns the path parameters on a match, or null. */
  match: (pathname: string) => string[] | null;
  handle: (request: RecordedRequest, params: string[]) => Promise<Reply> | Reply;
}

export interface ModeState {
  modes: Map<string, FakeMode>;
  requests: RecordedRequest[];
}

export interface RunningServer {
  url: string;
  close: () => Promise<void>;
}

/** What every fake provider hands a test besides its addresses. */
export interface FakeProvider<S extends string> {
  /** Variables that point the server at this fake (merge into the environment or config). */
  env: Record<string, string>;
  requests: RecordedRequest[];
  setMode: (mode: FakeMode, service?: S) => void;
  /** Forgets recorded requests and puts every service back to 'ok'. */
  reset: () => void;
  close: () => Promise<void>;
}

/** The controls of a fake whose `services` share `state` and are served by `servers`. */
export function fakeControls<S extends string>(
  state: ModeState,
  services: readonly S[],
  servers: RunningServer[],
): Omit<FakeProvider<S>, 'env'> {
  return {
    requests: state.requests,
    setMode: (mode, service) => setMode(state, services, mode, service),
    reset: () => {
      state.requests.length = 0;
      state.modes.clear();
    },
    close: async () => {
      await Promise.all(servers.map((server) => server.close()));
    },
  };
}

const OVERSIZED_IMAGE_BYTES = 9 * 1024 * 1024;
const OVERSIZED_JSON_BYTES = 2 * 1024 * 1024;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function newModeState(): ModeState {
  return { modes: new Map(), requests: [] };
}

/** Sets `mode` for one service, or for every service when `service` is omitted. */
export function setMode(state: ModeState, services: readonly string[], mode: FakeMode, service?: string): void {
  if (service !== undefined && !services.includes(service)) {
    throw new Error(`unknown fake service "${service}" (have ${services.join(', ')})`);
  }
  for (const s of service === undefined ? services : [service]) state.modes.set(s, mode);
}

export async function startFakeServer(routes: Route[], state: ModeState): Promise<RunningServer> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= 1024 * 1024) chunks.push(chunk);
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (url.pathname.startsWith(CONTROL_PREFIX)) {
        control(res, url, routes, state);
        return;
      }
      // A HEAD of the origin is the server's reachability check (server/imagery/reachability.ts); a real
      // service answers it with some status, so any answer will do. Not a provider call: not recorded.
      if (req.method === 'HEAD' && url.pathname === '/') {
        send(res, { status: 200, contentType: 'text/plain', body: '' });
        return;
      }
      const route = routes.find((r) => r.method === req.method && r.match(url.pathname) !== null);
      const known = route ?? routes.find((r) => r.match(url.pathname) !== null);
      const recorded: RecordedRequest = {
        service: known?.service ?? 'unknown',
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        problems: [],
        arrival: ++arrivals,
      };
      state.requests.push(recorded);
      if (!route) {
        recorded.problems.push(known ? `method ${req.method} not allowed` : `no such path ${url.pathname}`);
        send(res, { status: known ? 405 : 404, contentType: 'text/plain', body: 'Not Found' });
        return;
      }
      const mode = state.modes.get(route.service) ?? 'ok';
      if (mode !== 'ok') {
        failure(res, mode, route.kind);
        return;
      }
      Promise.resolve()
        .then(() => route.handle(recorded, route.match(url.pathname) ?? []))
        .then((reply) => send(res, reply))
        .catch((error: unknown) => {
          recorded.problems.push(`fake crashed: ${String(error)}`);
          send(res, { status: 500, contentType: 'text/plain', body: 'fake crashed' });
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        // Hanging requests keep sockets open; drop them so close() returns.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Control paths for tests in another process (Playwright drives the app, the fakes run beside it):
 * POST /__fake/mode?mode=http-500[&service=photon] · POST /__fake/reset · GET /__fake/requests.
 * Not recorded as requests.
 */
export const CONTROL_PREFIX = '/__fake/';

function control(res: ServerResponse, url: URL, routes: Route[], state: ModeState): void {
  const services = [...new Set(routes.map((r) => r.service))];
  const action = url.pathname.slice(CONTROL_PREFIX.length);
  if (action === 'requests') {
    send(res, json(state.requests.filter((r) => services.includes(r.service) || r.service === 'unknown')));
    return;
  }
  if (action === 'reset') {
    state.requests.length = 0;
    state.modes.clear();
    send(res, json({ ok: true }));
    return;
  }
  const mode = url.searchParams.get('mode') as FakeMode | null;
  const service = url.searchParams.get('service') ?? undefined;
  if (action === 'mode' && mode && FAKE_MODES.includes(mode) && (!service || services.includes(service))) {
    setMode(state, services, mode, service);
    send(res, json({ ok: true, mode, services: service ? [service] : services }));
    return;
  }
  send(res, json({ error: `unknown control ${action}` }, 400));
}

function send(res: ServerResponse, reply: Reply): void {
  const body = typeof reply.body === 'string' ? Buffer.from(reply.body) : reply.body;
  res.writeHead(reply.status, { 'Content-Type': reply.contentType, 'Content-Length': body.length, ...reply.headers });
  res.end(body);
}

function failure(res: ServerResponse, mode: Exclude<FakeMode, 'ok'>, kind: 'json' | 'image'): void {
  switch (mode) {
    case 'http-500':
      send(
        res,
        kind === 'json'
          ? { status: 500, contentType: 'application/json', body: JSON.stringify({ error: { message: SECRET_BODY_MARKER } }) }
          : { status: 500, contentType: 'text/html', body: `<html>${SECRET_BODY_MARKER}</html>` },
      );
      return;
    case 'hang':
      // Never answer; close() destroys the socket.
      return;
    case 'oversized':
      streamOversized(res, kind);
      return;
    case 'not-image':
      // An image content type on bytes that are not an image (a JSON route gets one too: it is the wrong type).
      send(res, { status: 200, contentType: 'image/png', body: Buffer.concat([PNG_SIGNATURE, Buffer.from(SECRET_BODY_MARKER)]) });
      return;
    case 'wrong-content-type':
      send(res, { status: 200, contentType: 'text/html; charset=utf-8', body: `<html><body>${SECRET_BODY_MARKER}</body></html>` });
      return;
    case 'malformed-json':
      send(res, { status: 200, contentType: 'application/json; charset=utf-8', body: `{"results": [${SECRET_BODY_MARKER}` });
      return;
  }
}

/** Chunked with no Content-Length, so only a reader that counts bytes as they arrive can stop it. */
function streamOversized(res: ServerResponse, kind: 'json' | 'image'): void {
  res.writeHead(200, { 'Content-Type': kind === 'json' ? 'application/json' : 'image/png' });
  const total = kind === 'json' ? OVERSIZED_JSON_BYTES : OVERSIZED_IMAGE_BYTES;
  const chunk = Buffer.alloc(64 * 1024, kind === 'json' ? 0x20 : 0);
  let sent = 0;
  if (kind === 'image') {
    res.write(PNG_SIGNATURE);
    sent += PNG_SIGNATURE.length;
  } else {
    res.write('{"padding": "');
  }
  const pump = (): void => {
    while (sent < total) {
      sent += chunk.length;
      if (!res.write(chunk)) {
        res.once('drain', pump);
        return;
      }
    }
    res.end(kind === 'json' ? '"}' : undefined);
  };
  res.on('error', () => undefined);
  pump();
}

/** Matches `/a/b/:p/:q`-style patterns; `:name` captures one segment. */
export function pathPattern(pattern: string): (pathname: string) => string[] | null {
  const parts = pattern.split('/');
  return (pathname) => {
    const segments = pathname.split('/');
    if (segments.length !== parts.length) return null;
    const params: string[] = [];
    for (let i = 0; i < parts.length; i++) {
      if (parts[i].startsWith(':')) params.push(decodeURIComponent(segments[i]));
      else if (parts[i] !== segments[i]) return null;
    }
    return params;
  };
}

export function json(body: unknown, status = 200): Reply {
  return { status, contentType: 'application/json; charset=UTF-8', body: JSON.stringify(body) };
}
