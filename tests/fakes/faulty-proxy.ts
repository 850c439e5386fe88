// A TCP proxy on 127.0.0.1 in front of a real service (the Auth emulator) that can cut connections: a
// provider hiccup as the network shows it (ECONNRESET mid-request), without mocking any of our code.
import { connect, createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface FaultyProxy {
  /** host:port to point a client at. */
  hostPort: string;
  /** The next `n` requests are answered by resetting their connection. */
  resetNext(n: number): void;
  /** Every request is answered by a reset until this is turned off. */
  resetAll(on: boolean): void;
  /** Connections accepted so far (reset or passed through). */
  connections(): number;
  /** Requests passed through to the service so far (request lines seen). */
  forwardedRequests(): number;
  close(): Promise<void>;
}

export async function startFaultyProxy(target: string): Promise<FaultyProxy> {
  const [host, port] = target.split(':');
  let resets = 0;
  let always = false;
  let accepted = 0;
  let forwarded = 0;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    accepted++;
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => {});
    const upstream = connect(Number(port), host);
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    upstream.pipe(client);
    // Judged per request, not per connection: a kept-alive connection is reset on its next request too.
    client.on('data', (chunk: Buffer) => {
      if (always || resets > 0) {
        if (!always) resets--;
        upstream.destroy();
        client.resetAndDestroy();
        return;
      }
      forwarded += chunk.toString('latin1').match(/^(GET|POST|PUT|PATCH|DELETE) \//gm)?.length ?? 0;
      upstream.write(chunk);
    });
    client.on('end', () => upstream.end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port: own } = server.address() as AddressInfo;
  return {
    hostPort: `127.0.0.1:${own}`,
    resetNext: (n) => {
      resets = n;
    },
    resetAll: (on) => {
      always = on;
    },
    connections: () => accepted,
    forwardedRequests: () => forwarded,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
