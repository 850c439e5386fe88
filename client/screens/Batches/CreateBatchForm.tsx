import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '../../components/Alert';
import { UserFacingError } from '../../relay/useTypedMutation';
import { Button, TextField } from '../../components/forms';
import { useCreateBatchMutation } from './useCreateBatchMutation';

/** Larger files are refused by the server as well; checked here so a wrong file fails before it is sent. */
const MAX_CSV_BYTES = 4 * 1024 * 1024;

export function CreateBatchForm() {
  const [create, creating] = useCreateBatchMutation();
  const navigate = useNavigate();
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    if (!file) return setError('Please choose a CSV file.');
    if (file.size > MAX_CSV_BYTES) return setError('The CSV file is over 4 MB.');
    try {
      const batchId = await create({ name: name.trim() || file.name, csv: await file.text() });
      navigate(`/batches/${batchId}`);
    } catch (cause) {
      setError(cause instanceof UserFacingError ? cause.message : 'Failed to start the batch. Please try again.');
    }
  }

  return (
    <section
      aria-labelledby="new-batch-heading"
      className="rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="new-batch-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        New batch
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        A CSV with a header row: an <code className="font-mono text-xs">address</code> column, or{' '}
        <code className="font-mono text-xs">latitude</code> and <code className="font-mono text-xs">longitude</code>, and optionally a{' '}
        <code className="font-mono text-xs">reference_id</code> (or policy id). Up to 10,000 rows; each becomes an analysis of its satellite
        image.
      </p>
      <form className="mt-5 grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end" onSubmit={(e) => void onSubmit(e)}>
        <div>
          <label htmlFor="batch-file" className="block text-sm font-medium text-slate-700 dark:text-slate-200">
            CSV file
          </label>
          <input
            id="batch-file"
            type="file"
            accept=".csv,text/csv"
            className="mt-1.5 block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium dark:text-slate-300 dark:file:bg-slate-800 dark:file:text-slate-200"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </div>
        <TextField label="Name (optional)" name="batch-name" maxLength={200} value={name} onChange={(e) => setName(e.target.value)} />
        <Button type="submit" busy={creating}>
          Start batch
        </Button>
      </form>
      {error && (
        <div className="mt-4">
          <Alert tone="error">{error}</Alert>
        </div>
      )}
    </section>
  );
}
