import { Button } from './forms';

type Props = {
  hasNext: boolean;
  isLoadingNext: boolean;
  loadNext: (count: number) => unknown;
  pageSize: number;
  /** The list's own transition, so the list shows its pending state while the next page loads. */
  startTransition: (load: () => void) => void;
  className?: string;
};

/** The "Load more" button under a paginated list; nothing once the last page is shown. */
export function LoadMore({ hasNext, isLoadingNext, loadNext, pageSize, startTransition, className = 'mt-4' }: Props) {
  if (!hasNext) return null;
  return (
    <div className={className}>
      <Button type="button" variant="secondary" busy={isLoadingNext} onClick={() => startTransition(() => void loadNext(pageSize))}>
        Load more
      </Button>
    </div>
  );
}
