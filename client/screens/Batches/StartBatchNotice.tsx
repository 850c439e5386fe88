// A notice whose button starts a batch and opens it (a batch analysed again, the history's older results): the
// failure, in the server's words where it gave some, stays under the notice.
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/forms';
import { UserFacingError } from '../../relay/useTypedMutation';

export function StartBatchNotice({
  children,
  label,
  start,
  busy,
  className = '',
}: {
  children: ReactNode;
  label: string;
  /** Starts the batch; resolves with its raw id. */
  start: () => Promise<string>;
  busy: boolean;
  className?: string;
}) {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const run = () => {
    setError(null);
    start()
      .then((batchId) => navigate(`/batches/${batchId}`))
      .catch((cause: unknown) =>
        setError(cause instanceof UserFacingError ? cause.message : 'Failed to start the batch. Please try again.'),
      );
  };
  return (
    <div className={`space-y-3 ${className}`}>
      <Alert
        tone="info"
        action={
          <Button type="button" variant="secondary" busy={busy} onClick={run}>
            {label}
          </Button>
        }
      >
        {children}
      </Alert>
      {error && <Alert tone="error">{error}</Alert>}
    </div>
  );
}
