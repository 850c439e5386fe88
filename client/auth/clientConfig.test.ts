import { describe, expect, it } from 'vitest';
import { parseClientConfig } from './clientConfig';

describe('parseClientConfig', () => {
  it('accepts the server answer and fills the derivable fields', () => {
    expect(
      parseClientConfig({
        firebase: { apiKey: 'k', projectId: 'demo-aerisk', authDomain: '', appId: '' },
        authEmulatorUrl: 'http://127.0.0.1:9099',
        tokenSyncUrl: null,
      }),
    ).toEqual({
      firebase: { apiKey: 'k', projectId: 'demo-aerisk', authDomain: 'demo-aerisk.firebaseapp.com', appId: '' },
      authEmulatorUrl: 'http://127.0.0.1:9099',
      tokenSyncUrl: null,
    });
  });

  it('refuses answers the Firebase SDK could not start with', () => {
    expect(() => parseClientConfig({})).toThrow(/apiKey/);
    expect(() => parseClientConfig({ firebase: { apiKey: 'k', projectId: 'p' }, authEmulatorUrl: 3 })).toThrow();
  });
});
