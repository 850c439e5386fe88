import { useCallback, useEffect, useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { AnalysisLiveProgress_analysis$key } from '../../__generated__/AnalysisLiveProgress_analysis.graphql';
import { Spinner } from '../../components/Spinner';
import { useAnalysisUpdatesSubscription } from './useAnalysisUpdatesSubscription';

/** When the stream cannot be held open (a proxy that buffers SSE, say), the screen asks this often instead. */
const POLL_INTERVAL_MS = 2000;

type Props = {
  analysis: AnalysisLiveProgress_analysis$key;
  /** Fetches the screen's query again (the fallback when live updates fail). */
  refresh: () => void;
};

/** A queued or running analysis: its progress, live from the subscription. */
export function AnalysisLiveProgress({ analysis, refresh }: Props) {
  const data = useFragment(
    graphql`
      fragment AnalysisLiveProgress_analysis on Analysis {
        id
        status
        progress
      }
    `,
    analysis,
  );
  const [streamFailed, setStreamFailed] = useState(false);
  const onError = useCallback((error: Error) => {
    console.error(error);
    setStreamFailed(true);
  }, []);
  useAnalysisUpdatesSubscription(data.id, onError);

  useEffect(() => {
    if (!streamFailed) return;
    const timer = setInterval(refresh, POLL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [streamFailed, refresh]);

  const label = data.status === 'queued' ? 'Waiting to start…' : 'Analyzing image…';
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900">
      <div className="flex items-center justify-between text-sm font-medium text-slate-700 dark:text-slate-200">
        <span className="inline-flex items-center gap-2">
          <Spinner className="h-4 w-4" />
          {label}
        </span>
        <span className="tabular-nums">{data.progress}%</span>
      </div>
      <div
        role="progressbar"
        aria-label="Analysis progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={data.progress}
        className="mt-3 h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width] duration-300" style={{ width: `${data.progress}%` }} />
      </div>
      <p className="mt-3 text-sm text-slate-500 dark:text-slate-400">The results appear here as soon as the analysis finishes.</p>
    </div>
  );
}
