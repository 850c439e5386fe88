const styles: Record<string, string> = {
  running: 'bg-sky-50 text-sky-700 dark:bg-sky-950/60 dark:text-sky-300',
  done: 'bg-emerald-50 text-emerald-700 dark:bg-emerald-950/60 dark:text-emerald-300',
  queued: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
  not_found: 'bg-amber-50 text-amber-800 dark:bg-amber-950/60 dark:text-amber-300',
  failed: 'bg-red-50 text-red-700 dark:bg-red-950/60 dark:text-red-300',
  invalid: 'bg-red-50 text-red-700 dark:bg-red-950/60 dark:text-red-300',
};

export const STATE_LABELS: Record<string, string> = {
  queued: 'Queued',
  running: 'Running',
  done: 'Done',
  not_found: 'Not found',
  failed: 'Failed',
  invalid: 'Invalid row',
};

/** A batch's (running, done) or a row's (queued … invalid) state as a coloured label. */
export function BatchStatusBadge({ status }: { status: string }) {
  return (
    <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ${styles[status] ?? styles.queued}`}>
      {STATE_LABELS[status] ?? status}
    </span>
  );
}
