// The only way this module talks to the outside. Every call has a deadline, a byte cap enforced while
// reading (a missing or lying Content-Length changes nothing), a content-type check, and follows redirects
// only within the configured origin, so a provider cannot send the server to another host.
import { open } from 'node:fs/promises';
import type { z } from 'zod';
import { FetchFailure } from './errors';

export type Expect = 'json' | 'image';

export interface RequestOptions {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  expect: Expect;
  maxBytes: number;
  /** The deadline; callers create it with AbortSignal.timeout so that one deadline can span several calls. */
  signal: AbortSignal;
}

export interface FetchedBody {
  status: number;
  contentType: string;
  body: Buffer;
}

const MAX_REDIRECTS = 3;
const IMAGE_TYPES = /^image\/(png|jpeg|jpg|webp|gif)\b/i;
const JSON_TYPES = /^application\/([a-z0-9.+-]+\+)?json\b/i;

/**
 * GET/POST `url` and return its body. Non-2xx answers throw FetchFailure('http_status') with the status only;
 * the body of an error answer is discarded unread.
 */
export async function fetchBody(url: URL, options: RequestOptions): Promise<FetchedBody> {
  const origin = url.origin;
  let current = url;
  for (let hop = 0; ; hop++) {
    const response = await send(current, options);
    if (response.status >= 300 && response.status < 400 && response.headers.has('location')) {
      await discard(response);
      const next = new URL(response.headers.get('location') ?? '', current);
      if (options.method === 'POST' || next.origin !== origin || hop >= MAX_REDIRECTS) {
        throw new FetchFailure('redirect', `redirect ${response.status} refused (${current.host})`, response.status);
      }
      current = next;
      continue;
    }
    if (response.status < 200 || response.status >= 300) {
      await discard(response);
      throw new FetchFailure('http_status', `HTTP ${response.status} from ${current.host}`, response.status);
    }
    const contentType = response.headers.get('content-type') ?? '';
    const wanted = options.expect === 'json' ? JSON_TYPES : IMAGE_TYPES;
    if (!wanted.test(contentType)) {
      await discard(response);
      throw new FetchFailure('bad_content_type', `content-type "${contentType.slice(0, 60)}" from ${current.host}`);
    }
    const body = await readCapped(response, options.maxBytes, options.signal, current.host);
    return { status: response.status, contentType, body };
  }
}

export async function fetchJson(url: URL, options: Omit<RequestOptions, 'expect'>): Promise<unknown> {
  const { body } = await fetchBody(url, { ...options, expect: 'json' });
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    // SyntaxError messages quote the text they failed on: never let that escape.
    throw new FetchFailure('bad_json', `malformed JSON from ${url.host}`);
  }
}

/** Reads a tile from a local directory (TILE_URL_TEMPLATE=file://…) with the same byte cap. */
export async function readLocalFile(path: string, maxBytes: number): Promise<Buffer> {
  let handle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw new FetchFailure(code === 'ENOENT' ? 'http_status' : 'network', `local tile ${code}`, code === 'ENOENT' ? 404 : undefined);
  }
  try {
    const { size, isFile } = await handle.stat().then((s) => ({ size: s.size, isFile: s.isFile() }));
    if (!isFile) throw new FetchFailure('http_status', 'local tile is not a file', 404);
    if (size > maxBytes) throw new FetchFailure('too_large', `local tile of ${size} bytes`);
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

async function send(url: URL, options: RequestOptions): Promise<Response> {
  try {
    return await fetch(url, {
      method: options.method ?? 'GET',
      headers: options.headers,
      body: options.body,
      redirect: 'manual',
      signal: options.signal,
    });
  } catch (error) {
    throw transportFailure(error, options.signal, url.host);
  }
}

async function readCapped(response: Response, maxBytes: number, signal: AbortSignal, host: string): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await discard(response);
    throw new FetchFailure('too_large', `declared ${declared} bytes from ${host}`);
  }
  if (!response.body) return Buffer.alloc(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw new FetchFailure('too_large', `more than ${maxBytes} bytes from ${host}`);
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof FetchFailure) throw error;
    throw transportFailure(error, signal, host);
  }
  return Buffer.concat(chunks, total);
}

function transportFailure(error: unknown, signal: AbortSignal, host: string): FetchFailure {
  if (signal.aborted) {
    const reason = signal.reason as { name?: string } | undefined;
    if (reason?.name === 'TimeoutError') return new FetchFailure('timeout', `timed out waiting for ${host}`);
    return new FetchFailure('network', `aborted (${host})`);
  }
  return new FetchFailure('network', `network error reaching ${host}`);
}

async function discard(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => undefined);
}

/** Appends a fixed path to a configured base URL, keeping any path prefix the base has (a proxy mount). */
export function endpoint(base: string, path: string): URL {
  const url = new URL(base);
  url.pathname = url.pathname.replace(/\/+$/, '') + path;
  return url;
}

/** Checks a provider's JSON against the fields we read; a mismatch is reported without quoting the JSON. */
export function parseShape<T>(schema: z.ZodType<T>, json: unknown): T {
  const result = schema.safeParse(json);
  if (!result.success) throw new FetchFailure('bad_response', 'response of unexpected shape');
  return result.data;
}
