import { useEffect, useRef, useTransition } from 'react';
import { graphql, useFragment, usePaginationFragment } from 'react-relay';
import { Link } from 'react-router';
import type { BatchRowState, BatchRowsTable_batch$key } from '../../__generated__/BatchRowsTable_batch.graphql';
import type { BatchRowsTable_findings$key } from '../../__generated__/BatchRowsTable_findings.graphql';
import type { ComparedFinding, FindingChangeFilter, ScoreMove } from '../../__generated__/BatchRowsTablePaginationQuery.graphql';
import BatchRowsTablePaginationQueryNode, {
  type BatchRowsTablePaginationQuery,
} from '../../__generated__/BatchRowsTablePaginationQuery.graphql';
import { BatchDownloads, type RowsChoice } from './BatchDownloads';
import { BatchStatusBadge, STATE_LABELS } from './BatchStatusBadge';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/forms';
import { LoadMore } from '../../components/LoadMore';
import { humanize } from '../../components/analysis/format';
import { bandLabels, scoreBand } from '../../components/analysis/riskBand';
import { useRefetchInPlace } from '../../relay/useRefetchInPlace';

export const BATCH_ROWS_PAGE_SIZE = 50;
const FILTERS: (BatchRowState | null)[] = [null, 'queued', 'running', 'done', 'not_found', 'failed', 'invalid'];
/** The filter's values for rows whose risk band, or some finding, differs from their earlier result's. */
const BAND_CHANGED = 'band_changed';
const FINDINGS_CHANGED = 'findings_changed';
/** …and whose score rose or fell. */
const SCORED_HIGHER = 'scored_higher';
const SCORED_LOWER = 'scored_lower';
const SCORE_MOVED: Record<string, ScoreMove> = { [SCORED_HIGHER]: 'higher', [SCORED_LOWER]: 'lower' };
const EMPTY_FILTER: Record<string, string> = {
  [BAND_CHANGED]: 'No row changed band.',
  [FINDINGS_CHANGED]: 'No row’s findings changed.',
  [SCORED_HIGHER]: 'No row scored higher.',
  [SCORED_LOWER]: 'No row scored lower.',
};

type Row = {
  readonly analysis: { readonly riskScore: number | null | undefined } | null | undefined;
  readonly state: BatchRowState;
  readonly earlierResult: { readonly analysisId: string; readonly riskScore: number | null | undefined } | null | undefined;
  readonly changedFindings: readonly FindingChange[] | null | undefined;
};
type FindingChange = { readonly field: string; readonly before: string; readonly after: string };

/** The findings' names as the results screen words them (the server names them by their results column). */
export const FINDING_LABELS: Record<string, string> = {
  pool: 'Pool',
  pool_condition: 'Pool condition',
  spa: 'Spa',
  trees_overhanging: 'Trees over the roof',
  trees_proximity: 'Trees',
  roof_style: 'Roof style',
  roof_condition: 'Roof condition',
  solar: 'Solar panels',
  power_lines_crossing: 'Power lines crossing',
  power_lines_proximity: 'Power lines',
  property_condition: 'Property condition',
};

/** One changed finding in words: "Roof condition: Good → Poor", "Pool: No → Yes", "Power lines: None → Over structure". */
export function findingChange(change: FindingChange): string {
  return `${findingLabel(change.field)}: ${findingTransition(change)}`;
}

/** A finding's name as the results screen words it. */
export const findingLabel = (field: string) => FINDING_LABELS[field] ?? humanize(field);

/** How one finding's value moved, as words: "Good → Poor", "No → Yes" ("—" for none). */
export function findingTransition({ before, after }: { readonly before: string; readonly after: string }): string {
  const value = (v: string) => (v === 'true' ? 'Yes' : v === 'false' ? 'No' : v === '' ? '—' : humanize(v));
  return `${value(before)} → ${value(after)}`;
}

/** The filter value of one finding's change (every way when `way` is absent), read back by `findingFilterOf`. */
const FINDING_FILTER = 'finding:';
type FindingFilter = { field: string; before?: string; after?: string };
const findingFilterValue = (filter: FindingFilter) => FINDING_FILTER + JSON.stringify(filter);

/** The rows query's filter arguments for a Show value. */
function rowsFilterVariables(value: string) {
  const bandChanged = value === BAND_CHANGED;
  const findingsChanged = value === FINDINGS_CHANGED;
  const findingChange = findingFilterOf(value);
  const scoreMoved = SCORE_MOVED[value] ?? null;
  const state = (bandChanged || findingsChanged || findingChange || scoreMoved ? null : value || null) as BatchRowState | null;
  return { state, bandChanged: bandChanged || null, findingsChanged: findingsChanged || null, findingChange, scoreMoved };
}

/** A finding filter's words without its count: "Roof condition: Good → Poor", "Pool, any way". */
function findingFilterLabel({ field, before, after }: FindingChangeFilter): string {
  if (typeof before === 'string' && typeof after === 'string') return `${findingLabel(field)}: ${findingTransition({ before, after })}`;
  return `${findingLabel(field)}, any way`;
}

/**
 * The results download's query for a Show choice (REST `state`, `band_changed`, `findings_changed`, `changed_finding`
 * with `changed_from` / `changed_to`) and a word for the file's name; null for every row.
 */
export function rowsChoiceOf(value: string): RowsChoice | null {
  // Read from the rows query's arguments, so the download keeps exactly the rows the table shows.
  const { state, bandChanged, findingsChanged, scoreMoved, findingChange } = rowsFilterVariables(value);
  if (bandChanged) return { query: 'band_changed=true', slug: 'band-changed' };
  if (findingsChanged) return { query: 'findings_changed=true', slug: 'findings-changed' };
  if (scoreMoved) return { query: `score_moved=${scoreMoved}`, slug: `scored-${scoreMoved}` };
  if (state) return { query: new URLSearchParams({ state }).toString(), slug: state };
  if (!findingChange) return null;
  const { field, before, after } = findingChange;
  const query = new URLSearchParams({ changed_finding: field });
  if (typeof before === 'string') query.set('changed_from', before);
  if (typeof after === 'string') query.set('changed_to', after);
  const way = typeof before === 'string' && typeof after === 'string' ? `-${before || 'unset'}-to-${after || 'unset'}` : '';
  return { query: query.toString(), slug: `${field}${way}` };
}

/** The finding change a filter value asks for, or null for the other filters. */
export function findingFilterOf(value: string): FindingChangeFilter | null {
  if (!value.startsWith(FINDING_FILTER)) return null;
  const { field, before, after } = JSON.parse(value.slice(FINDING_FILTER.length)) as FindingFilter;
  return { field: field as ComparedFinding, before: before ?? null, after: after ?? null };
}

type FindingCount = { field: string; rows: number; changes: { before: string; after: string; rows: number }[] };

/**
 * The rows filter's choices for one finding that changed across the batch (decision 026): every way it changed, then
 * each way alone when there are several ("Roof condition, any way (12)", "Roof condition: Good → Poor (9)", …); a
 * finding that changed one way only is one choice.
 */
export function findingFilterOptions(count: FindingCount): [value: string, label: string][] {
  const option = (filter: FindingFilter, rows: number): [string, string] => [
    findingFilterValue(filter),
    `${findingFilterLabel({ field: filter.field as ComparedFinding, before: filter.before ?? null, after: filter.after ?? null })} (${rows})`,
  ];
  const ways = count.changes.map((c) => option({ field: count.field, before: c.before, after: c.after }, c.rows));
  if (ways.length === 1) return [[findingFilterValue({ field: count.field }), ways[0][1]]];
  return [option({ field: count.field }, count.rows), ...ways];
}

/**
 * How a new score differs from the earlier one: "Medium → Low" when the band moved, else "+5", "−3" or "Same score";
 * null when either has no score.
 */
export function scoreChange(before: number | null | undefined, now: number | null | undefined): string | null {
  if (before == null || now == null) return null;
  if (scoreBand(before) !== scoreBand(now)) return `${bandLabels[scoreBand(before)]} → ${bandLabels[scoreBand(now)]}`;
  return now === before ? 'Same score' : `${now > before ? '+' : '−'}${Math.abs(now - before)}`;
}

/** The row's earlier score, linked to its analysis, and how the new one differs. */
function EarlierScore({ row }: { row: Row }) {
  const earlier = row.earlierResult;
  if (!earlier) return <>—</>;
  const before = earlier.riskScore;
  const change = scoreChange(before, row.state === 'done' ? row.analysis?.riskScore : null);
  return (
    <>
      <Link to={`/analysis-results/${earlier.analysisId}`} className="font-medium text-brand-700 hover:underline dark:text-brand-300">
        {before ?? 'n/a'}
      </Link>
      {change && <p className="mt-1 text-xs whitespace-nowrap text-slate-600 dark:text-slate-400">{change}</p>}
      {row.changedFindings && row.changedFindings.length > 0 && (
        <ul className="mt-1 space-y-0.5 text-xs text-slate-600 dark:text-slate-400" aria-label="Changed findings">
          {row.changedFindings.map((c) => (
            <li key={c.field}>{findingChange(c)}</li>
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * A batch's rows, a page at a time, with the Show filter. The filter's value (`filter`, one of the Show list's values)
 * is held by the screen, so the comparison above can choose it too ("Good → Poor on 9" shows those rows).
 */
export function BatchRowsTable({
  batch,
  findings,
  filter,
  onFilter,
}: {
  batch: BatchRowsTable_batch$key;
  /** The per-finding counts, read with the screen (not with each page of rows: counting them costs a query). */
  findings: BatchRowsTable_findings$key;
  filter: string;
  onFilter: (filter: string) => void;
}) {
  const { findingsChangedBy } = useFragment(
    graphql`
      fragment BatchRowsTable_findings on Batch {
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
    findings,
  );
  const { data, hasNext, loadNext, isLoadingNext, refetch } = usePaginationFragment(
    graphql`
      fragment BatchRowsTable_batch on Batch
      @refetchable(queryName: "BatchRowsTablePaginationQuery")
      @argumentDefinitions(
        count: { type: "Int", defaultValue: 50 }
        cursor: { type: "String" }
        state: { type: "BatchRowState" }
        bandChanged: { type: "Boolean" }
        findingsChanged: { type: "Boolean" }
        findingChange: { type: "FindingChangeFilter" }
        scoreMoved: { type: "ScoreMove" }
      ) {
        id
        batchId
        name
        comparison {
          __typename
        }
        rows(
          first: $count
          after: $cursor
          state: $state
          bandChanged: $bandChanged
          findingsChanged: $findingsChanged
          findingChange: $findingChange
          scoreMoved: $scoreMoved
        ) @connection(key: "BatchRowsTable_rows", filters: ["state", "bandChanged", "findingsChanged", "findingChange", "scoreMoved"]) {
          edges {
            node {
              rowNumber
              referenceId
              address
              fileName
              latitude
              longitude
              state
              reason
              analysis {
                analysisId
                riskScore
              }
              earlierResult {
                analysisId
                riskScore
              }
              changedFindings {
                field
                before
                after
              }
            }
          }
        }
      }
    `,
    batch,
  );
  const [loadingMore, startTransition] = useTransition();
  // A filter that fails to load keeps the rows on screen and says so, with a retry.
  const reload = useRefetchInPlace<BatchRowsTablePaginationQuery>(BatchRowsTablePaginationQueryNode, data.id, refetch);
  // The rows on screen are those of `shown`; a new choice fetches its rows.
  const shown = useRef(filter);
  const run = reload.run;
  useEffect(() => {
    if (shown.current === filter) return;
    shown.current = filter;
    run({ ...rowsFilterVariables(filter), count: BATCH_ROWS_PAGE_SIZE, cursor: null });
  }, [filter, run]);
  const pending = loadingMore || reload.pending;
  const rows = data.rows.edges.flatMap((edge) => (edge?.node ? [edge.node] : []));
  const compared = data.comparison !== null && data.comparison !== undefined;
  const findingOptions = (findingsChangedBy ?? []).flatMap((f) =>
    findingFilterOptions({
      field: f.field,
      rows: f.rows,
      changes: f.changes.map((c) => ({ before: c.before, after: c.after, rows: c.rows })),
    }),
  );
  const choice = rowsChoiceOf(filter);
  // The rows on screen keep their choice in the list even when the counts are gone (a retry runs the batch again).
  const chosen = findingFilterOf(filter);
  if (chosen && !findingOptions.some(([value]) => value === filter)) findingOptions.push([filter, findingFilterLabel(chosen)]);
  return (
    <section
      aria-labelledby="rows-heading"
      className="rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="rows-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
          Rows
        </h2>
        <label className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
          Show
          <select
            id="rows-filter"
            className="rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-700 dark:bg-slate-900"
            value={filter}
            onChange={(e) => onFilter(e.target.value)}
          >
            {FILTERS.map((state) => (
              <option key={state ?? 'all'} value={state ?? ''}>
                {state ? STATE_LABELS[state] : 'All rows'}
              </option>
            ))}
            {compared && <option value={BAND_CHANGED}>Band changed</option>}
            {compared && <option value={FINDINGS_CHANGED}>Findings changed</option>}
            {compared && <option value={SCORED_HIGHER}>Scored higher</option>}
            {compared && <option value={SCORED_LOWER}>Scored lower</option>}
            {findingOptions.length > 0 && (
              <optgroup label="One finding changed">
                {findingOptions.map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </optgroup>
            )}
          </select>
        </label>
      </div>
      {/* Only once the choice's own rows are on screen (a choice loading, or failed to load, shows the one before). */}
      {choice && rows.length > 0 && !reload.pending && !reload.failed && (
        <BatchDownloads key={filter} batchId={data.batchId} name={data.name} rows={choice} />
      )}
      {reload.failed && (
        <div className="mt-4">
          <Alert
            tone="error"
            action={
              <Button type="button" variant="secondary" onClick={reload.retry}>
                Try again
              </Button>
            }
          >
            Failed to load the rows. The rows below are from before this choice.
          </Alert>
        </div>
      )}
      <div className={`mt-4 overflow-x-auto ${pending ? 'opacity-60' : ''}`}>
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-200 text-xs tracking-wide text-slate-500 uppercase dark:border-slate-800 dark:text-slate-400">
            <tr>
              <th scope="col" className="py-2 pr-4 font-medium">
                Row
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                Reference
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                Property
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                Status
              </th>
              <th scope="col" className={`py-2 font-medium ${compared ? 'pr-4' : ''}`}>
                Score
              </th>
              {compared && (
                <th scope="col" className="py-2 font-medium">
                  Earlier
                </th>
              )}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {rows.map((row) => (
              <tr key={row.rowNumber} className="align-top">
                <td className="py-2 pr-4 text-slate-500 tabular-nums dark:text-slate-400">{row.rowNumber}</td>
                <td className="py-2 pr-4 [overflow-wrap:anywhere] text-slate-900 dark:text-white">{row.referenceId ?? '—'}</td>
                <td className="py-2 pr-4 [overflow-wrap:anywhere] text-slate-700 dark:text-slate-300">
                  {row.address ??
                    row.fileName ??
                    (row.latitude !== null && row.longitude !== null ? `${row.latitude}, ${row.longitude}` : '—')}
                </td>
                <td className="py-2 pr-4">
                  <BatchStatusBadge status={row.state} />
                  {row.reason && <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">{row.reason}</p>}
                </td>
                <td className={`py-2 tabular-nums ${compared ? 'pr-4' : ''}`}>
                  {row.analysis && row.state === 'done' ? (
                    <Link
                      to={`/analysis-results/${row.analysis.analysisId}`}
                      className="font-medium text-brand-700 hover:underline dark:text-brand-300"
                    >
                      {row.analysis.riskScore ?? 'n/a'}
                    </Link>
                  ) : (
                    '—'
                  )}
                </td>
                {compared && (
                  <td className="py-2 tabular-nums">
                    <EarlierScore row={row} />
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
        {rows.length === 0 && (
          <p className="mt-4 text-sm text-slate-500 dark:text-slate-400">
            {EMPTY_FILTER[filter] ?? (findingFilterOf(filter) ? 'No row’s finding changed that way.' : 'No rows in this state.')}
          </p>
        )}
      </div>
      <LoadMore
        hasNext={hasNext}
        isLoadingNext={isLoadingNext}
        loadNext={loadNext}
        pageSize={BATCH_ROWS_PAGE_SIZE}
        startTransition={startTransition}
      />
    </section>
  );
}
