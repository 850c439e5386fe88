// The audit trail of an analysis (issue 10, item 2): an append-only log. `created`, `analysed`, `failed` and
// `deleted` come from database triggers (prisma/migrations/*_audit_trail); the services append review changes,
// reverts, reports, exports and a guest session's move into an account. Only the owner reads it; the database refuses to edit or delete an entry.
import type { Viewer } from '../auth/context';
import type { Db } from '../db';
import type { AuditEntry, Prisma } from '../generated/prisma/client';
import { findOwnedAnalysis } from './analyses';
import { failingAs } from './messages';

export const AUDIT_KINDS = [
  'created',
  'analysed',
  'failed',
  'reviewed',
  'review_reverted',
  'report_generated',
  'exported',
  'deleted',
  'moved_to_account',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

export const AUDIT_FAILURE = 'Failed to fetch the audit trail';

export interface NewAuditEntry {
  analysisId: string;
  ownerId: string;
  kind: AuditKind;
  actor: string;
  field?: string | null;
  fromValue?: string | null;
  toValue?: string | null;
  reason?: string | null;
  details?: Prisma.InputJsonValue;
}

type Writer = Pick<Db, 'auditEntry'> | Prisma.TransactionClient;

/** How a person is named in the audit trail and a review: their email, else "Guest" or their uid. */
export function actorName(viewer: Viewer): string {
  return viewer.email ?? (viewer.isAnonymous ? 'Guest' : viewer.uid);
}

export async function appendAudit(db: Writer, entries: NewAuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db.auditEntry.createMany({ data: entries.map((e) => ({ ...e, at: new Date() })) });
}

/** The analysis's entries, oldest first. Another user's analysis (or none) is not found. */
export async function auditTrail(db: Db, viewer: Viewer, analysisId: string): Promise<AuditEntry[]> {
  return failingAs(AUDIT_FAILURE, async () => {
    const analysis = await findOwnedAnalysis(db, viewer.uid, analysisId);
    return db.auditEntry.findMany({ where: { analysisId: analysis.id, ownerId: viewer.uid }, orderBy: { id: 'asc' } });
  });
}

/** An entry as REST answers it. */
export function auditRecord(entry: AuditEntry) {
  return {
    kind: entry.kind,
    actor: entry.actor,
    at: entry.at.toISOString(),
    field: entry.field,
    from: entry.fromValue,
    to: entry.toValue,
    reason: entry.reason,
    details: entry.details ?? {},
  };
}

/** An export of the history: one `exported` entry per analysis it contained. */
export async function recordExport(db: Db, viewer: Viewer, analysisIds: string[], format: string): Promise<void> {
  const actor = actorName(viewer);
  await appendAudit(
    db,
    analysisIds.map((analysisId) => ({ analysisId, ownerId: viewer.uid, kind: 'exported' as const, actor, details: { format } })),
  );
}
