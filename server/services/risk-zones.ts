// Risk zones: manual risk assessments a user records (location, level, details). Spec §5: location
// and details are required ('Please fill in all required fields'); the level defaults to low.
import { z } from 'zod';
import type { Viewer } from '../auth/context';
import type { Db } from '../db';
import { RISK_LEVELS } from '../../common/constants';
import { NotFoundError, ValidationError } from '../domain/errors';
import type { Prisma, RiskZone } from '../generated/prisma/client';
import { uuidOrNone } from './ids';
import { afterCreated, decodeCursor, encodeCursor, keysetPage, type Page } from './keyset';
import { FAILURE, NOT_FOUND, REQUIRED_FIELDS_MESSAGE, failingAs } from './messages';
import { ensureUser } from './users';

const required = (max: number, name: string) =>
  z
    .string({ error: REQUIRED_FIELDS_MESSAGE })
    .trim()
    .min(1, REQUIRED_FIELDS_MESSAGE)
    .max(max, `${name} must be at most ${max} characters.`);

export const createRiskZoneSchema = z.object({
  location: required(500, 'Location'),
  details: required(5000, 'Details'),
  riskLevel: z
    .enum(RISK_LEVELS, { error: `Risk level must be one of ${RISK_LEVELS.join(', ')}.` })
    .nullish()
    .transform((v) => v ?? 'low'),
});

export type CreateRiskZoneInput = z.input<typeof createRiskZoneSchema>;

function parse(input: unknown) {
  const result = createRiskZoneSchema.safeParse(input);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  // A missing required field wins over any other problem: it is the form's one message.
  const missing = issues.find((issue) => issue.message === REQUIRED_FIELDS_MESSAGE);
  throw new ValidationError((missing ?? issues[0])?.message ?? REQUIRED_FIELDS_MESSAGE, issues);
}

export async function createRiskZone(db: Db, viewer: Viewer, input: unknown): Promise<RiskZone> {
  return failingAs(FAILURE.createRiskZone, async () => {
    const data = parse(input);
    await ensureUser(db, viewer);
    return db.riskZone.create({ data: { ownerId: viewer.uid, ...data } });
  });
}

const cursorSchema = z.object({ c: z.iso.datetime(), i: z.uuid() });

/** Newest first, keyset-paginated. */
export async function listRiskZones(
  db: Db,
  viewer: Viewer,
  params: { first: number; after?: string | null },
  query: { include?: Prisma.RiskZoneInclude } = {},
): Promise<Page<RiskZone>> {
  return failingAs(FAILURE.listRiskZones, async () => {
    const after = params.after ? decodeCursor(params.after, cursorSchema) : null;
    const where: Prisma.RiskZoneWhereInput = { ownerId: viewer.uid, ...(after ? afterCreated(new Date(after.c), after.i, 'desc') : {}) };
    return keysetPage(
      params.first,
      (take) => db.riskZone.findMany({ ...query, where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take }),
      (row) => encodeCursor({ c: row.createdAt.toISOString(), i: row.id }),
    );
  });
}

export async function deleteRiskZone(db: Db, viewer: Viewer, id: string): Promise<RiskZone> {
  return failingAs(FAILURE.deleteRiskZone, async () => {
    const zone = await db.riskZone.findFirst({ where: { id: uuidOrNone(id), ownerId: viewer.uid } });
    if (!zone) throw new NotFoundError(NOT_FOUND.riskZone);
    await db.riskZone.deleteMany({ where: { id: zone.id, ownerId: viewer.uid } });
    return zone;
  });
}
