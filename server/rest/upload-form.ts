// The REST upload's multipart body (`file`, `property_location`), parsed while it streams: the file
// part is refused as soon as it passes 10 MB, and reading the request stops there.
import busboy from 'busboy';
import { MAX_UPLOAD_BYTES } from '../domain/constants.js';
import { ValidationError } from '../domain/errors.js';
import { noFile } from '../ingest/errors.js';
import { readLimited } from '../ingest/read-limited.js';
import type { UploadImageInput } from '../services/images.js';

const MAX_FIELD_BYTES = 8 * 1024;

export async function readUploadForm(request: Request): Promise<UploadImageInput> {
  const contentType = request.headers.get('content-type') ?? '';
  // Anything but a multipart form carries no file part at all.
  if (!/^multipart\/form-data\b/i.test(contentType) || !request.body) throw noFile();
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      limits: { files: 1, fileSize: MAX_UPLOAD_BYTES + 1, fields: 10, fieldSize: MAX_FIELD_BYTES, parts: 20 },
    });
  } catch {
    throw noFile(); // a multipart type without a boundary
  }
  const reader = request.body.getReader();
  let settled = false;

  const parsed = new Promise<UploadImageInput>((resolve, reject) => {
    let file: Promise<Buffer> | null = null;
    let filename: string | null = null;
    let propertyLocation: string | undefined;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      // Stop reading the request: whatever else the client sends is not wanted.
      void reader.cancel().catch(() => {});
      reject(error);
    };
    parser.on('file', (name, stream, info) => {
      if (name !== 'file' || file) {
        stream.resume();
        return;
      }
      filename = info.filename ?? null;
      file = readLimited(stream, MAX_UPLOAD_BYTES);
      file.catch(fail);
    });
    parser.on('field', (name, value, info) => {
      if (name !== 'property_location') return;
      if (info.valueTruncated) fail(new ValidationError('Property location is too long.'));
      propertyLocation = value;
    });
    parser.on('error', () => fail(noFile()));
    parser.on('close', () => {
      if (settled) return;
      const done = file ?? Promise.resolve(null);
      done.then(
        (bytes) => {
          if (settled) return;
          settled = true;
          resolve({ file: bytes && bytes.length > 0 ? bytes : null, filename, propertyLocation });
        },
        fail,
      );
    });
  });

  // Feed the parser from the web stream, respecting its back-pressure.
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done || settled) break;
        if (!parser.write(value)) await new Promise((resolve) => parser.once('drain', resolve));
      }
      if (!settled) parser.end();
    } catch (error) {
      if (!settled) parser.destroy(error as Error);
    }
  })();
  return parsed;
}
