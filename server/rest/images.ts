// Image bytes for their owner: GET /aerial/image-file/by-id/{imageId} and
// GET /aerial/analysis-image/{analysisId}. The stored bytes are our own re-encoding (no metadata),
// served with their real type, never sniffed, and never cached by shared caches.
import { requireViewer } from '../auth/context.js';
import { analysisDeps } from '../services/analysis-deps.js';
import { openAnalysisImageFile, openImageFile } from '../services/images.js';
import type { BlobStream } from '../storage/blob-storage.js';
import type { Route } from './router.js';

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
    method: 'GET',
    path: '/aerial/image-file/by-id/:imageId',
    async handle(req) {
      const ctx = await req.context();
      const blob = await openImageFile(analysisDeps(ctx), requireViewer(ctx), req.params.imageId);
      return imageResponse(blob, req.request.method === 'HEAD');
    },
  },
  {
    method: 'GET',
    path: '/aerial/analysis-image/:analysisId',
    async handle(req) {
      const ctx = await req.context();
      const blob = await openAnalysisImageFile(analysisDeps(ctx), requireViewer(ctx), req.params.analysisId);
      return imageResponse(blob, req.request.method === 'HEAD');
    },
  },
];
