import { randomUUID } from 'node:crypto';
import type { Dirent } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  BlobContentTypeError,
  InvalidBlobKeyError,
  type BlobEntry,
  type BlobStorage,
  type BlobStream,
  type StoredBlob,
} from './blob-storage';
import { assertValidKey, assertValidPrefix, contentTypeForKey } from './keys';

// Temp files live under the root (same filesystem, so rename is atomic) in a dot-directory that no
// valid key can name, which keeps them out of get/list and lets purgeIncomplete find crash leftovers.
const INCOMING_DIR = '.incoming';

/**
 * Blobs as plain files under `root` (`${DATA_DIR}/images` by default). A write goes to a temp file, is
 * fsynced, renamed over the final name and the directory entry fsynced: a crash at any point leaves
 * either the previous file or the complete new one under the key, never a prefix of it.
 */
export class LocalDirStorage implements BlobStorage {
  readonly kind = 'local' as const;
  readonly root: string;
  private readonly incoming: string;

  constructor(root: string) {
    this.root = path.resolve(root);
    this.incoming = path.join(this.root, INCOMING_DIR);
  }

  static forDataDir(dataDir: string): LocalDirStorage {
    return new LocalDirStorage(path.join(dataDir, 'images'));
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    const finalPath = this.pathFor(key);
    // The content type is not stored beside the file: it is the key's extension, so they must agree.
    const implied = contentTypeForKey(key);
    if (implied !== contentType) {
      throw new BlobContentTypeError(
        `Local storage derives the content type from the key's extension: ${key} implies ${implied ?? 'nothing'}, not ${contentType}`,
      );
    }
    await mkdir(this.incoming, { recursive: true });
    await mkdir(path.dirname(finalPath), { recursive: true });
    const tempPath = path.join(this.incoming, `${randomUUID()}.part`);
    try {
      const handle = await open(tempPath, 'wx', 0o644);
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(tempPath, finalPath);
    } catch (error) {
      await rm(tempPath, { force: true });
      throw error;
    }
    // Without this the rename itself may not survive a power cut even though the data blocks do.
    await fsyncDirectory(path.dirname(finalPath));
  }

  async get(key: string): Promise<StoredBlob | null> {
    const filePath = this.pathFor(key);
    const handle = await openIfExists(filePath);
    if (!handle) return null;
    try {
      const bytes = await handle.readFile();
      return { bytes, contentType: this.contentTypeOf(key) };
    } finally {
      await handle.close();
    }
  }

  async getStream(key: string): Promise<BlobStream | null> {
    const handle = await openIfExists(this.pathFor(key));
    if (!handle) return null;
    // Size and stream come from one open handle, so a concurrent replace cannot mix two versions.
    const { size } = await handle.stat();
    const nodeStream = handle.createReadStream({ autoClose: true });
    return {
      stream: Readable.toWeb(nodeStream) as ReadableStream<Uint8Array>,
      contentType: this.contentTypeOf(key),
      size,
    };
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathFor(key))).isFile();
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await unlink(this.pathFor(key));
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }

  async *list(prefix = ''): AsyncIterable<BlobEntry> {
    assertValidPrefix(prefix);
    // Walk only the directory the prefix fully names ('images/ab/' → images/ab), then filter by the rest.
    const dirPart = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
    yield* this.walk(dirPart, prefix);
  }

  async purgeIncomplete(olderThanMs: number): Promise<number> {
    let entries: Dirent[];
    try {
      entries = await readdir(this.incoming, { withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return 0;
      throw error;
    }
    const cutoff = Date.now() - olderThanMs;
    let removed = 0;
    for (const entry of entries) {
      const entryPath = path.join(this.incoming, entry.name);
      try {
        if ((await stat(entryPath)).mtimeMs > cutoff) continue;
        await rm(entryPath, { force: true, recursive: true });
        removed += 1;
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    }
    return removed;
  }

  private async *walk(relativeDir: string, prefix: string): AsyncGenerator<BlobEntry> {
    let entries: Dirent[];
    try {
      entries = await readdir(path.join(this.root, relativeDir), { withFileTypes: true });
    } catch (error) {
      if (isMissing(error) || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return;
      throw error;
    }
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const key = relativeDir ? `${relativeDir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        // Descend only where keys below could still match the prefix.
        if (key.startsWith(prefix) || prefix.startsWith(`${key}/`)) yield* this.walk(key, prefix);
      } else if (entry.isFile() && key.startsWith(prefix)) {
        try {
          const info = await stat(path.join(this.root, key));
          yield { key, size: info.size, lastModified: info.mtime };
        } catch (error) {
          if (!isMissing(error)) throw error; // deleted while listing
        }
      }
    }
  }

  private pathFor(key: string): string {
    assertValidKey(key);
    const resolved = path.resolve(this.root, key);
    // The key grammar already rules out traversal; this second check guards the grammar itself.
    if (!resolved.startsWith(this.root + path.sep)) throw new InvalidBlobKeyError(key, 'outside the storage root');
    return resolved;
  }

  private contentTypeOf(key: string): string {
    return contentTypeForKey(key) ?? 'application/octet-stream';
  }
}

async function openIfExists(filePath: string) {
  try {
    const handle = await open(filePath, 'r');
    if (!(await handle.stat()).isFile()) {
      await handle.close();
      return null;
    }
    return handle;
  } catch (error) {
    if (isMissing(error) || (error as NodeJS.ErrnoException).code === 'EISDIR') return null;
    throw error;
  }
}

async function fsyncDirectory(dir: string): Promise<void> {
  let handle;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch (error) {
    // Some platforms (Windows) cannot open or fsync a directory; the data itself is already synced.
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EISDIR' && code !== 'EPERM' && code !== 'EINVAL') throw error;
  } finally {
    await handle?.close();
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
