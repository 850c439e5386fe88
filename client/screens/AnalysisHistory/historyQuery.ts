// The history list's search, filters and sort: the variables of its connection (spec §9).
import type { AnalysisFilter, AnalysisSort, SortOrder } from '../../__generated__/AnalysisHistoryListPaginationQuery.graphql';

export type HistoryQuery = { search: string | null; filters: AnalysisFilter[]; sort: AnalysisSort; order: SortOrder };

export const DEFAULT_HISTORY_QUERY: HistoryQuery = { search: null, filters: [], sort: 'date', order: 'desc' };

export const FILTERS: { value: AnalysisFilter; label: string; description: string }[] = [
  { value: 'pool', label: 'Pool', description: 'A pool was found' },
  { value: 'spa', label: 'Spa', description: 'A spa or hot tub was found' },
  { value: 'trees', label: 'Trees', description: 'Trees overhang the roof' },
  { value: 'roof', label: 'Roof (poor)', description: 'The roof is in poor condition' },
  { value: 'solar', label: 'Solar', description: 'Solar panels were found' },
  { value: 'power_lines', label: 'Power Lines', description: 'Power lines cross or run near the property' },
];

/** Clicking the active sort reverses it; another sort starts descending. */
export function nextSort(current: HistoryQuery, sort: AnalysisSort): Pick<HistoryQuery, 'sort' | 'order'> {
  if (current.sort === sort) return { sort, order: current.order === 'desc' ? 'asc' : 'desc' };
  return { sort, order: 'desc' };
}

export function toggleFilter(filters: readonly AnalysisFilter[], filter: AnalysisFilter): AnalysisFilter[] {
  return filters.includes(filter) ? filters.filter((value) => value !== filter) : [...filters, filter];
}

export function describeSort({ sort, order }: Pick<HistoryQuery, 'sort' | 'order'>): string {
  if (sort === 'date') return order === 'desc' ? 'Newest first' : 'Oldest first';
  return order === 'desc' ? 'Highest risk first' : 'Lowest risk first';
}
