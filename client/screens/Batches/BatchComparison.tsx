import { graphql, useFragment } from 'react-relay';
import type { BatchComparison_batch$key } from '../../__generated__/BatchComparison_batch.graphql';
import { findingFilterOptions, findingLabel, findingTransition } from './BatchRowsTable';

const rows = (n: number) => `${n} row${n === 1 ? '' : 's'}`;

/**
 * How the batch's new scores compare with its rows' earlier results (decision 025): a batch analysed again with
 * the current analyzer, or a batch of images analysed before. What an underwriter re-running a book asks first:
 * which properties changed band. Nothing is shown when no row has an earlier result.
 */
export function BatchComparison({
  batch,
  onShowRows,
}: {
  batch: BatchComparison_batch$key;
  /** Shows the rows a finding's change picks (a value of the rows' Show list). */
  onShowRows: (filter: string) => void;
}) {
  const data = useFragment(
    graphql`
      fragment BatchComparison_batch on Batch {
        status
        comparison {
          withEarlier
          compared
          bandChanged
          higher
          lower
          findingsChanged
        }
        findingsChangedBy {
          field
          rows
          changes {
            before
            after
            rows
          }
        }
      }
    `,
    batch,
  );
  const c = data.comparison;
  if (!c) return null;
  const same = c.compared - c.higher - c.lower;
  const running = data.status === 'running';
  return (
    <section
      aria-labelledby="comparison-heading"
      className="rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="comparison-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        Compared with the earlier results
      </h2>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
        {rows(c.withEarlier)} {c.withEarlier === 1 ? 'has' : 'have'} an earlier result; {c.compared} of them{' '}
        {c.compared === 1 ? 'has' : 'have'} a score both times{running ? ' so far' : ''}.
        {c.compared > 0 &&
          ' Choose “Band changed”, “Findings changed”, “Scored higher”, “Scored lower” or one finding under Rows to see those properties, and download them.'}
      </p>
      <dl className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-5">
        {(
          [
            ['Band changed', c.bandChanged, 'band-changed'],
            ['Findings changed', c.findingsChanged, 'findings-changed'],
            ['Scored higher', c.higher, 'higher'],
            ['Scored lower', c.lower, 'lower'],
            ['Same score', same, 'same'],
          ] as const
        ).map(([label, n, id]) => (
          <div key={id}>
            <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
            <dd className="mt-1 text-lg font-semibold text-slate-900 tabular-nums dark:text-white" data-testid={`comparison-${id}`}>
              {n}
            </dd>
          </div>
        ))}
      </dl>
      {data.findingsChangedBy && data.findingsChangedBy.length > 0 && (
        <div className="mt-4 text-sm text-slate-600 dark:text-slate-300">
          <p id="findings-by-heading">Findings that changed, and which way:</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5" aria-labelledby="findings-by-heading" data-testid="comparison-findings-by">
            {data.findingsChangedBy.map((f) => {
              const changes = f.changes.map((c) => ({ before: c.before, after: c.after, rows: c.rows }));
              // The same values as the Show list's choices: every way first, then each way when there are several.
              const [[anyWay], ...ways] = findingFilterOptions({ field: f.field, rows: f.rows, changes });
              const label = findingLabel(f.field);
              return (
                <li key={f.field}>
                  <span className="font-medium text-slate-900 dark:text-white">{label}</span> on {rows(f.rows)}:{' '}
                  {changes.map((c, i) => {
                    const way = findingTransition(c);
                    return (
                      <span key={`${c.before}→${c.after}`}>
                        {i > 0 && ', '}
                        <button
                          type="button"
                          className="text-brand-700 underline underline-offset-2 hover:no-underline dark:text-brand-300"
                          onClick={() => onShowRows(ways.length ? ways[i][0] : anyWay)}
                        >
                          {changes.length === 1 ? way : `${way} on ${c.rows}`}
                        </button>
                      </span>
                    );
                  })}
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </section>
  );
}
