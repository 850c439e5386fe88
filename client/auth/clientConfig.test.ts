import { describe, expect, it } from 'vitest';
import { parseClientConfig } from './clientConfig';

describe('parseClientConfig', () => {
  it('accepts the server answer and fills the derivable fields', () => {
    expect(
      parseClientConfig({
        firebase: { apiKey: 'k', projectId: 'demo-aerisk', authDomain: '', appId: '' },
        authEmulatorUrl: 'http://127.0.0.1:9099',
        tokenSyncUrl: null,
        setupHelp: true,
      }),
    ).toEqual({
      firebase: { apiKey: 'k', projectId: 'demo-aerisk', authDomain: 'demo-aerisk.firebaseapp.com', appId: '' },
      authEmulatorUrl: 'http://127.0.0.1:9099',
      tokenSyncUrl: null,
      setupHelp: true,
    });
  });

  it('shows no server settings unless the server says it is not in production', () => {
    const base = { firebase: { apiKey: 'k', projectId: 'p' } };
    expect(parseClientConfig(base).setupHelp).toBe(false);
    expect(parseClientConfig({ ...base, setupHelp: 'yes' }).setupHelp).toBe(false);
    expect(parseClientConfig({ ...base, setupHelp: true }).setupHelp).toBe(true);
  });

  it('refuses answers the Firebase SDK could not start with', () => {
    expect(() => parseClientConfig({})).toThrow(/apiKey/);
    expect(() => parseClientConfig({ firebase: { apiKey: 'k', projectId: 'p' }, authEmulatorUrl: 3 })).toThrow();
  });
});
