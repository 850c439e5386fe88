// The job queue's own behaviour (server/jobs/queue.ts on pg-boss, PGlite or PostgreSQL): fair share
// between groups — a user's lone job goes before any backlog, even three users' flood — and priorities —
// interactive work before batch work. One worker, whose first job is held until everything is queued,
// so the order the rest run in is the queue's choice alone.
import { afterEach, describe, expect, it } from 'vitest';
import { JobQueue, type JobKind } from '../../server/jobs/queue';
import { openTestDatabase } from '../helpers/test-app';
import { until } from '../helpers/until';

type Payload = { name: string };

type Enqueue = (names: string | string[], group: string, kind?: JobKind) => Promise<void>;

async function orderedRun(plan: (enqueue: Enqueue) => Promise<void>) {
  const { db, dispose } = await openTestDatabase();
  const queue = new JobQueue<Payload>({ database: db, name: 'order-test', workers: 1, leaseMs: 30_000, pollIntervalMs: 0 });
  const ran: string[] = [];
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  queue.handle(async (job) => {
    ran.push(job.data.name);
    if (ran.length === 1) await held;
  });
  await queue.start();
  let queued = 0;
  // One name: enqueue(); several: one enqueueMany() (a batch).
  const enqueue: Enqueue = async (names, group, kind = 'interactive') => {
    if (typeof names === 'string') await queue.enqueue({ name: names }, { group, kind });
    else
      await queue.enqueueMany(
        names.map((name) => ({ name })),
        { group, kind },
      );
    queued += typeof names === 'string' ? 1 : names.length;
  };
  try {
    await enqueue('blocker', 'owner-0');
    await until(async () => ran.length === 1, 120_000);
    await plan(enqueue);
    release();
    await until(async () => ran.length === queued, 120_000);
    return ran.slice(1);
  } finally {
    release();
    await queue.stop();
    await dispose();
  }
}

describe('fair share between users', { timeout: 300_000 }, () => {
  let order: string[] = [];
  afterEach(() => {
    order = [];
  });

  it('runs another user’s single job before one user’s backlog', async () => {
    order = await orderedRun(async (enqueue) => {
      for (let i = 1; i <= 6; i++) await enqueue(`a${i}`, 'alice');
      await enqueue('b1', 'bob');
    });
    expect(order[0]).toBe('b1');
    expect(order.slice(1)).toEqual(['a1', 'a2', 'a3', 'a4', 'a5', 'a6']);
  });

  it('runs a fourth user’s single job next, whatever the flood of three others', async () => {
    order = await orderedRun(async (enqueue) => {
      for (let i = 1; i <= 5; i++) for (const user of ['a', 'b', 'c']) await enqueue(`${user}${i}`, user);
      await enqueue('d1', 'dora');
    });
    expect(order[0]).toBe('d1');
    // The flood itself is served round-robin: each user's k-th job before anyone's (k+1)-th.
    const rounds = order.slice(1).map((name) => Number(name.slice(1)));
    expect(rounds).toEqual([...rounds].sort((x, y) => x - y));
  });
});

describe('priorities', { timeout: 300_000 }, () => {
  it('runs interactive jobs before batch work queued earlier (one batch enqueued at once), and batch work fairly between owners', async () => {
    const order = await orderedRun(async (enqueue) => {
      await enqueue(['x1', 'x2', 'x3'], 'xena', 'batch');
      await enqueue('w1', 'walt', 'batch');
      await enqueue('y1', 'yuri');
      await enqueue('z1', 'zoe');
      await enqueue('z2', 'zoe');
    });
    expect(order.slice(0, 3).sort()).toEqual(['y1', 'z1', 'z2']);
    expect(order.indexOf('y1')).toBeLessThan(order.indexOf('z2'));
    // Batch work after: a batch owner with one job before another's backlog.
    expect(order.slice(3)).toEqual(['w1', 'x1', 'x2', 'x3']);
  });
});
