// The `review` part of an analysis record (issue 10): null until the owner reviews it; then the current
// changes (field, from → to, reason, who, when) and the analyzer's original output, kept unchanged.
import type { Analysis } from '../generated/prisma/client';
import { originalOf, reviewChanges } from '../services/reviews';

export function reviewRecord(row: Analysis) {
  if (row.analyzerResults === null) return null;
  const original = originalOf(row);
  return {
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
    reviewed_by: row.reviewedBy,
    changes: reviewChanges(row).map((c) => ({
      field: c.field,
      finding_index: c.findingIndex,
      from: c.from,
      to: c.to,
      reason: c.reason,
      by: c.by,
      at: c.at,
    })),
    analyzer: {
      risk_score: original.riskScore === null ? null : Math.round(original.riskScore),
      analysis_results: original.results,
      evidence: original.evidence,
    },
  };
}
