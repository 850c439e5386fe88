// Review (issue 10): the owner confirms or rejects findings, corrects feature values and additional risks,
// each with a reason; the server rescores from the reviewed values. Lists what changed and can revert it all.
import { useId, useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { AnalysisReviewPanel_analysis$key } from '../../__generated__/AnalysisReviewPanel_analysis.graphql';
import type { AnalysisReviewPanel_query$key } from '../../__generated__/AnalysisReviewPanel_query.graphql';
import { Alert } from '../../components/Alert';
import { formatDateTime, humanize, percent } from '../../components/analysis/format';
import { Button, fieldClasses, TextField } from '../../components/forms';
import { useReviewAnalysisMutation } from './useReviewAnalysisMutation';
import { changeText, FINDINGS_SHOWN, findingKind, groupReviewFindings } from './reviewFindings';
import { useRevertAnalysisReviewMutation } from './useRevertAnalysisReviewMutation';

const headingClasses = 'text-sm font-semibold text-slate-900 dark:text-white';

export function AnalysisReviewPanel({
  analysis,
  query,
}: {
  analysis: AnalysisReviewPanel_analysis$key;
  query: AnalysisReviewPanel_query$key;
}) {
  const data = useFragment(
    graphql`
      fragment AnalysisReviewPanel_analysis on Analysis {
        id
        findings {
          index
          feature
          confidence
          note
          reviewDecision
          reviewReason
        }
        results {
          additionalRisks
        }
        review {
          reviewedBy
          reviewedAt
          changes {
            field
            findingIndex
            from
            to
            reason
            by
            at
          }
        }
      }
    `,
    analysis,
  );
  const { reviewFields } = useFragment(
    graphql`
      fragment AnalysisReviewPanel_query on Query {
        reviewFields {
          field
          values
        }
      }
    `,
    query,
  );
  const [review, reviewing] = useReviewAnalysisMutation();
  const [revert, reverting] = useRevertAnalysisReviewMutation();
  const [reason, setReason] = useState('');
  const [field, setField] = useState(reviewFields[0]?.field ?? '');
  const [value, setValue] = useState('');
  const [newRisk, setNewRisk] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [done, setDone] = useState<string | null>(null);
  const fieldId = useId();
  const valueId = useId();
  const busy = reviewing || reverting;
  const values = reviewFields.find((f) => f.field === field)?.values ?? [];

  const run = async (action: () => Promise<void>, success: string): Promise<boolean> => {
    setError(null);
    setDone(null);
    try {
      await action();
      setDone(success);
      setReason('');
      return true;
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Failed to review analysis');
      return false;
    }
  };
  const change = (input: { field: string; value: string; findingIndex?: number }, success: string) =>
    run(() => review({ id: data.id, reason, ...input }), success);

  const groups = groupReviewFindings(data.findings, expanded);

  return (
    <section
      aria-labelledby="review-heading"
      className="space-y-5 rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <div>
        <h2 id="review-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
          Review
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Confirm or reject what the analyzer found, or correct a feature. Each change needs a short reason; the score is recomputed from
          your values and the analyzer’s own result stays on record.
        </p>
      </div>
      <TextField label="Reason for the change" value={reason} disabled={busy} onChange={(event) => setReason(event.target.value)} />
      {error && <Alert tone="error">{error}</Alert>}
      {done && <Alert tone="success">{done}</Alert>}

      <div>
        <h3 className={headingClasses}>Findings</h3>
        {groups.length === 0 ? (
          <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">The analyzer reported no findings.</p>
        ) : (
          groups.map((group) => (
            <div key={group.feature} className="mt-3" role="group" aria-labelledby={`review-group-${group.feature}`}>
              <h4 id={`review-group-${group.feature}`} className="text-sm font-medium text-slate-700 dark:text-slate-200">
                {group.heading} ({group.total})
              </h4>
              <ul className="mt-1 divide-y divide-slate-100 dark:divide-slate-800">
                {group.shown.map((finding) => (
                  <li
                    key={finding.index}
                    className="flex flex-wrap items-center justify-between gap-3 py-2"
                    data-testid={`review-finding-${finding.index}`}
                  >
                    <div className="text-sm">
                      <p
                        className={`font-medium text-slate-900 dark:text-white ${finding.reviewDecision === 'rejected' ? 'line-through' : ''}`}
                      >
                        {humanize(finding.name)}{' '}
                        <span className="font-normal text-slate-500">({percent(finding.confidence)} confidence)</span>
                      </p>
                      {finding.note && <p className="text-slate-600 dark:text-slate-400">{finding.note}</p>}
                      {finding.reviewDecision && (
                        <p className="text-slate-600 dark:text-slate-400">
                          {humanize(finding.reviewDecision)}: {finding.reviewReason}
                        </p>
                      )}
                    </div>
                    <div className="flex gap-2">
                      <Button
                        variant="secondary"
                        disabled={busy || finding.reviewDecision === 'confirmed'}
                        aria-label={`Confirm ${finding.name}`}
                        onClick={() =>
                          void change(
                            { field: 'finding', value: 'confirmed', findingIndex: finding.index },
                            `Confirmed the ${finding.name}.`,
                          )
                        }
                      >
                        Confirm
                      </Button>
                      <Button
                        variant="danger"
                        disabled={busy || finding.reviewDecision === 'rejected'}
                        aria-label={`Reject ${finding.name}`}
                        onClick={() =>
                          void change({ field: 'finding', value: 'rejected', findingIndex: finding.index }, `Rejected the ${finding.name}.`)
                        }
                      >
                        Reject
                      </Button>
                    </div>
                  </li>
                ))}
              </ul>
              {group.total > FINDINGS_SHOWN && (
                <Button
                  variant="secondary"
                  className="mt-2"
                  aria-expanded={group.hidden === 0}
                  onClick={() =>
                    setExpanded((open) => {
                      const next = new Set(open);
                      if (group.hidden === 0) next.delete(group.feature);
                      else next.add(group.feature);
                      return next;
                    })
                  }
                >
                  {group.hidden === 0
                    ? `Show the first ${FINDINGS_SHOWN} ${findingKind(group.feature)} findings`
                    : `Show all ${group.total} ${findingKind(group.feature)} findings`}
                </Button>
              )}
            </div>
          ))
        )}
      </div>

      <div>
        <h3 className={headingClasses}>Correct a feature</h3>
        <div className="mt-2 grid gap-3 sm:grid-cols-3 sm:items-end">
          <div>
            <label htmlFor={fieldId} className="block text-sm font-medium text-slate-700 dark:text-slate-200">
              Feature
            </label>
            <select
              id={fieldId}
              className={fieldClasses}
              value={field}
              disabled={busy}
              onChange={(event) => (setField(event.target.value), setValue(''))}
            >
              {reviewFields.map((f) => (
                <option key={f.field} value={f.field}>
                  {humanize(f.field)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={valueId} className="block text-sm font-medium text-slate-700 dark:text-slate-200">
              Value
            </label>
            <select id={valueId} className={fieldClasses} value={value} disabled={busy} onChange={(event) => setValue(event.target.value)}>
              <option value="">Choose…</option>
              {values.map((v) => (
                <option key={v} value={v}>
                  {humanize(v)}
                </option>
              ))}
            </select>
          </div>
          <Button
            variant="secondary"
            disabled={busy || !value}
            onClick={() => void change({ field, value }, `${humanize(field)} set to ${humanize(value).toLowerCase()}.`)}
          >
            Apply change
          </Button>
        </div>
      </div>

      <div>
        <h3 className={headingClasses}>Additional risks</h3>
        <ul className="mt-2 space-y-1">
          {(data.results?.additionalRisks ?? []).map((risk) => (
            <li key={risk} className="flex items-center justify-between gap-3 text-sm text-slate-700 dark:text-slate-300">
              {risk}
              <Button
                variant="secondary"
                disabled={busy}
                aria-label={`Remove risk: ${risk}`}
                onClick={() => void change({ field: 'remove_risk', value: risk }, 'Additional risk removed.')}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
        <div className="mt-2 flex flex-wrap items-end gap-3">
          <TextField
            label="New additional risk"
            className="min-w-0 flex-1"
            value={newRisk}
            disabled={busy}
            onChange={(event) => setNewRisk(event.target.value)}
          />
          <Button
            variant="secondary"
            disabled={busy || !newRisk.trim()}
            onClick={() => void change({ field: 'add_risk', value: newRisk }, 'Additional risk added.').then((ok) => ok && setNewRisk(''))}
          >
            Add risk
          </Button>
        </div>
      </div>

      {data.review && (
        <div>
          <h3 className={headingClasses}>What changed</h3>
          <p className="text-xs text-slate-500 dark:text-slate-400">
            Reviewed by {data.review.reviewedBy} · {formatDateTime(data.review.reviewedAt)}
          </p>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300" aria-label="Review changes">
            {data.review.changes.map((c, index) => (
              <li key={index}>
                {changeText({ field: c.field, findingIndex: c.findingIndex, from: c.from, to: c.to }, data.findings)} — “{c.reason}” ({c.by}
                , {formatDateTime(c.at)})
              </li>
            ))}
          </ul>
          <Button
            className="mt-3"
            variant="danger"
            busy={reverting}
            disabled={busy}
            onClick={() => void run(() => revert(data.id), 'Review reverted: the analyzer’s result applies again.')}
          >
            Revert review
          </Button>
        </div>
      )}
    </section>
  );
}
