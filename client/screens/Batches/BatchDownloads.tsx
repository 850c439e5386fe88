import { useState } from 'react';
import { getAuthToken } from '../../auth/session';
import { Button } from '../../components/forms';

/** Which rows a download keeps: the results' query (`state=failed`, `changed_finding=pool`, …) and a word for its file name. */
export interface RowsChoice {
  query: string;
  slug: string;
}

/**
 * The REST results download needs the bearer token, which a plain link cannot send: fetched, then saved. Every row,
 * or the rows of one choice of the rows' Show list.
 */
async function download(batchId: string, format: 'csv' | 'json', name: string, rows?: RowsChoice): Promise<void> {
  const token = await getAuthToken();
  const res = await fetch(`/aerial/batches/${batchId}/results?format=${format}${rows ? `&${rows.query}` : ''}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) throw new Error(`results answered ${res.status}`);
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  const file = (part: string) => part.replace(/[^\w.-]+/g, '-');
  link.download = `${file(name).replace(/\.csv$/i, '')}-results${rows ? `-${file(rows.slug)}` : ''}.${format}`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function BatchDownloads({
  batchId,
  name,
  finished,
  rows,
}: {
  batchId: string;
  name: string;
  /** Whether no row waits or runs (said beside the buttons for every row). */
  finished?: boolean;
  /** Only these rows (the rows' Show choice), with buttons that say so. */
  rows?: RowsChoice;
}) {
  const [busy, setBusy] = useState<'csv' | 'json' | null>(null);
  const [failed, setFailed] = useState(false);
  const get = (format: 'csv' | 'json') => {
    setBusy(format);
    setFailed(false);
    download(batchId, format, name, rows)
      .catch((error: unknown) => {
        console.error(error);
        setFailed(true);
      })
      .finally(() => setBusy(null));
  };
  return (
    <div className="mt-6 flex flex-wrap items-center gap-3">
      <Button type="button" variant="secondary" busy={busy === 'csv'} onClick={() => get('csv')}>
        {rows ? 'Download these rows (CSV)' : 'Download CSV'}
      </Button>
      <Button type="button" variant="secondary" busy={busy === 'json'} onClick={() => get('json')}>
        {rows ? 'Download these rows (JSON)' : 'Download JSON'}
      </Button>
      <span className="text-xs text-slate-500 dark:text-slate-400">
        {rows
          ? 'Every row of this choice as it is now (not only this page), with every column.'
          : finished
            ? 'Every row, with its reference, score, band and every feature.'
            : 'Rows still running download as they are now.'}
      </span>
      {failed && (
        <p role="alert" className="w-full text-sm text-red-600 dark:text-red-400">
          Failed to download the results. Please try again.
        </p>
      )}
    </div>
  );
}
