// Database rows for tests, each unique, so tests never share or depend on leftovers.
import { randomUUID } from 'node:crypto';
import type { Db } from '../../server/db';
import type { Prisma } from '../../server/generated/prisma/client';

export function createUserRow(db: Db, overrides: Partial<Prisma.UserCreateInput> = {}) {
  const id = overrides.id ?? `test-${randomUUID()}`;
  return db.user.create({
    data: { id, email: `${id}@example.test`, displayName: 'Test User', ...overrides },
  });
}

/** An image row (no stored bytes) for tests that only need the database side. */
export function createImageRow(db: Db, ownerId: string, overrides: Partial<Prisma.ImageUncheckedCreateInput> = {}) {
  const key = randomUUID();
  return db.image.create({
    data: {
      ownerId,
      sha256: key.replaceAll('-', '').padEnd(64, '0'),
      mime: 'image/png',
      width: 600,
      height: 400,
      byteSize: 1234,
      storageKey: `test/${key}.png`,
      source: 'upload',
      ...overrides,
    },
  });
}

export function createAnalysisRow(db: Db, ownerId: string, imageId: string, overrides: Partial<Prisma.AnalysisUncheckedCreateInput> = {}) {
  return db.analysis.create({ data: { ownerId, imageId, ...overrides } });
}
