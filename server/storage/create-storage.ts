import type { BlobStorage } from './blob-storage';
import { LocalDirStorage } from './local-dir-storage';
import { S3Storage } from './s3-storage';

export interface StorageConfig {
  /** Root of the embedded data; blobs go to `${dataDir}/images` when no bucket is configured. */
  dataDir: string;
  s3Bucket?: string;
  s3Endpoint?: string;
  s3Region?: string;
  s3ForcePathStyle?: boolean;
}

/** Reads DATA_DIR (default ./data) and S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_FORCE_PATH_STYLE. */
export function storageConfigFromEnv(env: NodeJS.ProcessEnv = process.env): StorageConfig {
  return {
    dataDir: env.DATA_DIR || './data',
    s3Bucket: env.S3_BUCKET || undefined,
    s3Endpoint: env.S3_ENDPOINT || undefined,
    s3Region: env.S3_REGION || env.AWS_REGION || undefined,
    s3ForcePathStyle: parseBoolean(env.S3_FORCE_PATH_STYLE, 'S3_FORCE_PATH_STYLE'),
  };
}

/**
 * S3 when a bucket is configured, the local directory otherwise. S3 credentials are not part of the
 * config: the SDK reads AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY / AWS_PROFILE / instance roles itself.
 */
export function createStorage(config: StorageConfig): BlobStorage {
  if (config.s3Bucket) {
    return new S3Storage({
      bucket: config.s3Bucket,
      endpoint: config.s3Endpoint,
      region: config.s3Region,
      forcePathStyle: config.s3ForcePathStyle,
    });
  }
  return LocalDirStorage.forDataDir(config.dataDir);
}

function parseBoolean(value: string | undefined, name: string): boolean | undefined {
  if (value === undefined || value === '') return undefined;
  const normalised = value.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(normalised)) return true;
  if (['0', 'false', 'no', 'off'].includes(normalised)) return false;
  throw new Error(`${name} must be true or false, got ${JSON.stringify(value)}`);
}
