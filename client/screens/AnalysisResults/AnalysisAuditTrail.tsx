// The audit trail (issue 10): every event of the analysis, oldest first — created, analysed, each review
// change (who, when, field, from → to, why), reports and exports. Append-only on the server.
import { graphql, useFragment } from 'react-relay';
import type { AnalysisAuditTrail_analysis$key } from '../../__generated__/AnalysisAuditTrail_analysis.graphql';
import { formatDateTime, humanize } from '../../components/analysis/format';

type Details = Record<string, unknown>;
const text = (value: unknown) => (value === null || value === undefined || value === '' ? null : String(value));

/** What an entry says, in words. */
export function auditText(entry: {
  kind: string;
  field?: string | null;
  from?: string | null;
  to?: string | null;
  details: unknown;
}): string {
  const d = (entry.details ?? {}) as Details;
  switch (entry.kind) {
    case 'created':
      return `Created from ${text(d.image_source) ?? 'an image'} (SHA-256 ${String(d.image_sha256 ?? '').slice(0, 12)}…, captured ${text(d.image_captured_at) ? formatDateTime(String(d.image_captured_at)) : 'unknown'})`;
    case 'analysed':
      return `Analysed by ${text(d.analyzer) ?? 'the analyzer'} (${[text(d.model), text(d.analyzer_version) && `version ${d.analyzer_version}`, text(d.prompt_version) && `prompt ${d.prompt_version}`, typeof d.duration_ms === 'number' && `${d.duration_ms} ms`].filter(Boolean).join(', ')})`;
    case 'failed':
      return `Analysis failed${text(d.error) ? `: ${d.error}` : ''}`;
    case 'reviewed':
    case 'review_reverted': {
      const what = `${humanize(entry.field ?? '')}: ${entry.from ? humanize(entry.from) : '—'} → ${entry.to ? humanize(entry.to) : '—'}`;
      return entry.kind === 'reviewed' ? `Reviewed ${what}` : `Review reverted ${what}`;
    }
    case 'report_generated':
      return 'PDF report generated';
    case 'exported':
      return `Exported (${text(d.format) ?? 'file'})`;
    case 'moved_to_account':
      return 'Moved from a guest session into this account';
    default:
      return humanize(entry.kind);
  }
}

export function AnalysisAuditTrail({ analysis }: { analysis: AnalysisAuditTrail_analysis$key }) {
  const { auditTrail } = useFragment(
    graphql`
      fragment AnalysisAuditTrail_analysis on Analysis {
        auditTrail {
          kind
          actor
          at
          field
          from
          to
          reason
          details
        }
      }
    `,
    analysis,
  );
  return (
    <section
      aria-labelledby="audit-heading"
      className="rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="audit-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        Audit trail
      </h2>
      <ol className="mt-4 space-y-3 border-l border-slate-200 pl-4 dark:border-slate-700" aria-label="Audit entries">
        {auditTrail.map((entry, index) => (
          <li key={index} className="text-sm">
            <p className="text-slate-900 dark:text-white">{auditText(entry)}</p>
            {entry.reason && <p className="text-slate-600 dark:text-slate-400">Reason: {entry.reason}</p>}
            <p className="text-xs text-slate-500 dark:text-slate-400">
              {entry.actor} · {formatDateTime(String(entry.at))}
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
