import { useState } from 'react';
import { Button } from '../forms';

type Props = {
  /** What is deleted, for the accessible names ("Delete analysis of 12 Oak St"). */
  subject: string;
  onConfirm: () => void;
  busy?: boolean;
  /** The action's word, "Delete" unless said (API keys are revoked). */
  verb?: string;
};

/** Delete in two steps: the first click asks, the second deletes; nothing is lost to a stray click. */
export function ConfirmDeleteButton({ subject, onConfirm, busy = false, verb = 'Delete' }: Props) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <Button
        type="button"
        variant="danger"
        className="px-3 py-1.5 text-xs"
        aria-label={`${verb} ${subject}`}
        onClick={() => setAsking(true)}
      >
        {verb}
      </Button>
    );
  }
  return (
    <span
      role="group"
      aria-label={`Confirm ${verb === 'Delete' ? 'deleting' : verb.toLowerCase()} ${subject}`}
      className="inline-flex items-center gap-2"
    >
      <span className="text-xs text-slate-600 dark:text-slate-300">{verb}?</span>
      <Button type="button" variant="danger" className="px-3 py-1.5 text-xs" busy={busy} onClick={onConfirm}>
        Yes, {verb.toLowerCase()}
      </Button>
      <Button type="button" variant="secondary" className="px-3 py-1.5 text-xs" disabled={busy} onClick={() => setAsking(false)}>
        Cancel
      </Button>
    </span>
  );
}
