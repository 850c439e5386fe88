// The browser's settings come from the server at run time (GET /api/client-config), so one build of the
// client serves every deployment: the emulator in development, a real Firebase project in production.

export type ClientConfig = {
  firebase: { apiKey: string; authDomain: string; projectId: string; appId: string };
  /** e.g. "http://127.0.0.1:9099" when the server runs against the Firebase Auth emulator. */
  authEmulatorUrl: string | null;
  /** Optional endpoint that receives the ID token (POST) on sign-in and a DELETE on sign-out. */
  tokenSyncUrl: string | null;
  /** Outside production: screens may name server settings (environment variables) that would fix a problem. */
  setupHelp: boolean;
};

const isString = (value: unknown): value is string => typeof value === 'string' && value.length > 0;
const isOptionalString = (value: unknown): value is string | null | undefined => value == null || isString(value);

export function parseClientConfig(value: unknown): ClientConfig {
  const v = value as Partial<ClientConfig> | null;
  const fb = v?.firebase as Partial<ClientConfig['firebase']> | undefined;
  if (!fb || !isString(fb.apiKey) || !isString(fb.projectId)) {
    throw new Error('The server sent an incomplete client configuration (firebase.apiKey and projectId are required).');
  }
  if (!isOptionalString(v?.authEmulatorUrl) || !isOptionalString(v?.tokenSyncUrl)) {
    throw new Error('The server sent an invalid client configuration.');
  }
  return {
    firebase: {
      apiKey: fb.apiKey,
      projectId: fb.projectId,
      authDomain: isString(fb.authDomain) ? fb.authDomain : `${fb.projectId}.firebaseapp.com`,
      appId: isString(fb.appId) ? fb.appId : '',
    },
    authEmulatorUrl: v?.authEmulatorUrl ?? null,
    tokenSyncUrl: v?.tokenSyncUrl ?? null,
    // Absent (an older server): no server settings are shown.
    setupHelp: v?.setupHelp === true,
  };
}

export async function fetchClientConfig(): Promise<ClientConfig> {
  const response = await fetch('/api/client-config', { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET /api/client-config answered ${response.status}`);
  return parseClientConfig(await response.json());
}
