// GET /api/client-config: the browser's Firebase settings, read at run time so one client build
// serves every deployment. Nothing here is secret (Firebase web API keys are public identifiers).
import type { Config } from '../config';
import { json } from './errors';
import type { Route } from './router';

export function clientConfig(config: Config) {
  const { firebase } = config;
  return {
    firebase: {
      apiKey: firebase.apiKey,
      authDomain: firebase.authDomain,
      projectId: firebase.projectId,
      appId: firebase.appId,
    },
    authEmulatorUrl: firebase.emulatorHost ? `http://${firebase.emulatorHost}` : null,
    tokenSyncUrl: config.tokenSyncUrl,
    // Server settings (environment variable names, tile directories) are for whoever runs the server: a development
    // server says how to fix a missing map provider, a production one only what the user can still do.
    setupHelp: !config.production,
  };
}

export function clientConfigRoutes(config: Config): Route[] {
  const body = clientConfig(config);
  return [
    {
      method: 'GET',
      path: '/api/client-config',
      handle: async () => json(body),
    },
  ];
}
