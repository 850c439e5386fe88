// Exports of the history (issue 10): CSV, JSON and GeoJSON of every analysis the current search, filters and
// sort match — the reviewed values where the owner reviewed one. The server streams the file.
import { useState } from 'react';
import { Alert } from '../../components/Alert';
import { downloadWithToken } from '../../components/download';
import { Button } from '../../components/forms';
import type { HistoryQuery } from './historyQuery';

const FORMATS = [
  { format: 'csv', label: 'Export CSV' },
  { format: 'json', label: 'Export JSON' },
  { format: 'geojson', label: 'Export GeoJSON' },
] as const;

/** GET /aerial/analyses/export with the history's own parameters (q, filters, sort, order). */
export function exportUrl(format: string, query: HistoryQuery): string {
  const params = new URLSearchParams({ format, sort: query.sort, order: query.order });
  if (query.search) params.set('q', query.search);
  if (query.filters.length) params.set('filters', query.filters.join(','));
  return `/aerial/analyses/export?${params.toString()}`;
}

export function HistoryExportButtons({ query }: { query: HistoryQuery }) {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const download = async (format: string) => {
    setBusy(format);
    setError(null);
    try {
      await downloadWithToken(exportUrl(format, query), `aerisk-analyses.${format}`);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Failed to fetch aerial analyses');
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="flex flex-col items-end gap-2">
      <div role="group" aria-label="Export the matching analyses" className="flex flex-wrap gap-2">
        {FORMATS.map(({ format, label }) => (
          <Button key={format} variant="secondary" busy={busy === format} disabled={busy !== null} onClick={() => void download(format)}>
            {label}
          </Button>
        ))}
      </div>
      <p className="text-xs text-slate-500 dark:text-slate-400">
        GeoJSON maps the analyses whose place is known (map searches, photos with GPS); the others are only in CSV and JSON.
      </p>
      {error && <Alert tone="error">{error}</Alert>}
    </div>
  );
}
