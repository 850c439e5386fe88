import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router';
import type { AnalysisHistoryCard_analysis$key } from '../../__generated__/AnalysisHistoryCard_analysis.graphql';
import { analysisTitle } from '../../../common/analysis-title';
import { AuthorizedImage } from '../../components/analysis/AuthorizedImage';
import { ConfirmDeleteButton } from '../../components/analysis/ConfirmDeleteButton';
import { formatDate } from '../../components/analysis/format';
import { RiskScoreBadge } from '../../components/analysis/RiskBadge';
import { useDeleteAnalysisMutation } from './useDeleteAnalysisMutation';

type Props = { analysis: AnalysisHistoryCard_analysis$key; connectionId: string };

const statusLabels: Record<string, string> = { queued: 'Queued', running: 'Analysing', failed: 'Failed' };

export function AnalysisHistoryCard({ analysis, connectionId }: Props) {
  const data = useFragment(
    graphql`
      fragment AnalysisHistoryCard_analysis on Analysis {
        id
        analysisId
        status
        propertyLocation
        createdAt
        riskScore
        assessable
        results {
          pool {
            present
          }
          spa {
            present
          }
          trees {
            overhanging
          }
          roof {
            condition
          }
          solar {
            present
          }
          powerLines {
            crossingProperty
            proximity
          }
        }
        image {
          url
          filename
        }
      }
    `,
    analysis,
  );
  const [remove, deleting] = useDeleteAnalysisMutation(connectionId);
  const [failed, setFailed] = useState(false);
  const title = analysisTitle(data.propertyLocation, data.image.filename);
  const results = data.results;
  // The same rules as the history filters (analysis contract "Who uses which rule").
  const badges = results
    ? [
        results.pool.present && 'Pool',
        results.spa.present && 'Spa',
        results.trees.overhanging && 'Trees',
        results.roof.condition === 'poor' && 'Poor roof',
        results.solar.present && 'Solar',
        (results.powerLines.crossingProperty || results.powerLines.proximity !== 'none') && 'Power Lines',
      ].filter((badge): badge is string => Boolean(badge))
    : [];
  const href = `/analysis-results/${data.analysisId}`;

  return (
    <article
      aria-label={title}
      data-score={data.riskScore ?? ''}
      className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md dark:border-slate-800 dark:bg-slate-900"
    >
      <Link to={href} tabIndex={-1} aria-hidden="true">
        <AuthorizedImage url={data.image.url} alt="" className="aspect-[4/3] w-full" />
      </Link>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 className="truncate font-semibold text-slate-900 dark:text-white" title={title}>
              <Link to={href} className="hover:underline">
                {title}
              </Link>
            </h3>
            <p className="text-xs text-slate-500 dark:text-slate-400">
              <time dateTime={data.createdAt}>{formatDate(data.createdAt)}</time>
            </p>
          </div>
          {data.status === 'done' ? (
            data.assessable === false ? (
              <span className="shrink-0 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-800 dark:bg-amber-900/40 dark:text-amber-200">
                Not assessable
              </span>
            ) : (
              <RiskScoreBadge score={data.riskScore} className="shrink-0" />
            )
          ) : (
            <span className="shrink-0 rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-600 dark:bg-slate-800 dark:text-slate-300">
              {statusLabels[data.status] ?? data.status}
            </span>
          )}
        </div>
        {badges.length > 0 && (
          <ul className="flex flex-wrap gap-1.5" aria-label="Risk factors found">
            {badges.map((badge) => (
              <li
                key={badge}
                className="rounded-md bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700 dark:bg-brand-950/60 dark:text-brand-300"
              >
                {badge}
              </li>
            ))}
          </ul>
        )}
        <div className="mt-auto flex items-center justify-end pt-1">
          <ConfirmDeleteButton
            subject={`analysis of ${title}`}
            busy={deleting}
            onConfirm={() => {
              setFailed(false);
              remove(data.id).catch((error: unknown) => {
                console.error(error);
                setFailed(true);
              });
            }}
          />
        </div>
        {failed && (
          <p role="alert" className="text-xs text-red-600 dark:text-red-400">
            Failed to delete the analysis
          </p>
        )}
      </div>
    </article>
  );
}
