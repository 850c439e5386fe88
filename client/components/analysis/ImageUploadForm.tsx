// The upload flow of spec §4: idle → file chosen (with preview) → uploading (simulated progress) →
// analyzing → the caller's onAnalyzed (which navigates, or shows the result inline); any failure returns
// to idle with a message.
import { useEffect, useId, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { ACCEPTED_IMAGE_TYPES, PROGRESS_INTERVAL_MS, PROGRESS_SIMULATED_MAX, PROGRESS_STEP } from '../../../common/constants';
import { Alert } from '../Alert';
import { Button, TextField } from '../forms';
import { UploadIcon } from '../icons';
import { Spinner } from '../Spinner';
import { uploadErrorMessage } from './uploadErrors';
import { useAnalyzeImageMutation, type AnalyzedAnalysis } from './useAnalyzeImageMutation';
import { useUploadImageMutation } from './useUploadImageMutation';
import { uploadProblem } from './validateUpload';

type Phase = 'idle' | 'uploading' | 'analyzing';

type Props = {
  onAnalyzed: (analysis: AnalyzedAnalysis) => void;
  submitLabel?: string;
};

export function ImageUploadForm({ onAnalyzed, submitLabel = 'Upload and Analyze' }: Props) {
  const upload = useUploadImageMutation();
  const analyze = useAnalyzeImageMutation();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [location, setLocation] = useState('');
  const [phase, setPhase] = useState<Phase>('idle');
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  const inputId = useId();

  useEffect(() => () => clearInterval(timer.current), []);
  useEffect(() => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => {
      URL.revokeObjectURL(url);
      setPreview(null);
    };
  }, [file]);

  const choose = (chosen: File | null | undefined) => {
    setError(null);
    if (!chosen) {
      setFile(null);
      return;
    }
    const problem = uploadProblem(chosen);
    if (problem) {
      setError(problem);
      setFile(null);
      if (inputRef.current) inputRef.current.value = '';
      return;
    }
    setFile(chosen);
  };

  const busy = phase !== 'idle';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problem = uploadProblem(file);
    if (problem || !file) {
      setError(problem);
      return;
    }
    setError(null);
    setPhase('uploading');
    setProgress(0);
    // The upload reports no progress of its own, so the bar advances on a timer and jumps to 100 when done.
    timer.current = setInterval(
      () => setProgress((value) => Math.min(value + PROGRESS_STEP, PROGRESS_SIMULATED_MAX)),
      PROGRESS_INTERVAL_MS,
    );
    try {
      const image = await upload(file, location);
      clearInterval(timer.current);
      setProgress(100);
      setPhase('analyzing');
      const analysis = await analyze(image.id);
      setPhase('idle');
      setFile(null);
      setLocation('');
      setProgress(0);
      if (inputRef.current) inputRef.current.value = '';
      onAnalyzed(analysis);
    } catch (failure) {
      console.error(failure);
      clearInterval(timer.current);
      setPhase('idle');
      setProgress(0);
      setError(uploadErrorMessage(failure));
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!busy) choose(event.dataTransfer.files[0]);
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-5" aria-label="Upload an aerial image">
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="upload-drop-zone"
        // The file input inside is visually hidden, so its keyboard focus shows as a ring on the whole zone.
        className={`flex flex-col items-center justify-center gap-3 rounded-2xl border-2 border-dashed p-6 text-center transition has-[input:focus-visible]:ring-2 has-[input:focus-visible]:ring-brand-500 has-[input:focus-visible]:ring-offset-2 dark:has-[input:focus-visible]:ring-offset-slate-900 ${
          dragging
            ? 'border-brand-500 bg-brand-50 dark:bg-brand-950/40'
            : 'border-slate-300 bg-slate-50 dark:border-slate-700 dark:bg-slate-900/60'
        }`}
      >
        {preview && file ? (
          <img src={preview} alt="Preview of the chosen image" className="max-h-72 rounded-lg object-contain shadow-sm" />
        ) : (
          <UploadIcon className="h-10 w-10 text-slate-400" />
        )}
        <div className="text-sm text-slate-600 dark:text-slate-300">
          <label htmlFor={inputId} className="cursor-pointer font-semibold text-brand-600 hover:text-brand-500 dark:text-brand-400">
            {file ? 'Choose a different image' : 'Choose an aerial image'}
          </label>{' '}
          or drop it here
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            aria-label="Aerial image"
            accept={ACCEPTED_IMAGE_TYPES.join(',')}
            className="sr-only"
            disabled={busy}
            onChange={(event) => choose(event.target.files?.[0])}
          />
        </div>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {file ? `${file.name} · ${(file.size / 1024 / 1024).toFixed(2)} MB` : 'JPEG, PNG or GIF, up to 10 MB'}
        </p>
      </div>

      <TextField
        label="Property location (optional)"
        name="propertyLocation"
        placeholder="123 Main St, Springfield"
        value={location}
        disabled={busy}
        onChange={(event) => setLocation(event.target.value)}
      />

      {phase !== 'idle' && (
        <div className="space-y-2">
          <div className="flex items-center justify-between text-sm font-medium text-slate-700 dark:text-slate-200">
            <span className="inline-flex items-center gap-2">
              {phase === 'analyzing' && <Spinner className="h-4 w-4" />}
              {phase === 'uploading' ? 'Uploading…' : 'Analyzing image…'}
            </span>
            <span className="tabular-nums">{progress}%</span>
          </div>
          <div
            role="progressbar"
            aria-label="Upload progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
          >
            <div className="h-full rounded-full bg-brand-600 transition-[width] duration-300" style={{ width: `${progress}%` }} />
          </div>
        </div>
      )}

      {error && <Alert tone="error">{error}</Alert>}

      <Button type="submit" busy={busy} className="w-full sm:w-auto">
        {phase === 'uploading' ? 'Uploading…' : phase === 'analyzing' ? 'Analyzing…' : submitLabel}
      </Button>
    </form>
  );
}
