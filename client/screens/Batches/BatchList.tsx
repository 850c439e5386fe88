import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router';
import type { BatchList_user$key } from '../../__generated__/BatchList_user.graphql';
import { countLabel, formatDateTime } from '../../components/analysis/format';
import { BatchStatusBadge } from './BatchStatusBadge';

export function BatchList({ user }: { user: BatchList_user$key }) {
  const data = useFragment(
    graphql`
      fragment BatchList_user on User @argumentDefinitions(count: { type: "Int", defaultValue: 50 }) {
        batches(first: $count) {
          edges {
            node {
              id
              batchId
              name
              createdAt
              totalRows
              status
              counts {
                done
                notFound
                failed
                invalid
              }
              comparison {
                compared
                bandChanged
                findingsChanged
              }
            }
          }
        }
      }
    `,
    user,
  );
  const batches = data.batches.edges.flatMap((edge) => (edge?.node ? [edge.node] : []));
  return (
    <section
      aria-labelledby="batches-heading"
      className="rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="batches-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        Your batches
      </h2>
      {batches.length === 0 ? (
        <p className="mt-4 text-sm text-slate-500 dark:text-slate-400">No batches yet.</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-100 dark:divide-slate-800">
          {batches.map((batch) => {
            const settled = batch.counts.done + batch.counts.notFound + batch.counts.failed + batch.counts.invalid;
            return (
              <li key={batch.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <Link
                    to={`/batches/${batch.batchId}`}
                    className="font-medium [overflow-wrap:anywhere] text-brand-700 hover:underline dark:text-brand-300"
                  >
                    {batch.name}
                  </Link>
                  <p className="text-xs text-slate-500 dark:text-slate-400">
                    {formatDateTime(batch.createdAt)} · {countLabel(batch.totalRows, 'row', 'rows')} · {settled} finished
                    {batch.comparison && batch.comparison.compared > 0 && (
                      <>
                        {' '}
                        · {countLabel(batch.comparison.bandChanged, 'band changed', 'bands changed')} ·{' '}
                        {countLabel(batch.comparison.findingsChanged, 'row with changed findings', 'rows with changed findings')}
                      </>
                    )}
                  </p>
                </div>
                <BatchStatusBadge status={batch.status} />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
