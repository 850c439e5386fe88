import { useState } from 'react';
import { Button } from '../forms';

type Props = {
  /** What is deleted, for the accessible names ("Delete analysis of 12 Oak St"). */
  subject: string;
  onConfirm: () => void;
  busy?: boolean;
};

/** Delete in two steps: the first click asks, the second deletes; nothing is lost to a stray click. */
export function ConfirmDeleteButton({ subject, onConfirm, busy = false }: Props) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <Button type="button" variant="danger" className="px-3 py-1.5 text-xs" aria-label={`Delete ${subject}`} onClick={() => setAsking(true)}>
        Delete
      </Button>
    );
  }
  return (
    <span role="group" aria-label={`Confirm deleting ${subject}`} className="inline-flex items-center gap-2">
      <span className="text-xs text-slate-600 dark:text-slate-300">Delete?</span>
      <Button type="button" variant="danger" className="px-3 py-1.5 text-xs" busy={busy} onClick={onConfirm}>
        Yes, delete
      </Button>
      <Button type="button" variant="secondary" className="px-3 py-1.5 text-xs" disabled={busy} onClick={() => setAsking(false)}>
        Cancel
      </Button>
    </span>
  );
}
