// The risk score bands of spec §4 with their colours: below 34 Low (green), 34–66 Medium (yellow),
// 67 and above High (red).
import { bandFor, type RiskBand } from '../../../common/constants';

export const bandLabels: Record<RiskBand, string> = { low: 'Low', medium: 'Medium', high: 'High' };

/** Badge colours per band (and per manual risk level, which uses the same three words). */
export const bandBadgeClasses: Record<RiskBand, string> = {
  low: 'bg-green-100 text-green-800 ring-green-600/20 dark:bg-green-900/40 dark:text-green-200 dark:ring-green-400/30',
  medium: 'bg-yellow-100 text-yellow-800 ring-yellow-600/20 dark:bg-yellow-900/40 dark:text-yellow-200 dark:ring-yellow-400/30',
  high: 'bg-red-100 text-red-800 ring-red-600/20 dark:bg-red-900/40 dark:text-red-200 dark:ring-red-400/30',
};

export const bandTextClasses: Record<RiskBand, string> = {
  low: 'text-green-600 dark:text-green-400',
  medium: 'text-yellow-600 dark:text-yellow-400',
  high: 'text-red-600 dark:text-red-400',
};

/** The band of a score: the shared rule of common/constants.ts, under the name the screens use. */
export { bandFor as scoreBand };
