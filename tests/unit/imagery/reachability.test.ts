// The background check of the map services: which origins a configuration calls, and reachable / not
// reachable against a real local HTTP server and a port nothing listens on.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReachability, providerOrigins } from '../../../server/imagery/reachability';

let server: Server;
let live: string;
let dead: string;
const heads: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    heads.push(`${req.method} ${req.url}`);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  live = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // A port that was free a moment ago: connections are refused.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  dead = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`;
  await new Promise((resolve) => probe.close(resolve));
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('providerOrigins', () => {
  it('lists the origins the configured providers call, once each', () => {
    expect(
      providerOrigins({
        imageryProvider: 'public',
        usgsImageryUrl: 'https://imagery.example/tile/{z}/{y}/{x}',
        photonUrl: 'https://photon.example/api',
        censusGeocoderUrl: 'https://census.example',
      }),
    ).toEqual(['https://imagery.example', 'https://photon.example', 'https://census.example']);
    expect(providerOrigins({ imageryProvider: 'google', placesProvider: 'google', googleMapsApiKey: 'k' })).toEqual([
      'https://maps.googleapis.com',
      'https://places.googleapis.com',
    ]);
    // Local tiles and no places provider: nothing remote to check.
    expect(
      providerOrigins({ imageryProvider: 'tiles', tileUrlTemplate: 'file:///srv/tiles/{z}/{x}/{y}.png', placesProvider: 'none' }),
    ).toEqual([]);
  });
});

describe('createReachability', () => {
  it('is unknown before the first check, then reachable when every origin answers with any status', async () => {
    const r = createReachability([live], { log: () => {} });
    expect(r.reachable()).toBeNull();
    expect(await r.check()).toBe(true);
    expect(r.reachable()).toBe(true);
    expect(heads).toContain('HEAD /');
  });

  it('is not reachable when one origin refuses, and says so once per change', async () => {
    const messages: string[] = [];
    const r = createReachability([live, dead], { log: (m) => messages.push(m), timeoutMs: 2000 });
    expect(await r.check()).toBe(false);
    expect(await r.check()).toBe(false);
    expect(messages).toEqual([`[imagery] cannot reach ${dead}: the Map tab will say so until it can.`]);
  });

  it('has nothing to say with no remote origin', async () => {
    const r = createReachability([], { log: () => {} });
    expect(await r.check()).toBeNull();
    r.start();
    expect(r.reachable()).toBeNull();
    r.stop();
  });
});
