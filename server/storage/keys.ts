import { InvalidBlobKeyError } from './blob-storage';

// One key grammar for every backend, so a key that works locally works on S3 and the reverse:
// '/'-separated segments of letters, digits, '.', '_' and '-', none starting with '.'. That excludes
// '..' and '.', hidden names (the local backend keeps its temp files under a dot-directory), absolute
// paths, backslashes, NUL and every other character a filesystem or an S3 proxy might reinterpret.
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
const MAX_KEY_LENGTH = 512;
const MAX_DEPTH = 8;

export function assertValidKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0) throw new InvalidBlobKeyError(String(key), 'empty');
  if (key.length > MAX_KEY_LENGTH) throw new InvalidBlobKeyError(key, `longer than ${MAX_KEY_LENGTH}`);
  const segments = key.split('/');
  if (segments.length > MAX_DEPTH) throw new InvalidBlobKeyError(key, `deeper than ${MAX_DEPTH}`);
  for (const segment of segments) {
    if (!SEGMENT.test(segment)) throw new InvalidBlobKeyError(key, `bad segment ${JSON.stringify(segment)}`);
  }
}

/** A prefix is a key, a key's leading part, or '' (everything); the same characters, no '..'. */
export function assertValidPrefix(prefix: string): void {
  if (prefix === '') return;
  if (prefix.length > MAX_KEY_LENGTH) throw new InvalidBlobKeyError(prefix, `longer than ${MAX_KEY_LENGTH}`);
  const segments = prefix.split('/');
  // The last segment may be empty ('images/') or partial ('images/ab'); the others are whole segments.
  const last = segments.pop() as string;
  for (const segment of segments) {
    if (!SEGMENT.test(segment)) throw new InvalidBlobKeyError(prefix, `bad segment ${JSON.stringify(segment)}`);
  }
  if (last !== '' && !SEGMENT.test(last)) throw new InvalidBlobKeyError(prefix, `bad segment ${JSON.stringify(last)}`);
}

const CONTENT_TYPE_BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  json: 'application/json',
  txt: 'text/plain',
};

/** The content type a key's extension stands for, or null when the extension is not one we know. */
export function contentTypeForKey(key: string): string | null {
  const dot = key.lastIndexOf('.');
  const slash = key.lastIndexOf('/');
  if (dot <= slash + 1) return null;
  return CONTENT_TYPE_BY_EXTENSION[key.slice(dot + 1).toLowerCase()] ?? null;
}
