import { useState } from 'react';
import { Button } from './forms';

type Props = {
  hasNext: boolean;
  isLoadingNext: boolean;
  loadNext: (count: number, options: { onComplete: (error: Error | null) => void }) => unknown;
  pageSize: number;
  /** The list's own transition, so the list shows its pending state while the next page loads. */
  startTransition: (load: () => void) => void;
  className?: string;
};

export const LOAD_MORE_FAILED_MESSAGE = 'Failed to load more. Check your connection and try again.';

/**
 * The "Load more" button under a paginated list; nothing once the last page is shown. A page that fails to
 * load says so beside the button, which stays to try again (Relay reports it here, not to the screen).
 */
export function LoadMore({ hasNext, isLoadingNext, loadNext, pageSize, startTransition, className = 'mt-4' }: Props) {
  const [failed, setFailed] = useState(false);
  if (!hasNext) return null;
  const load = () => {
    setFailed(false);
    startTransition(() => void loadNext(pageSize, { onComplete: (error) => setFailed(error !== null) }));
  };
  return (
    <div className={`${className} flex-wrap items-center gap-3`}>
      <Button type="button" variant="secondary" busy={isLoadingNext} onClick={load}>
        Load more
      </Button>
      {failed && (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300">
          {LOAD_MORE_FAILED_MESSAGE}
        </p>
      )}
    </div>
  );
}
