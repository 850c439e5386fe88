// Small text helpers shared by the analysis screens.
import { DETAILS_TRUNCATE } from '../../../common/constants';

/** Cuts `text` at `max` characters (the risk-zone table shows the full text in a tooltip). */
export function truncate(text: string, max: number = DETAILS_TRUNCATE): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** "1 analysis", "2 analyses", "0 analyses". */
export function countLabel(count: number, singular: string, plural: string): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

/** "2 failed analyses and 1 still running": the analyses the figures leave out. */
export function uncounted(failed: number, inProgress: number): string {
  const parts = [
    failed > 0 ? `${countLabel(failed, 'failed analysis', 'failed analyses')} (no result)` : null,
    inProgress > 0 ? `${countLabel(inProgress, 'analysis', 'analyses')} still running` : null,
  ].filter((part): part is string => part !== null);
  return parts.join(' and ');
}

/** Contract vocabulary (`over_structure`, `gable`) as words a person reads ("Over structure", "Gable"). */
export function humanize(value: string): string {
  const words = value.replace(/_/g, ' ').trim();
  return words ? words[0].toUpperCase() + words.slice(1) : words;
}

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return 'Unknown';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'Unknown';
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return 'Unknown';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'Unknown';
  return date.toLocaleDateString(undefined, { dateStyle: 'medium' });
}

export function percent(fraction: number): string {
  return `${Math.round(fraction * 100)}%`;
}
