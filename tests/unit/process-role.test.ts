// PROCESS_ROLE (decision 015): one build runs all-in-one, API-only or worker-only; the configuration
// says which parts a process runs, and refuses a worker that would run nothing.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';

const base = { FIREBASE_PROJECT_ID: 'demo-aerisk', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' };

describe('PROCESS_ROLE', () => {
  it('defaults to all: serves the API and runs ANALYSIS_WORKERS jobs', () => {
    expect(loadConfig(base).analysis).toMatchObject({ role: 'all', workers: 1 });
    expect(loadConfig({ ...base, ANALYSIS_WORKERS: '3' }).analysis).toMatchObject({ role: 'all', workers: 3 });
  });

  it('api runs no job whatever ANALYSIS_WORKERS says', () => {
    expect(loadConfig({ ...base, PROCESS_ROLE: 'api', ANALYSIS_WORKERS: '4' }).analysis).toMatchObject({ role: 'api', workers: 0 });
  });

  it('worker runs ANALYSIS_WORKERS jobs, and refuses 0 in words', () => {
    expect(loadConfig({ ...base, PROCESS_ROLE: 'worker', ANALYSIS_WORKERS: '2' }).analysis).toMatchObject({ role: 'worker', workers: 2 });
    expect(() => loadConfig({ ...base, PROCESS_ROLE: 'worker', ANALYSIS_WORKERS: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, PROCESS_ROLE: 'worker', ANALYSIS_WORKERS: '0' })).toThrow(/ANALYSIS_WORKERS must be 1 or more/);
  });

  it('refuses an unknown role', () => {
    expect(() => loadConfig({ ...base, PROCESS_ROLE: 'both' })).toThrow(/PROCESS_ROLE/);
  });
});
