// Images: an upload becomes a stored blob and an Image row (blob first, so a row never points at a
// missing file; a crash in between leaves a blob that the start-up sweep removes). Only the owner
// reads an image; anyone else gets the same "not found" as for an id that does not exist.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Viewer } from '../auth/context';
import type { Db } from '../db';
import { NotFoundError, ValidationError } from '../domain/errors';
import type { Image, Prisma } from '../generated/prisma/client';
import { noFile } from '../ingest/errors';
import { ingestImage, type IngestedImage } from '../ingest/ingest-image';
import type { ImageInput } from '../ingest/read-limited';
import type { BlobStorage, BlobStream } from '../storage/blob-storage';
import { sweepOrphans, type SweepReport } from '../storage/sweep-orphans';
import type { AnalysisDeps } from './analysis-deps';
import { uuidOrNone } from './ids';
import { isUniqueViolation, parseIdempotencyKey } from './idempotency';
import { FAILURE, NOT_FOUND, failingAs } from './messages';
import { limitsFor, takeRateLimit } from './rate-limit';
import { ensureUser } from './users';

export const MAX_PROPERTY_LOCATION_LENGTH = 500;
const IMAGE_PREFIX = 'images/';

export const propertyLocationSchema = z
  .string({ error: 'Property location must be text.' })
  .trim()
  .max(MAX_PROPERTY_LOCATION_LENGTH, `Property location must be at most ${MAX_PROPERTY_LOCATION_LENGTH} characters.`)
  .nullish()
  .transform((v) => v ?? '');

export interface UploadImageInput {
  /** The file's bytes or stream; null when the request carried no file. */
  file: ImageInput | null;
  filename?: string | null;
  propertyLocation?: unknown;
}

function parseLocation(value: unknown): string {
  const parsed = propertyLocationSchema.safeParse(value);
  if (!parsed.success) throw new ValidationError(parsed.error.issues[0]?.message ?? 'Invalid property location.');
  return parsed.data;
}

/** A fresh key per stored image, never reused (the orphan sweep relies on it). */
export function imageStorageKey(id: string, ext: string): string {
  return `${IMAGE_PREFIX}${id.slice(0, 2)}/${id}.${ext}`;
}

export interface StoreImageMeta {
  source: string;
  propertyLocation: string;
  latitude?: number | null;
  longitude?: number | null;
  gsdMPerPx?: number | null;
  gsdSource?: string | null;
  capturedAt?: Date | null;
  attribution?: string | null;
  providerMeta?: Prisma.InputJsonValue;
  idempotencyKey?: string | null;
}

/**
 * Stores an already ingested image for `ownerId`: blob, then row. Shared by uploads and by the map
 * flow's provider images. If the row cannot be written the blob is removed again.
 */
export async function storeIngestedImage(
  db: Db,
  storage: BlobStorage,
  ownerId: string,
  image: IngestedImage,
  meta: StoreImageMeta,
): Promise<Image> {
  const id = randomUUID();
  const storageKey = imageStorageKey(id, image.ext);
  await storage.put(storageKey, image.buffer, image.mime);
  try {
    return await db.image.create({
      data: {
        id,
        ownerId,
        sha256: image.sha256,
        mime: image.mime,
        width: image.width,
        height: image.height,
        byteSize: image.byteSize,
        storageKey,
        source: meta.source,
        propertyLocation: meta.propertyLocation,
        latitude: meta.latitude ?? null,
        longitude: meta.longitude ?? null,
        gsdMPerPx: meta.gsdMPerPx ?? null,
        gsdSource: meta.gsdSource ?? null,
        capturedAt: meta.capturedAt ?? null,
        attribution: meta.attribution ?? null,
        ...(meta.providerMeta !== undefined ? { providerMeta: meta.providerMeta } : {}),
        idempotencyKey: meta.idempotencyKey ?? null,
      },
    });
  } catch (error) {
    await storage.delete(storageKey).catch(() => {});
    // The same Idempotency-Key stored its image meanwhile (a concurrent retry): that one is the answer.
    if (meta.idempotencyKey && isUniqueViolation(error)) {
      const existing = await imageByKey(db, ownerId, meta.idempotencyKey);
      if (existing) return existing;
    }
    throw error;
  }
}

const imageByKey = (db: Db, ownerId: string, idempotencyKey: string) =>
  db.image.findUnique({ where: { ownerId_idempotencyKey: { ownerId, idempotencyKey } } });

/**
 * POST /aerial/upload and `uploadImage`: validates (spec §5 messages), reads EXIF hints, re-encodes
 * and stores the image. Counts against the viewer's uploads-per-minute limit before reading a byte.
 */
export async function uploadImage(
  deps: AnalysisDeps,
  viewer: Viewer,
  // A function when reading the request is itself the work (REST multipart): it runs after the limit check.
  source: UploadImageInput | (() => Promise<UploadImageInput>),
  /** The request's Idempotency-Key: a retry with the same key answers the image stored the first time. */
  idempotencyKeyHeader: string | null = null,
): Promise<Image> {
  const idempotencyKey = parseIdempotencyKey(idempotencyKeyHeader);
  if (idempotencyKey) {
    const existing = await imageByKey(deps.db, viewer.uid, idempotencyKey);
    if (existing) return existing;
  }
  // Admitted before anything is read or counted: a refused upload (503 + Retry-After) costs nothing.
  return deps.uploads.run(() =>
    failingAs(FAILURE.upload, async () => {
      await takeRateLimit(deps.db, viewer.uid, 'upload', limitsFor(deps.limits, viewer).uploadsPerMinute, FAILURE.upload, deps.clock());
      const input = typeof source === 'function' ? await source() : source;
      const propertyLocation = parseLocation(input.propertyLocation);
      if (!input.file) throw noFile();
      const ingested = await ingestImage(input.file);
      await ensureUser(deps.db, viewer);
      const { exif, gsdHint } = ingested;
      return storeIngestedImage(deps.db, deps.storage, viewer.uid, ingested, {
        source: 'upload',
        idempotencyKey,
        propertyLocation,
        latitude: exif.latitude ?? null,
        longitude: exif.longitude ?? null,
        capturedAt: exif.capturedAt ?? null,
        gsdMPerPx: gsdHint?.metersPerPixel ?? null,
        gsdSource: gsdHint ? 'estimated' : null,
        providerMeta: {
          upload: {
            ...(input.filename ? { filename: input.filename.slice(0, 255) } : {}),
            received_bytes: ingested.receivedByteSize,
            received_mime: ingested.sourceMime,
          },
          ...(gsdHint ? { gsd_basis: gsdHint.basis } : {}),
          ...(exif.model ? { camera: exif.model } : {}),
          ...(exif.altitudeM !== undefined ? { gps_altitude_m: exif.altitudeM } : {}),
          ...(exif.relativeAltitudeM !== undefined ? { relative_altitude_m: exif.relativeAltitudeM } : {}),
        },
      });
    }),
  );
}

/**
 * The name of an uploaded image's file as its sender gave it, for titles: its last path segment (a client may send
 * "C:\\photos\\DJI_0753.JPG"), without control characters; null for provider images and nameless uploads.
 */
export function uploadedFilename(image: Pick<Image, 'providerMeta'>): string | null {
  const meta = image.providerMeta;
  const upload = meta && typeof meta === 'object' && !Array.isArray(meta) ? meta.upload : null;
  const raw = upload && typeof upload === 'object' && !Array.isArray(upload) ? upload.filename : null;
  if (typeof raw !== 'string') return null;
  const name = (raw.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return name || null;
}

/** The viewer's image, or NotFoundError whether it is missing or someone else's. */
export async function findOwnedImage(db: Db, ownerId: string, imageId: string): Promise<Image> {
  const image = await db.image.findFirst({ where: { id: uuidOrNone(imageId), ownerId } });
  if (!image) throw new NotFoundError(NOT_FOUND.image);
  return image;
}

async function openBlob(storage: BlobStorage, image: Image): Promise<BlobStream> {
  const blob = await storage.getStream(image.storageKey);
  // Rows are written after their blob and deleted before it, so this is storage trouble, not a user error.
  if (!blob) throw new Error(`Blob ${image.storageKey} of image ${image.id} is missing`);
  return { ...blob, contentType: image.mime };
}

/** GET /aerial/image-file/by-id/{imageId}. */
export async function openImageFile(deps: AnalysisDeps, viewer: Viewer, imageId: string): Promise<BlobStream> {
  return failingAs(FAILURE.image, async () => openBlob(deps.storage, await findOwnedImage(deps.db, viewer.uid, imageId)));
}

/** GET /aerial/analysis-image/{analysisId}: the image that analysis analysed. */
export async function openAnalysisImageFile(deps: AnalysisDeps, viewer: Viewer, analysisId: string): Promise<BlobStream> {
  return failingAs(FAILURE.image, async () => {
    const analysis = await deps.db.analysis.findFirst({
      where: { id: uuidOrNone(analysisId), ownerId: viewer.uid },
      include: { image: true },
    });
    if (!analysis) throw new NotFoundError(NOT_FOUND.analysis);
    return openBlob(deps.storage, analysis.image);
  });
}

/** Deletes an image row and then its blob, when no analysis refers to it any more. */
export async function deleteImageIfUnused(db: Db, storage: BlobStorage, imageId: string): Promise<boolean> {
  // One statement decides and deletes, so an analysis created meanwhile keeps its image.
  const deleted = await db.$queryRaw<{ storage_key: string }[]>`
    DELETE FROM images WHERE id = ${imageId}::uuid
      AND NOT EXISTS (SELECT 1 FROM analyses WHERE image_id = ${imageId}::uuid)
    RETURNING storage_key`;
  if (deleted.length === 0) return false;
  // Row first, blob second: a crash in between leaves an orphan blob, which the sweep removes.
  await storage.delete(deleted[0].storage_key).catch((error: unknown) => {
    console.warn(`[images] could not delete blob ${deleted[0].storage_key}:`, error);
  });
  return true;
}

/** Start-up sweep: blobs under images/ that no row refers to and older than the grace period. */
export async function sweepImageOrphans(db: Db, storage: BlobStorage, graceMs: number): Promise<SweepReport> {
  return sweepOrphans(
    storage,
    async (keys) => {
      const rows = await db.image.findMany({ where: { storageKey: { in: keys } }, select: { storageKey: true } });
      return new Set(rows.map((row) => row.storageKey));
    },
    graceMs,
    { prefix: IMAGE_PREFIX },
  );
}
