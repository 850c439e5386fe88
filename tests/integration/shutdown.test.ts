// SIGTERM ends the real server process within a bounded drain time even while a client holds a
// subscription (SSE) open on an analysis that is not progressing, and a request waiting for that
// analysis gets its answer (202, still queued) instead of a cut connection. Before, server.close() waited
// for the stream and the process had to be killed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulatorUser, type EmulatorUser } from '../helpers/auth-emulator-users';
import { auth, uploaded } from '../helpers/analysis';
import { serverEnvironment, startServer, type Server } from '../helpers/server-process';
import { until } from '../helpers/until';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const SUBSCRIPTION = /* GraphQL */ `
  subscription Watch($id: ID!) {
    analysis(id: $id) {
      status
    }
  }
`;

describe('shutdown with an open subscription', () => {
  let environment: Awaited<ReturnType<typeof serverEnvironment>>;
  let server: Server | null = null;
  let user: EmulatorUser;

  beforeAll(async () => {
    environment = await serverEnvironment();
    user = await createEmulatorUser();
  }, 60_000);
  afterAll(async () => {
    server?.child.kill('SIGKILL');
    await server?.exited;
    await environment?.dispose();
  });

  it('ends the stream and the waiting request, then exits within the drain time', async () => {
    // No workers: the analysis stays queued, so nothing would ever end its stream by itself.
    server = await startServer({ ...environment.env, ANALYSIS_WORKERS: '0', SHUTDOWN_DRAIN_MS: '5000' });
    const base = server.base;
    const itemId = await uploaded(base, user, 'Stalled Street');
    const waiting = fetch(`${base}/aerial/analyze/${itemId}`, { method: 'POST', headers: auth(user) });
    const queued = await until(async () => {
      const list = (await (await fetch(`${base}/aerial/analyses`, { headers: auth(user) })).json()) as Json[];
      return list.find((a) => a.image_item_id === itemId);
    });

    const res = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { ...auth(user), 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ query: SUBSCRIPTION, variables: { id: Buffer.from(`Analysis:${queued.analysis_id}`).toString('base64') } }),
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let received = '';
    while (!received.includes('event: next')) {
      const { done, value } = await reader.read();
      if (done) break;
      received += decoder.decode(value, { stream: true });
    }
    expect(received).toContain('"status":"queued"');

    server.child.kill('SIGTERM');
    const exitedInTime = Promise.race([
      server.exited.then((code) => ({ code })),
      new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), 10_000)),
    ]);
    // The stream ends (complete, then the connection closes) rather than hanging.
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += decoder.decode(value, { stream: true });
    }
    expect(received).toContain('event: complete');
    const answer = await waiting;
    expect(answer.status).toBe(202);
    expect(((await answer.json()) as Json).status).toBe('queued');
    expect(await exitedInTime).toEqual({ code: 0 });
    server = null;
  }, 120_000);
});
