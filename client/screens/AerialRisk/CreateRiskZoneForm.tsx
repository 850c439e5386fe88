import { useId, useState, type FormEvent } from 'react';
import { RISK_LEVELS } from '../../../common/constants';
import { Alert } from '../../components/Alert';
import { UserFacingError } from '../../relay/useTypedMutation';
import { Button, fieldClasses, TextField } from '../../components/forms';
import { useCreateRiskZoneMutation, type NewRiskZone } from './useCreateRiskZoneMutation';

const REQUIRED_MESSAGE = 'Please fill in all required fields';
const FAILED_MESSAGE = 'Failed to create risk assessment';

/** The create-assessment form: location and details required, risk level low unless chosen. */
export function CreateRiskZoneForm({ connectionId }: { connectionId: string }) {
  const [create, creating] = useCreateRiskZoneMutation(connectionId);
  const [location, setLocation] = useState('');
  const [riskLevel, setRiskLevel] = useState<NewRiskZone['riskLevel']>('low');
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState(false);
  const levelId = useId();
  const detailsId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setCreated(false);
    if (!location.trim() || !details.trim()) {
      setError(REQUIRED_MESSAGE);
      return;
    }
    setError(null);
    try {
      await create({ location: location.trim(), riskLevel, details: details.trim() });
      setLocation('');
      setRiskLevel('low');
      setDetails('');
      setCreated(true);
    } catch (failure) {
      console.error(failure);
      setError(failure instanceof UserFacingError ? failure.message : FAILED_MESSAGE);
    }
  };

  return (
    <section
      aria-labelledby="create-zone-heading"
      className="rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="create-zone-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        Create risk assessment
      </h2>
      <form onSubmit={(event) => void submit(event)} noValidate className="mt-4 space-y-4">
        <TextField
          label="Location"
          name="location"
          required
          placeholder="North boundary, 12 Oak St"
          value={location}
          disabled={creating}
          onChange={(event) => setLocation(event.target.value)}
        />
        <div>
          <label htmlFor={levelId} className="block text-sm font-medium text-slate-700 dark:text-slate-200">
            Risk level
          </label>
          <select
            id={levelId}
            className={fieldClasses}
            value={riskLevel}
            disabled={creating}
            onChange={(event) => setRiskLevel(event.target.value as NewRiskZone['riskLevel'])}
          >
            {RISK_LEVELS.map((level) => (
              <option key={level} value={level}>
                {level[0].toUpperCase() + level.slice(1)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={detailsId} className="block text-sm font-medium text-slate-700 dark:text-slate-200">
            Details
          </label>
          <textarea
            id={detailsId}
            required
            rows={4}
            className={fieldClasses}
            placeholder="What makes this zone a risk, and what should be done"
            value={details}
            disabled={creating}
            onChange={(event) => setDetails(event.target.value)}
          />
        </div>
        {error && <Alert tone="error">{error}</Alert>}
        {created && <Alert tone="success">Risk assessment created</Alert>}
        <Button type="submit" busy={creating}>
          Create Assessment
        </Button>
      </form>
    </section>
  );
}
