// The fetch API (Request, Response, FormData…) the app's server adapter and Yoga build requests with.
// Its multipart parser enforces these limits while the body streams in, so `request.formData()` —
// Yoga's for GraphQL multipart requests, ours for POST /aerial/upload — stops reading a file part one
// byte past MAX_UPLOAD_BYTES instead of buffering whatever a client sends (docs/decisions/018).
import { createFetch } from '@whatwg-node/fetch';
import { MAX_UPLOAD_BYTES } from '../../common/constants';

export const FORM_DATA_LIMITS = {
  // One byte over the limit still reaches ingest, which answers with the specification's message on
  // both transports; anything larger is cut off here (see isFileSizeError).
  fileSize: MAX_UPLOAD_BYTES + 1,
  files: 1,
  fields: 10,
  fieldSize: 100 * 1024,
  parts: 20,
} as const;

/** The largest GraphQL request body accepted: a 10 MB file and the form's other fields (Yoga's maxRequestBodySize). */
export const MAX_REQUEST_BYTES = MAX_UPLOAD_BYTES + 1024 * 1024;

export const fetchAPI = createFetch({ formDataLimits: FORM_DATA_LIMITS });

/** The parser's "File size limit exceeded" (the text @whatwg-node/node-fetch and Yoga both match on). */
export function isFileSizeError(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('File size limit exceeded');
}

/** The parser's "Files limit exceeded": the form carries more file parts than FORM_DATA_LIMITS.files. */
export function isFileCountError(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('Files limit exceeded');
}

/** A file part of a parsed form: a web File, or the server's ponyfill of one (not `instanceof File`). */
export function isFilePart(value: unknown): value is File {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as File).arrayBuffer === 'function' &&
    typeof (value as File).name === 'string'
  );
}
