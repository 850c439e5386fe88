import type { AnalysisSort } from '../../__generated__/AnalysisHistoryListPaginationQuery.graphql';
import { TextField } from '../../components/forms';
import { describeSort, FILTERS, type HistoryQuery } from './historyQuery';

type Props = {
  query: HistoryQuery;
  searchText: string;
  onSearchText: (text: string) => void;
  onToggleFilter: (filter: HistoryQuery['filters'][number]) => void;
  onSort: (sort: AnalysisSort) => void;
};

const toggleClasses = (on: boolean) =>
  `inline-flex items-center gap-1 rounded-full px-3 py-1.5 text-sm font-medium ring-1 ring-inset transition ${
    on
      ? 'bg-brand-600 text-white ring-brand-600 dark:bg-brand-500 dark:ring-brand-500'
      : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50 dark:bg-slate-900 dark:text-slate-200 dark:ring-slate-700 dark:hover:bg-slate-800'
  }`;

const sorts: { value: AnalysisSort; label: string }[] = [
  { value: 'date', label: 'Date' },
  { value: 'risk_score', label: 'Risk score' },
];

export function HistoryControls({ query, searchText, onSearchText, onToggleFilter, onSort }: Props) {
  return (
    <div className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
      <TextField
        label="Search analyses"
        type="search"
        placeholder="Location, file name, features, roof, risks…"
        value={searchText}
        onChange={(event) => onSearchText(event.target.value)}
      />
      <div className="flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between">
        <div role="group" aria-label="Filter by risk factor" className="flex flex-wrap gap-2">
          {FILTERS.map(({ value, label, description }) => {
            const on = query.filters.includes(value);
            return (
              <button
                key={value}
                type="button"
                aria-pressed={on}
                title={description}
                className={toggleClasses(on)}
                onClick={() => onToggleFilter(value)}
              >
                {label}
              </button>
            );
          })}
        </div>
        <div className="flex items-center gap-2">
          <div role="group" aria-label="Sort by" className="flex gap-2">
            {sorts.map(({ value, label }) => {
              const active = query.sort === value;
              return (
                <button key={value} type="button" aria-pressed={active} className={toggleClasses(active)} onClick={() => onSort(value)}>
                  {label}
                  {active && <span aria-hidden="true">{query.order === 'desc' ? '↓' : '↑'}</span>}
                </button>
              );
            })}
          </div>
          <span className="text-sm text-slate-500 dark:text-slate-400" data-testid="sort-description">
            {describeSort(query)}
          </span>
        </div>
      </div>
    </div>
  );
}
