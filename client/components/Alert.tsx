import type { ReactNode } from 'react';

const tones = {
  error: 'border-red-200 bg-red-50 text-red-800 dark:border-red-900/60 dark:bg-red-950/50 dark:text-red-200',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-800 dark:border-emerald-900/60 dark:bg-emerald-950/50 dark:text-emerald-200',
  info: 'border-sky-200 bg-sky-50 text-sky-800 dark:border-sky-900/60 dark:bg-sky-950/50 dark:text-sky-200',
  warning: 'border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-900/60 dark:bg-amber-950/40 dark:text-amber-200',
} as const;

/**
 * Errors use role=alert so screen readers announce them; other messages are polite status updates. `action` (a
 * "Try again", an "Analyse this image again") sits beside the message, below it on a narrow screen.
 */
export function Alert({ tone, children, action }: { tone: keyof typeof tones; children: ReactNode; action?: ReactNode }) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`rounded-lg border px-4 py-3 text-sm ${tones[tone]}`}>
      {action ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <span>{children}</span>
          {action}
        </div>
      ) : (
        children
      )}
    </div>
  );
}
