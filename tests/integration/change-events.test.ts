// Change events (decision 015): a trigger NOTIFYs every change of an analysis's status or progress, and
// each process's one LISTEN wakes only the watchers of that analysis. A change made through another
// connection (another process, on PostgreSQL) reaches a waiting watcher; watchers cost no query while
// nothing changes, and one query per change however many of them watch.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db';
import { migrate } from '../../server/migrate';
import { AnalysisEvents } from '../../server/services/analysis-events';
import { createAnalysisRow, createImageRow, createUserRow } from '../helpers/factories';
import { createPostgresDatabase } from '../helpers/test-app';
import { until } from '../helpers/until';

describe('analysis change events', () => {
  let watcherDb: Database;
  /** Another process's connection on PostgreSQL; on PGlite (one process by nature) the same database. */
  let writerDb: Database;
  let events: AnalysisEvents;
  let queries = 0;
  let drop: () => Promise<void> = async () => {};
  let ownerId = '';
  let imageId = '';

  beforeAll(async () => {
    const onQuery = () => {
      queries += 1;
    };
    if (process.env.TEST_DB === 'postgres') {
      const database = await createPostgresDatabase();
      drop = () => database.drop();
      watcherDb = await openDatabase({ databaseUrl: database.url, onQuery });
      writerDb = await openDatabase({ databaseUrl: database.url });
    } else {
      watcherDb = await openDatabase({ pgliteDir: 'memory://', onQuery });
      writerDb = watcherDb;
    }
    await migrate(watcherDb);
    events = new AnalysisEvents(watcherDb);
    await events.start();
    ownerId = (await createUserRow(writerDb.prisma)).id;
    imageId = (await createImageRow(writerDb.prisma, ownerId)).id;
  });
  afterAll(async () => {
    await events?.stop();
    if (writerDb !== watcherDb) await writerDb?.close();
    await watcherDb?.close();
    await drop();
  });

  const write = (id: string, data: { status?: 'running' | 'done'; progress?: number }) =>
    writerDb.prisma.analysis.update({ where: { id }, data });

  it('answers a waiting request when another connection finishes the analysis', async () => {
    const row = await createAnalysisRow(writerDb.prisma, ownerId, imageId);
    const waiting = events.waitFor(row.id, 60_000);
    await write(row.id, { status: 'running', progress: 20 });
    await write(row.id, { status: 'done', progress: 100 });
    expect(await waiting).toMatchObject({ id: row.id, status: 'done', progress: 100 });
  });

  it('streams every state to each subscriber, with one read per change however many watch, and none while idle', async () => {
    const row = await createAnalysisRow(writerDb.prisma, ownerId, imageId);
    const others = await Promise.all(Array.from({ length: 20 }, () => createAnalysisRow(writerDb.prisma, ownerId, imageId)));
    const seen: string[][] = [];
    const streams = Array.from({ length: 30 }, async () => {
      const states: string[] = [];
      seen.push(states);
      for await (const r of events.watch(row.id)) states.push(`${r.status}:${r.progress}`);
    });
    // Watchers of twenty other analyses, which do not change. Each first reads its analysis's state once; the idle
    // count starts when every watcher has (on a loaded machine the last of those reads can come late).
    let idleStarted = 0;
    const idle = others.map((other) =>
      (async () => {
        let first = true;
        for await (const r of events.watch(other.id)) {
          void r;
          if (first) idleStarted += 1;
          first = false;
        }
      })(),
    );
    await until(async () => seen.length === 30 && seen.every((states) => states.length === 1) && idleStarted === others.length);

    const before = queries;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(queries - before).toBe(0);

    await write(row.id, { status: 'running', progress: 5 });
    await until(async () => seen.every((states) => states.length === 2));
    await write(row.id, { progress: 20 });
    await until(async () => seen.every((states) => states.length === 3));
    await write(row.id, { status: 'done', progress: 100 });
    await Promise.all(streams);
    // Three changes, three reads (on PGlite the writes above go through the same counted client: +3).
    const writes = writerDb === watcherDb ? 3 : 0;
    expect(queries - before).toBe(3 + writes);
    for (const states of seen) expect(states).toEqual(['queued:0', 'running:5', 'running:20', 'done:100']);

    events.end();
    await Promise.all(idle);
  });
});
