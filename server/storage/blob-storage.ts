// The one interface the services use to keep image bytes. Backends: a local directory (the embedded
// default) and S3-compatible object storage (configuration only). Keys are chosen by the service layer
// and carry the extension of their content type (`images/ab/<uuid>.jpg`), which lets the local backend
// answer the content type without a second file per blob.

export interface StoredBlob {
  bytes: Buffer;
  contentType: string;
}

export interface BlobStream {
  /** A web stream, so a fetch-style handler can return `new Response(stream)` directly. */
  stream: ReadableStream<Uint8Array>;
  contentType: string;
  size: number;
}

export interface BlobEntry {
  key: string;
  size: number;
  lastModified: Date;
}

export interface BlobStorage {
  readonly kind: 'local' | 's3';
  /** Writes the whole blob or nothing: a reader never sees a partly written object under `key`. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<StoredBlob | null>;
  getStream(key: string): Promise<BlobStream | null>;
  exists(key: string): Promise<boolean>;
  /** Idempotent: deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Every stored key starting with `prefix` ('' for all), in no particular order. */
  list(prefix?: string): AsyncIterable<BlobEntry>;
  /**
   * Removes leftovers of writes that never completed (a crash between temp file and rename), older
   * than `olderThanMs`. Backends whose writes are atomic on the server side need no such method.
   */
  purgeIncomplete?(olderThanMs: number): Promise<number>;
}

export class InvalidBlobKeyError extends Error {
  override readonly name = 'InvalidBlobKeyError';
  constructor(
    readonly key: string,
    reason: string,
  ) {
    super(`Invalid blob key ${JSON.stringify(key)}: ${reason}`);
  }
}

export class BlobContentTypeError extends Error {
  override readonly name = 'BlobContentTypeError';
}
