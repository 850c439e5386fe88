import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Throttle } from './throttle';

describe('Throttle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const make = () => {
    const sent: string[] = [];
    const throttle = new Throttle<string>(
      300,
      (v) => sent.push(v),
      () => Date.now(),
    );
    return { sent, throttle };
  };

  it('sends the first value at once and only the newest of a burst after the interval', () => {
    const { sent, throttle } = make();
    for (const text of ['123', '123 ', '123 M', '123 Ma', '123 Mai']) {
      throttle.push(text);
      vi.advanceTimersByTime(40);
    }
    expect(sent).toEqual(['123']);
    vi.advanceTimersByTime(300);
    expect(sent).toEqual(['123', '123 Mai']);
  });

  it('never sends two values less than the interval apart while typing steadily', () => {
    const sent: number[] = [];
    const throttle = new Throttle<number>(
      300,
      () => sent.push(Date.now()),
      () => Date.now(),
    );
    for (let i = 0; i < 40; i++) {
      throttle.push(i);
      vi.advanceTimersByTime(70);
    }
    vi.advanceTimersByTime(1000);
    expect(sent.length).toBeGreaterThan(3);
    expect(sent.length).toBeLessThanOrEqual(Math.ceil((40 * 70) / 300) + 1);
    for (let i = 1; i < sent.length; i++) expect(sent[i] - sent[i - 1]).toBeGreaterThanOrEqual(300);
  });

  it('sends at once again after a quiet interval', () => {
    const { sent, throttle } = make();
    throttle.push('abc');
    vi.advanceTimersByTime(500);
    throttle.push('abcd');
    expect(sent).toEqual(['abc', 'abcd']);
  });

  it('cancel drops the waiting value', () => {
    const { sent, throttle } = make();
    throttle.push('abc');
    throttle.push('abcd');
    throttle.cancel();
    vi.advanceTimersByTime(1000);
    expect(sent).toEqual(['abc']);
  });
});
