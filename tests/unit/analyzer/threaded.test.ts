// The local analyzer on worker threads (what the server runs): the same results as in-process, the same
// errors, analyses queued in order, the main thread free while one runs, and a clean shutdown.
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { ImageDecodeError, type AnalyzerOutput } from '../../../server/analyzer/contract';
import { createLocalAnalyzer } from '../../../server/analyzer/local/analyzer';
import { createThreadedLocalAnalyzer } from '../../../server/analyzer/local/threaded';

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/images/${name}`, import.meta.url));
const context = { source: 'upload' as const, gsd_m_per_px: 0.6, gsd_source: 'source-native' as const };

/** The output without what differs between two runs of the same analysis (clock readings). */
function stable(out: AnalyzerOutput) {
  const { analyzed_at: _at, latency_ms: _ms, ...provenance } = out.evidence.provenance;
  return { ...out, evidence: { ...out.evidence, provenance } };
}

describe('threaded local analyzer', () => {
  const threaded = createThreadedLocalAnalyzer({ threads: 1 });
  threaded.warm();
  afterAll(() => threaded.close());

  it('returns what the in-process analyzer returns', async () => {
    const image = fixture('chico_2020_55.png');
    const inProcess = await createLocalAnalyzer().analyze(image, context);
    const onThread = await threaded.analyze(image, context);
    expect(stable(onThread)).toEqual(stable(inProcess));
    // The caller's buffer is still whole (the thread got its own copy).
    expect(image.length).toBeGreaterThan(0);
    expect(await sharp(image).metadata()).toMatchObject({ width: 256, height: 256 });
  });

  it('refuses bad input with the same error class and code', async () => {
    const error = await threaded.analyze(Buffer.from('not an image at all'), context).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImageDecodeError);
    expect((error as ImageDecodeError).code).toBe('IMAGE_UNREADABLE');
    const tiny = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#777' } })
      .png()
      .toBuffer();
    const small = await threaded.analyze(tiny, context).catch((e: unknown) => e);
    expect((small as ImageDecodeError).code).toBe('IMAGE_TOO_SMALL');
  });

  it('queues analyses beyond its threads and answers each one', async () => {
    const names = ['chico_2020_55.png', 'OSBS_029.png', 'palm_springs_2016_57.png', 'riverside_2018_48.png'];
    const outs = await Promise.all(names.map((name) => threaded.analyze(fixture(name), context)));
    expect(outs.map((o) => o.evidence.provenance.image_sha256)).toEqual(
      await Promise.all(
        names.map(
          async (name) =>
            (await createLocalAnalyzer({ useModels: false }).analyze(fixture(name), context)).evidence.provenance.image_sha256,
        ),
      ),
    );
  });

  it('leaves the main thread free while an analysis runs', async () => {
    const big = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#6b8e23' } })
      .composite([{ input: fixture('chico_2020_55.png'), top: 800, left: 1300 }])
      .jpeg()
      .toBuffer();
    await threaded.analyze(fixture('chico_2020_55.png'), context); // warm
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    const inProcessTicks = await (async () => {
      const before = ticks;
      await createLocalAnalyzer().analyze(big, context);
      return ticks - before;
    })();
    const before = ticks;
    await threaded.analyze(big, context);
    const threadTicks = ticks - before;
    clearInterval(timer);
    // In-process, the pixel work holds the event loop for most of the analysis; on a thread it keeps turning.
    expect(threadTicks).toBeGreaterThan(inProcessTicks * 2);
  });

  it('closes cleanly while its threads are still starting (models loading) or mid-analysis', { timeout: 120_000 }, async () => {
    // Ending a thread while onnxruntime works in it (loading its models takes most of a second) aborts this
    // whole process ("terminate called after throwing an instance of 'Napi::Error'"), failing the run. Close
    // at moments across the whole start-up.
    for (let delayMs = 0; delayMs <= 1500; delayMs += 150) {
      const starting = createThreadedLocalAnalyzer({ threads: 1 });
      starting.warm();
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      await starting.close();
    }
    const busy = createThreadedLocalAnalyzer({ threads: 1 });
    const pending = busy.analyze(fixture('chico_2020_55.png'), context).catch((e: unknown) => e);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await busy.close();
    expect(await pending).toEqual(new Error('The analyzer has been shut down.'));
  });

  it('gives up an analysis whose signal aborts, queued or running, and keeps serving on a fresh thread', { timeout: 120_000 }, async () => {
    const pool = createThreadedLocalAnalyzer({ threads: 1 });
    try {
      const big = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#6b8e23' } })
        .jpeg()
        .toBuffer();
      const running = new AbortController();
      const queued = new AbortController();
      const first = pool.analyze(big, { ...context, signal: running.signal }).catch((e: unknown) => e);
      const second = pool.analyze(big, { ...context, signal: queued.signal }).catch((e: unknown) => e);
      await new Promise((resolve) => setTimeout(resolve, 50));
      queued.abort(new Error('queued one given up'));
      running.abort(new Error('running one given up'));
      expect(await second).toEqual(new Error('queued one given up'));
      expect(await first).toEqual(new Error('running one given up'));
      // The retired thread is replaced at once: the next analysis does not wait for the abandoned work.
      const out = await pool.analyze(fixture('chico_2020_55.png'), context);
      expect(out.evidence.provenance.width).toBe(256);
      await expect(
        pool.analyze(fixture('chico_2020_55.png'), { ...context, signal: AbortSignal.abort(new Error('already')) }),
      ).rejects.toThrow('already');
    } finally {
      await pool.close();
    }
  });

  it('refuses new work once closed', async () => {
    const other = createThreadedLocalAnalyzer({ threads: 1 });
    const pending = other.analyze(fixture('chico_2020_55.png'), context).catch((e: unknown) => e);
    await other.close();
    expect(await pending).toEqual(new Error('The analyzer has been shut down.'));
    await expect(other.analyze(fixture('chico_2020_55.png'), context)).rejects.toThrow('The analyzer has been shut down.');
  });
});
