// Reviewing an analysis (issue 10, item 1): the owner confirms or rejects findings and sets feature values,
// each with a reason; the effective output is recomputed from the analyzer's original by the review model and
// the scoring module, and written over the effective columns (results, evidence, score, search text, filter
// flags) so history, statistics and exports use it. The original is kept beside it, unchanged.
import { findingName } from '../../common/findings';
import type { Viewer } from '../auth/context';
import type { Provenance } from '../analyzer/contract';
import type { Db } from '../db';
import { ConflictError, ValidationError } from '../domain/errors';
import { Prisma, type Analysis, type Image } from '../generated/prisma/client';
import { findOwnedAnalysis } from './analyses';
import { actorName, appendAudit, type NewAuditEntry } from './audit';
import { filterFlagsFor, searchTextFor } from './analysis-text';
import { uploadedFilename } from './images';
import { failingAs } from './messages';
import {
  applyReview,
  emptyReview,
  featureValue,
  isEmptyReview,
  reviewChangeSchema,
  REVIEW_FEATURE_NAMES,
  type FindingDecision,
  type Frame,
  type Output,
  type Review,
  type ReviewChange,
  type ReviewFeature,
} from './review-model';

/** The analyzer's own output: copied aside at the first review, else still the effective columns. */
export function originalOf(row: Analysis): Output & { riskScore: number | null } {
  const reviewed = row.analyzerResults !== null;
  return {
    results: (reviewed ? row.analyzerResults : row.results) as Output['results'],
    evidence: (reviewed ? row.analyzerEvidence : row.evidence) as Output['evidence'],
    riskScore: reviewed ? row.analyzerScore : row.riskScore,
  };
}

export function reviewOf(row: Pick<Analysis, 'review'>): Review | null {
  return (row.review as Review | null) ?? null;
}

/** The analyzer's findings, each with its index and the owner's decision on it. */
export function reviewedFindings(row: Analysis) {
  if (row.status !== 'done' || row.evidence === null) return [];
  const decisions = reviewOf(row)?.findings ?? {};
  return originalOf(row).evidence.findings.map((finding, index) => {
    const decided = decisions[String(index)];
    return { ...finding, index, reviewDecision: decided?.decision ?? null, reviewReason: decided?.reason ?? null };
  });
}

export interface ReviewChangeView {
  field: string;
  findingIndex: number | null;
  from: string;
  to: string;
  reason: string;
  by: string;
  at: string;
}

/** The review's current decisions as "field: from → to, why", against the analyzer's original. */
export function reviewChanges(row: Analysis): ReviewChangeView[] {
  const review = reviewOf(row);
  if (!review) return [];
  const original = originalOf(row);
  const out: ReviewChangeView[] = [];
  for (const [index, d] of Object.entries(review.findings)) {
    const finding = original.evidence.findings[Number(index)];
    out.push({
      field: 'finding',
      findingIndex: Number(index),
      from: finding?.feature ?? 'finding',
      to: d.decision,
      reason: d.reason,
      by: d.by,
      at: d.at,
    });
  }
  for (const field of REVIEW_FEATURE_NAMES) {
    const d = review.features[field];
    if (d)
      out.push({
        field,
        findingIndex: null,
        from: featureValue(original.results, field),
        to: d.value,
        reason: d.reason,
        by: d.by,
        at: d.at,
      });
  }
  for (const r of review.added_risks)
    out.push({ field: 'add_risk', findingIndex: null, from: '', to: r.text, reason: r.reason, by: r.by, at: r.at });
  for (const r of review.removed_risks)
    out.push({ field: 'remove_risk', findingIndex: null, from: r.text, to: '', reason: r.reason, by: r.by, at: r.at });
  return out.sort((a, b) => a.at.localeCompare(b.at));
}

/** One applied change, as the audit trail records it. */
export interface AppliedChange {
  field: string;
  from: string;
  to: string;
  reason: string;
}

export const REVIEW_FAILURE = 'Failed to review analysis';
export const CONCURRENT_REVIEW = 'The analysis was changed meanwhile; reload it and try again.';

export function parseReviewChange(input: unknown): ReviewChange {
  const parsed = reviewChangeSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const fieldErrors = parsed.error.issues.map((i) => ({ path: i.path.join('.') || 'input', message: i.message }));
  throw new ValidationError(fieldErrors[0]?.message ?? 'Invalid review change.', fieldErrors);
}

/** Applies one change to a copy of the review; returns it with what changed (for the audit trail). */
function decide(review: Review, change: ReviewChange, original: Output, effective: Output, by: string): AppliedChange {
  const at = new Date().toISOString();
  const decided = { reason: change.reason, by, at };
  const value = change.value.trim();
  switch (change.field) {
    case 'finding': {
      const index = change.findingIndex!;
      const finding = original.evidence.findings[index];
      if (!finding)
        throw new ValidationError(`This analysis has no finding ${index}.`, [{ path: 'findingIndex', message: 'No such finding.' }]);
      const from = review.findings[String(index)]?.decision ?? 'unreviewed';
      review.findings[String(index)] = { ...decided, decision: value as FindingDecision };
      return { field: findingName(original.evidence.findings, index), from, to: value, reason: change.reason };
    }
    case 'add_risk': {
      if (effective.results.additional_risks.includes(value)) throw new ValidationError('That additional risk is already listed.');
      const removed = review.removed_risks.findIndex((r) => r.text === value);
      if (removed >= 0) review.removed_risks.splice(removed, 1);
      else review.added_risks.push({ ...decided, text: value });
      return { field: 'additional_risk', from: '', to: value, reason: change.reason };
    }
    case 'remove_risk': {
      if (!effective.results.additional_risks.includes(value)) {
        throw new ValidationError(`No additional risk reads "${value.slice(0, 80)}".`, [
          { path: 'value', message: 'No such additional risk.' },
        ]);
      }
      const added = review.added_risks.findIndex((r) => r.text === value);
      if (added >= 0) review.added_risks.splice(added, 1);
      else review.removed_risks.push({ ...decided, text: value });
      return { field: 'additional_risk', from: value, to: '', reason: change.reason };
    }
    default: {
      const field = change.field as ReviewFeature;
      const from = featureValue(effective.results, field);
      review.features[field] = { ...decided, value };
      return { field, from, to: value, reason: change.reason };
    }
  }
}

function frameOf(row: Analysis): Frame | null {
  const p = row.provenance as Provenance | null;
  return p ? { gsdMPerPx: p.gsd_m_per_px, width: p.width, height: p.height } : null;
}

/** The effective columns for an output: what the history's search, filters, sort and statistics read. */
function effectiveColumns(row: ReviewableRow, output: Output): Prisma.AnalysisUpdateManyMutationInput {
  return {
    results: output.results as unknown as Prisma.InputJsonValue,
    evidence: output.evidence as unknown as Prisma.InputJsonValue,
    riskScore: output.results.risk_score,
    searchText: searchTextFor(row.propertyLocation, output.results, output.evidence, uploadedFilename(row.image)),
    ...filterFlagsFor(output.results),
  };
}

/** An analysis under review, with what of its image the search text needs. */
type ReviewableRow = Analysis & { image: Pick<Image, 'providerMeta'> };

async function reviewable(db: Db, viewer: Viewer, id: string): Promise<ReviewableRow> {
  const row = (await findOwnedAnalysis(db, viewer.uid, id, { include: { image: { select: { providerMeta: true } } } })) as ReviewableRow;
  if (row.status !== 'done' || row.results === null || row.evidence === null) {
    throw new ConflictError('Only a finished analysis can be reviewed.');
  }
  return row;
}

/**
 * Writes the new state only if nobody reviewed the analysis since it was read, and appends the audit entries
 * in the same transaction: a change is recorded exactly when it is made.
 */
async function writeReview(
  db: Db,
  row: Analysis,
  data: Prisma.AnalysisUpdateManyMutationInput,
  audit: Omit<NewAuditEntry, 'analysisId' | 'ownerId'>[],
): Promise<Analysis> {
  return db.$transaction(async (tx) => {
    const { count } = await tx.analysis.updateMany({
      where: { id: row.id, ownerId: row.ownerId, reviewVersion: row.reviewVersion },
      data: { ...data, reviewVersion: { increment: 1 } },
    });
    if (count !== 1) throw new ConflictError(CONCURRENT_REVIEW);
    await appendAudit(
      tx,
      audit.map((entry) => ({ ...entry, analysisId: row.id, ownerId: row.ownerId })),
    );
    return tx.analysis.findUniqueOrThrow({ where: { id: row.id } });
  });
}

export interface ReviewResult {
  analysis: Analysis;
  applied: AppliedChange[];
}

/** Confirms/rejects a finding or sets a feature value (with a reason); rescored from the reviewed values. */
export async function reviewAnalysis(db: Db, viewer: Viewer, id: string, input: unknown): Promise<ReviewResult> {
  const change = parseReviewChange(input);
  return failingAs(REVIEW_FAILURE, async () => {
    const row = await reviewable(db, viewer, id);
    const original = originalOf(row);
    const review = structuredClone(reviewOf(row) ?? emptyReview());
    const effectiveBefore = { results: row.results, evidence: row.evidence } as Output;
    const applied = decide(review, change, original, effectiveBefore, actorName(viewer));
    const effective = applyReview(original, review, frameOf(row));
    const analysis = await writeReview(
      db,
      row,
      {
        ...effectiveColumns(row, effective),
        analyzerResults: original.results as unknown as Prisma.InputJsonValue,
        analyzerEvidence: original.evidence as unknown as Prisma.InputJsonValue,
        analyzerScore: original.riskScore,
        review: review as unknown as Prisma.InputJsonValue,
        reviewedAt: new Date(),
        reviewedBy: actorName(viewer),
      },
      [
        {
          kind: 'reviewed',
          actor: actorName(viewer),
          field: applied.field,
          fromValue: applied.from,
          toValue: applied.to,
          reason: applied.reason,
        },
      ],
    );
    return { analysis, applied: [applied] };
  });
}

/** Back to the analyzer's output: the effective columns take the original again and the review is cleared. */
export async function revertReview(db: Db, viewer: Viewer, id: string): Promise<ReviewResult> {
  return failingAs(REVIEW_FAILURE, async () => {
    const row = await reviewable(db, viewer, id);
    const review = reviewOf(row);
    if (!review || isEmptyReview(review)) throw new ConflictError('This analysis has no review to revert.');
    const original = originalOf(row);
    // One entry per decision undone: from the reviewed value back to the analyzer's.
    const applied = reviewChanges(row).map((c): AppliedChange => {
      const reason = 'Review reverted';
      if (c.field === 'finding')
        return { field: findingName(original.evidence.findings, c.findingIndex ?? 0), from: c.to, to: 'unreviewed', reason };
      if (c.field === 'add_risk') return { field: 'additional_risk', from: c.to, to: '', reason };
      if (c.field === 'remove_risk') return { field: 'additional_risk', from: '', to: c.from, reason };
      return { field: c.field, from: c.to, to: c.from, reason };
    });
    const analysis = await writeReview(
      db,
      row,
      {
        ...effectiveColumns(row, original),
        analyzerResults: Prisma.DbNull,
        analyzerEvidence: Prisma.DbNull,
        analyzerScore: null,
        review: Prisma.DbNull,
        reviewedAt: null,
        reviewedBy: null,
      },
      applied.map((a) => ({
        kind: 'review_reverted',
        actor: actorName(viewer),
        field: a.field,
        fromValue: a.from,
        toValue: a.to,
        reason: a.reason,
      })),
    );
    return { analysis, applied };
  });
}
