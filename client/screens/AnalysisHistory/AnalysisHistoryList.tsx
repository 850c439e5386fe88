import { useEffect, useRef, useState, useTransition } from 'react';
import { graphql, usePaginationFragment } from 'react-relay';
import { Link } from 'react-router';
import type { AnalysisHistoryList_user$key } from '../../__generated__/AnalysisHistoryList_user.graphql';
import AnalysisHistoryListPaginationQueryNode, {
  type AnalysisHistoryListPaginationQuery,
} from '../../__generated__/AnalysisHistoryListPaginationQuery.graphql';
import { Alert } from '../../components/Alert';
import { countLabel } from '../../components/analysis/format';
import { Button, buttonClasses } from '../../components/forms';
import { Spinner } from '../../components/Spinner';
import { AnalysisHistoryCard } from './AnalysisHistoryCard';
import { HistoryControls } from './HistoryControls';
import { HistoryExportButtons } from './HistoryExportButtons';
import { DEFAULT_HISTORY_QUERY, nextSort, toggleFilter, type HistoryQuery } from './historyQuery';
import { LoadMore } from '../../components/LoadMore';
import { useRefetchInPlace } from '../../relay/useRefetchInPlace';

export const HISTORY_PAGE_SIZE = 12;
export const LOAD_FAILED_MESSAGE = 'Failed to load analysis data. Please try again later.';
const SEARCH_DEBOUNCE_MS = 300;

/** The history grid over the server's connection: search, filters and sort are its arguments. */
export function AnalysisHistoryList({ user }: { user: AnalysisHistoryList_user$key }) {
  const { data, hasNext, loadNext, isLoadingNext, refetch } = usePaginationFragment<
    AnalysisHistoryListPaginationQuery,
    AnalysisHistoryList_user$key
  >(
    graphql`
      fragment AnalysisHistoryList_user on User
      @refetchable(queryName: "AnalysisHistoryListPaginationQuery")
      @argumentDefinitions(
        count: { type: "Int", defaultValue: 12 }
        cursor: { type: "String" }
        search: { type: "String" }
        filters: { type: "[AnalysisFilter!]", defaultValue: [] }
        sort: { type: "AnalysisSort", defaultValue: date }
        order: { type: "SortOrder", defaultValue: desc }
      ) {
        id
        analyses(first: $count, after: $cursor, search: $search, filters: $filters, sort: $sort, order: $order)
          @connection(key: "AnalysisHistoryList_analyses") {
          __id
          totalCount
          edges {
            node {
              id
              ...AnalysisHistoryCard_analysis
            }
          }
        }
      }
    `,
    user,
  );
  const [query, setQuery] = useState<HistoryQuery>(DEFAULT_HISTORY_QUERY);
  const [searchText, setSearchText] = useState('');
  const [loadingMore, startTransition] = useTransition();
  // A search, filter or sort that fails to load keeps the cards, the controls and the typed search on screen.
  const reload = useRefetchInPlace<AnalysisHistoryListPaginationQuery>(AnalysisHistoryListPaginationQueryNode, data.id, refetch);
  const pending = loadingMore || reload.pending;
  const searchTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(searchTimer.current), []);

  // The latest query, read by the debounced search when it fires: a filter or sort chosen while the
  // timer ran must not be undone by a search that closed over the query of its keystroke.
  const latest = useRef(query);
  const pendingSearch = useRef<string | null | undefined>(undefined);

  const apply = (change: Partial<HistoryQuery>) => {
    clearTimeout(searchTimer.current);
    // A search typed but not yet sent goes with this change, so one request carries both.
    const search = pendingSearch.current === undefined ? {} : { search: pendingSearch.current };
    pendingSearch.current = undefined;
    const next = { ...latest.current, ...search, ...change };
    latest.current = next;
    setQuery(next);
    // The current cards stay on screen while the new page loads.
    reload.run({ ...next, count: HISTORY_PAGE_SIZE, cursor: null });
  };

  const onSearchText = (text: string) => {
    setSearchText(text);
    clearTimeout(searchTimer.current);
    const search = text.trim() || null;
    pendingSearch.current = search === latest.current.search ? undefined : search;
    if (pendingSearch.current === undefined) return;
    // One request once the user pauses typing, not one per key.
    searchTimer.current = setTimeout(() => apply({}), SEARCH_DEBOUNCE_MS);
  };

  const analyses = data.analyses.edges.flatMap((edge) => (edge?.node ? [edge.node] : []));
  const narrowed = query.search !== null || query.filters.length > 0;

  return (
    <div className="space-y-5">
      <HistoryControls
        query={query}
        searchText={searchText}
        onSearchText={onSearchText}
        onToggleFilter={(filter) => apply({ filters: toggleFilter(latest.current.filters, filter) })}
        onSort={(sort) => apply(nextSort(latest.current, sort))}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
          <p role="status" data-testid="history-count">
            {countLabel(data.analyses.totalCount, 'analysis', 'analyses')}
            {hasNext ? ` (${analyses.length} shown)` : ''}
          </p>
          {pending && <Spinner className="h-4 w-4" />}
        </div>
        {data.analyses.totalCount > 0 && <HistoryExportButtons query={query} />}
      </div>
      {reload.failed && (
        <Alert
          tone="error"
          action={
            <Button type="button" variant="secondary" onClick={reload.retry}>
              Try again
            </Button>
          }
        >
          {LOAD_FAILED_MESSAGE} The cards below are from before this search, filter or sort.
        </Alert>
      )}
      {analyses.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 p-10 text-center dark:border-slate-700">
          {narrowed ? (
            <p className="text-slate-600 dark:text-slate-300">No analyses match your search or filters.</p>
          ) : (
            <>
              <p className="text-slate-600 dark:text-slate-300">You have not analysed any property yet.</p>
              <Link to="/map-analysis" className={`${buttonClasses('primary')} mt-4`}>
                Start an analysis
              </Link>
            </>
          )}
        </div>
      ) : (
        <div className={`grid gap-5 sm:grid-cols-2 lg:grid-cols-3 ${pending ? 'opacity-60' : ''}`} data-testid="history-grid">
          {analyses.map((analysis) => (
            <AnalysisHistoryCard key={analysis.id} analysis={analysis} connectionId={data.analyses.__id} />
          ))}
        </div>
      )}
      <LoadMore
        hasNext={hasNext}
        isLoadingNext={isLoadingNext}
        loadNext={loadNext}
        pageSize={HISTORY_PAGE_SIZE}
        startTransition={startTransition}
        className="flex justify-center"
      />
    </div>
  );
}
