// Images: POST /aerial/upload, and the bytes for their owner, GET /aerial/image-file/by-id/{imageId} and
// GET /aerial/analysis-image/{analysisId}. The stored bytes are our own re-encoding (no metadata),
// served with their real type, never sniffed, and never cached by shared caches.
import { isFileCountError, isFilePart, isFileSizeError } from '../http/fetch-api';
import { noFile, tooLarge, tooManyFiles } from '../ingest/errors';
import { openAnalysisImageFile, openImageFile, uploadImage, type UploadImageInput } from '../services/images';
import type { BlobStream } from '../storage/blob-storage';
import { json } from './errors';
import { signedIn, type Route } from './router';

/**
 * The upload's multipart body (`file`, `property_location`). The server's form parser stops reading a
 * file part one byte past the limit (server/http/fetch-api.ts); anything but a multipart form carries no
 * file at all.
 */
async function readUploadForm(request: Request): Promise<UploadImageInput> {
  if (!/^multipart\/form-data\b/i.test(request.headers.get('content-type') ?? '')) {
    throw noFile('Send the image as multipart/form-data, in the form field "file".');
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch (error) {
    if (isFileSizeError(error)) throw tooLarge();
    throw isFileCountError(error) ? tooManyFiles() : noFile();
  }
  // The node server's parser refuses a second file part (FORM_DATA_LIMITS.files); any other parser is held to it here.
  if (form.getAll('file').length > 1) throw tooManyFiles();
  const file = form.get('file');
  if (!isFilePart(file)) {
    // A script that names the field otherwise is told which field it used.
    const elsewhere = [...form.entries()].find(([, value]) => isFilePart(value));
    if (elsewhere) throw noFile(`The form carries a file in the field "${elsewhere[0].slice(0, 50)}"; send it in the field "file".`);
  }
  const location = form.get('property_location');
  return {
    file: isFilePart(file) && file.size > 0 ? file : null,
    filename: isFilePart(file) ? file.name : null,
    propertyLocation: typeof location === 'string' ? location : undefined,
  };
}

function imageResponse(blob: BlobStream, head: boolean): Response {
  const headers = {
    'content-type': blob.contentType,
    'content-length': String(blob.size),
    'x-content-type-options': 'nosniff',
    'cache-control': 'private, max-age=3600',
    'content-security-policy': "default-src 'none'; sandbox",
  };
  if (head) {
    void blob.stream.cancel().catch(() => {});
    return new Response(null, { headers });
  }
  return new Response(blob.stream, { headers });
}

export const imageRoutes: Route[] = [
  {
    method: 'POST',
    path: '/aerial/upload',
    async handle(req) {
      const { ctx, viewer } = await signedIn(req);
      // Reading the form is part of the upload: it runs after the rate-limit check.
      const image = await uploadImage(ctx.analysis, viewer, () => readUploadForm(req.request), ctx.idempotencyKey);
      return json({ item_id: image.id }, { status: 201 });
    },
  },
  {
    method: 'GET',
    path: '/aerial/image-file/by-id/:imageId',
    async handle(req) {
      const { ctx, viewer } = await signedIn(req);
      const blob = await openImageFile(ctx.analysis, viewer, req.params.imageId);
      return imageResponse(blob, req.request.method === 'HEAD');
    },
  },
  {
    method: 'GET',
    path: '/aerial/analysis-image/:analysisId',
    async handle(req) {
      const { ctx, viewer } = await signedIn(req);
      const blob = await openAnalysisImageFile(ctx.analysis, viewer, req.params.analysisId);
      return imageResponse(blob, req.request.method === 'HEAD');
    },
  },
];
