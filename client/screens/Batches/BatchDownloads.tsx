import { useState } from 'react';
import { getAuthToken } from '../../auth/session';
import { Button } from '../../components/forms';

/** The REST results download needs the bearer token, which a plain link cannot send: fetched, then saved. */
async function download(batchId: string, format: 'csv' | 'json', name: string): Promise<void> {
  const token = await getAuthToken();
  const res = await fetch(`/aerial/batches/${batchId}/results?format=${format}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) throw new Error(`results answered ${res.status}`);
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `${name.replace(/[^\w.-]+/g, '-').replace(/\.csv$/i, '')}-results.${format}`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function BatchDownloads({ batchId, name, finished }: { batchId: string; name: string; finished: boolean }) {
  const [busy, setBusy] = useState<'csv' | 'json' | null>(null);
  const [failed, setFailed] = useState(false);
  const get = (format: 'csv' | 'json') => {
    setBusy(format);
    setFailed(false);
    download(batchId, format, name)
      .catch((error: unknown) => {
        console.error(error);
        setFailed(true);
      })
      .finally(() => setBusy(null));
  };
  return (
    <div className="mt-6 flex flex-wrap items-center gap-3">
      <Button type="button" variant="secondary" busy={busy === 'csv'} onClick={() => get('csv')}>
        Download CSV
      </Button>
      <Button type="button" variant="secondary" busy={busy === 'json'} onClick={() => get('json')}>
        Download JSON
      </Button>
      <span className="text-xs text-slate-500 dark:text-slate-400">
        {finished ? 'Every row, with its reference, score, band and every feature.' : 'Rows still running download as they are now.'}
      </span>
      {failed && (
        <p role="alert" className="w-full text-sm text-red-600 dark:text-red-400">
          Failed to download the results. Please try again.
        </p>
      )}
    </div>
  );
}
