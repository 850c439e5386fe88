// Reading JSON request bodies with a size cap, so a REST handler only ever sees a parsed value
// or a coded error.
import { AppError, ValidationError } from '../domain/errors';

const DEFAULT_MAX_JSON_BYTES = 64 * 1024;

export async function readJson(request: Request, maxBytes = DEFAULT_MAX_JSON_BYTES): Promise<unknown> {
  assertJsonType(request);
  return parseJsonText(await readText(request, maxBytes));
}

/**
 * An optional JSON body: undefined when there is none (or only whitespace), whatever its Content-Type; otherwise
 * as `readJson`. The body is read once: over HTTP it is a stream, which a clone read first would leave empty.
 */
export async function readOptionalJson(request: Request, maxBytes = DEFAULT_MAX_JSON_BYTES): Promise<unknown> {
  if (request.headers.get('content-length') === '0' || !request.body) return undefined;
  const text = await readText(request, maxBytes);
  if (text.trim() === '') return undefined;
  assertJsonType(request);
  return parseJsonText(text);
}

/** Refuses a request whose Content-Type is not JSON (`application/json` or `application/…+json`). */
function assertJsonType(request: Request): void {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/(.+\+)?json\b/i.test(type)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Expected a JSON body (Content-Type: application/json).');
  }
}

/** A body already read as text, parsed as JSON (empty or malformed: a coded error). */
function parseJsonText(text: string): unknown {
  if (text.trim() === '') throw new ValidationError('Request body is empty; expected JSON.');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ValidationError('Request body is not valid JSON.');
  }
}

/** The body as UTF-8 text, refused with PAYLOAD_TOO_LARGE past `maxBytes` (declared or read). */
export async function readText(request: Request, maxBytes: number): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', 'Request body is too large.');
  // content-length can be absent or wrong (chunked bodies), so the read is capped as well.
  const reader = request.body?.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new AppError('PAYLOAD_TOO_LARGE', 'Request body is too large.');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
