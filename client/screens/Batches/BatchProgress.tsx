import { graphql, useFragment } from 'react-relay';
import type { BatchProgress_batch$key } from '../../__generated__/BatchProgress_batch.graphql';
import { formatDateTime } from '../../components/analysis/format';
import { BatchStatusBadge, STATE_LABELS } from './BatchStatusBadge';
import { BatchDownloads } from './BatchDownloads';

export function BatchProgress({ batch }: { batch: BatchProgress_batch$key }) {
  const data = useFragment(
    graphql`
      fragment BatchProgress_batch on Batch {
        batchId
        name
        createdAt
        totalRows
        status
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
      <BatchDownloads batchId={data.batchId} name={data.name} finished={data.status === 'done'} />
    </section>
  );
}
