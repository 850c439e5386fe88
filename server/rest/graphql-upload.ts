// Multipart GraphQL requests (uploads), parsed BEFORE Yoga: graphql-upload-minimal streams the file
// and stops reading at MAX_UPLOAD_BYTES + 1 (Yoga's own multipart parsing would buffer the whole body
// first, and Yoga runs with `multipart: false`). The parsed operation reaches Yoga as an ordinary
// JSON request in which each file is replaced by a one-time token that the Upload scalar redeems
// (schema/scalars.ts), so Yoga's whole pipeline (auth, armor, masking) runs unchanged.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { processRequest, Upload, type FileUpload } from 'graphql-upload-minimal';
import { MAX_UPLOAD_BYTES } from '../domain/constants.js';

/** The CSRF header the client sends (Yoga's csrfPrevention, server/graphql.ts). */
export const CSRF_HEADER = 'x-graphql-yoga-csrf';
const TOKEN_PREFIX = 'aerisk-upload:';

const pending = new Map<string, Promise<FileUpload>>();

/** The file behind a token, once: a token cannot be replayed by another request. */
export function takeUpload(value: unknown): Promise<FileUpload> | null {
  if (typeof value !== 'string' || !value.startsWith(TOKEN_PREFIX)) return null;
  const upload = pending.get(value);
  if (!upload) return null;
  pending.delete(value);
  return upload;
}

function replaceUploads(value: unknown, tokens: string[]): unknown {
  if (value instanceof Upload) {
    const token = `${TOKEN_PREFIX}${randomUUID()}`;
    pending.set(token, value.promise);
    tokens.push(token);
    return token;
  }
  if (Array.isArray(value)) return value.map((item) => replaceUploads(item, tokens));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, replaceUploads(item, tokens)]));
  }
  return value;
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

function isMultipartGraphql(req: IncomingMessage): boolean {
  const path = (req.url ?? '').split('?')[0];
  return req.method === 'POST' && path === '/graphql' && /^multipart\/form-data\b/i.test(req.headers['content-type'] ?? '');
}

/**
 * A NodePreHandler (server/app.ts). For a multipart POST /graphql it checks the CSRF header before
 * reading anything, parses the parts, and hands `forward(req, body)` a JSON body to run through Yoga.
 */
export function createGraphqlUploadHandler(forward: (req: IncomingMessage, res: ServerResponse, body: string) => Promise<void>) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    if (!isMultipartGraphql(req)) return false;
    // Form posts are "simple" requests a browser sends cross-site without a preflight, so they
    // must carry the custom header (which needs a preflight) — checked before a byte is read.
    if (!req.headers[CSRF_HEADER]) {
      req.resume();
      sendJson(res, 403, { errors: [{ message: 'Required CSRF header(s) not present', extensions: { code: 'CSRF' } }] });
      return true;
    }
    let operations: unknown;
    try {
      operations = await processRequest(req, res, { maxFileSize: MAX_UPLOAD_BYTES + 1, maxFiles: 1 });
    } catch (error) {
      const status = (error as { status?: number }).status ?? 400;
      const message = error instanceof Error ? error.message : 'Invalid multipart request.';
      sendJson(res, status >= 400 && status < 600 ? status : 400, { errors: [{ message, extensions: { code: 'BAD_REQUEST' } }] });
      return true;
    }
    if (Array.isArray(operations)) {
      sendJson(res, 400, { errors: [{ message: 'Batched operations are not supported.', extensions: { code: 'BAD_REQUEST' } }] });
      return true;
    }
    const tokens: string[] = [];
    const body = JSON.stringify(replaceUploads(operations, tokens));
    try {
      await forward(req, res, body);
    } finally {
      // Tokens the operation never redeemed (an error before the resolver) must not linger.
      for (const token of tokens) pending.delete(token);
      // A file part nobody read (an error before the resolver) would hold the connection open.
      if (!req.readableEnded) {
        req.unpipe();
        req.resume();
      }
    }
    return true;
  };
}
