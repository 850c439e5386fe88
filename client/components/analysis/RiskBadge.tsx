import type { RiskBand } from '../../../common/constants';
import { bandBadgeClasses, bandLabels, scoreBand } from './riskBand';

/** A score with its band colour; `null` (not assessable, or not finished) shows as such. */
export function RiskScoreBadge({ score, className = '' }: { score: number | null | undefined; className?: string }) {
  if (score == null) {
    return (
      <span
        className={`inline-flex items-center rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-600 ring-1 ring-slate-500/20 ring-inset dark:bg-slate-800 dark:text-slate-300 ${className}`}
      >
        No score
      </span>
    );
  }
  const band = scoreBand(score);
  return (
    <span
      data-band={band}
      className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${bandBadgeClasses[band]} ${className}`}
    >
      <span className="tabular-nums">{score}</span>
      <span>· {bandLabels[band]} risk</span>
    </span>
  );
}

/** A manual risk level (low, medium, high) in the band colours. */
export function RiskLevelBadge({ level }: { level: RiskBand }) {
  return (
    <span
      data-band={level}
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${bandBadgeClasses[level]}`}
    >
      {bandLabels[level]}
    </span>
  );
}
