import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { BatchProgress_batch$key } from '../../__generated__/BatchProgress_batch.graphql';
import { Alert } from '../../components/Alert';
import { formatDateTime } from '../../components/analysis/format';
import { Button } from '../../components/forms';
import { BatchStatusBadge, STATE_LABELS } from './BatchStatusBadge';
import { BatchDownloads } from './BatchDownloads';
import { UserFacingError } from '../../relay/useTypedMutation';
import { StartBatchNotice } from './StartBatchNotice';
import { useRerunBatchMutation } from './useRerunBatchMutation';
import { useRetryBatchMutation } from './useRetryBatchMutation';

/** The failed rows (map image not fetched, analysis failed) can be tried again: the provider may be back. */
function RetryFailedRows({ id, failed }: { id: string; failed: number }) {
  const [retry, retrying] = useRetryBatchMutation();
  const [message, setMessage] = useState<{ tone: 'done' | 'error'; text: string } | null>(null);
  // "Queued again" stands while those rows run; rows that fail once more bring the button back without it.
  const shown = message && (message.tone === 'error' || failed === 0) ? message : null;
  if (failed === 0 && !shown) return null;
  const run = () => {
    setMessage(null);
    retry(id)
      .then(() => setMessage({ tone: 'done', text: `${failed} row${failed === 1 ? '' : 's'} queued again.` }))
      .catch((error: unknown) =>
        setMessage({
          tone: 'error',
          text: error instanceof UserFacingError ? error.message : 'Failed to retry the rows. Please try again.',
        }),
      );
  };
  return (
    <div className="mt-4 flex flex-wrap items-center gap-3">
      {failed > 0 && (
        <Button type="button" busy={retrying} onClick={run}>
          {failed === 1 ? 'Try the failed row again' : `Try the ${failed} failed rows again`}
        </Button>
      )}
      {shown && <Alert tone={shown.tone === 'error' ? 'error' : 'success'}>{shown.text}</Alert>}
    </div>
  );
}

/**
 * A finished batch with results from an earlier version of the analyzer can run again with today's, as a new batch:
 * this one keeps its results (and its downloads) to compare against.
 */
function RerunWithCurrentAnalyzer({ id, older }: { id: string; older: number }) {
  const [rerun, running] = useRerunBatchMutation();
  if (older === 0) return null;
  return (
    <StartBatchNotice className="mt-4" label="Analyse again with the current analyzer" busy={running} start={() => rerun(id)}>
      {older === 1 ? '1 result in this batch was' : `${older} results in this batch were`} made by an earlier version of the analyzer.
      Analysing the batch again makes a new batch with today’s analyzer; this one and its results are kept.
    </StartBatchNotice>
  );
}

export function BatchProgress({ batch }: { batch: BatchProgress_batch$key }) {
  const data = useFragment(
    graphql`
      fragment BatchProgress_batch on Batch {
        id
        batchId
        name
        createdAt
        totalRows
        status
        olderAnalyzerRows
        counts {
          queued
          running
          done
          notFound
          failed
          invalid
        }
      }
    `,
    batch,
  );
  const { counts } = data;
  const settled = counts.done + counts.notFound + counts.failed + counts.invalid;
  const percent = data.totalRows === 0 ? 100 : Math.floor((settled / data.totalRows) * 100);
  const tiles = [
    ['queued', counts.queued],
    ['running', counts.running],
    ['done', counts.done],
    ['not_found', counts.notFound],
    ['failed', counts.failed],
    ['invalid', counts.invalid],
  ] as const;
  return (
    <section aria-label="Progress" className="rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="text-sm text-slate-500 dark:text-slate-400">Started {formatDateTime(data.createdAt)}</p>
          <p className="mt-1 font-medium text-slate-900 dark:text-white">
            {settled} of {data.totalRows} rows finished
          </p>
        </div>
        <BatchStatusBadge status={data.status} />
      </div>
      <div
        role="progressbar"
        aria-label="Rows finished"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="mt-4 h-2 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800"
      >
        <div className="h-full rounded-full bg-brand-600 transition-all dark:bg-brand-400" style={{ width: `${percent}%` }} />
      </div>
      <dl className="mt-5 grid grid-cols-2 gap-4 sm:grid-cols-6">
        {tiles.map(([state, n]) => (
          <div key={state}>
            <dt className="text-xs text-slate-500 dark:text-slate-400">{STATE_LABELS[state]}</dt>
            <dd className="mt-1 text-lg font-semibold text-slate-900 tabular-nums dark:text-white" data-testid={`count-${state}`}>
              {n}
            </dd>
          </div>
        ))}
      </dl>
      <RetryFailedRows id={data.id} failed={counts.failed} />
      {data.status === 'done' && <RerunWithCurrentAnalyzer id={data.id} older={data.olderAnalyzerRows} />}
      <BatchDownloads batchId={data.batchId} name={data.name} finished={data.status === 'done'} />
    </section>
  );
}
