import { describe, expect, it } from 'vitest';
import { readServerSentEvents, ServerSentEventParser } from './sse';

describe('ServerSentEventParser', () => {
  it('reads Yoga-style next and complete events and drops keep-alive comments', () => {
    const parser = new ServerSentEventParser();
    const events = parser.push(':\n\nevent: next\ndata: {"data":{"a":1}}\n\nevent: complete\ndata:\n\n');
    expect(events).toEqual([
      { event: 'next', data: '{"data":{"a":1}}' },
      { event: 'complete', data: '' },
    ]);
  });

  it('joins events split across chunks, at any byte, with any line ending', () => {
    const text = 'event: next\r\ndata: {"x":\r\ndata: 2}\r\n\r\nevent: next\rdata: 3\r\r\n';
    const whole = new ServerSentEventParser().push(text);
    expect(whole).toEqual([
      { event: 'next', data: '{"x":\n2}' },
      { event: 'next', data: '3' },
    ]);
    for (let cut = 1; cut < text.length; cut++) {
      const parser = new ServerSentEventParser();
      expect([...parser.push(text.slice(0, cut)), ...parser.push(text.slice(cut))]).toEqual(whole);
    }
  });

  it('defaults the event name to message', () => {
    expect(new ServerSentEventParser().push('data: hi\n\n')).toEqual([{ event: 'message', data: 'hi' }]);
  });
});

describe('readServerSentEvents', () => {
  it('decodes a byte stream, multi-byte characters split between chunks included', async () => {
    const bytes = new TextEncoder().encode('event: next\ndata: {"place":"Zürich"}\n\nevent: next\ndata: last');
    const split = bytes.indexOf(0xc3) + 1;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, split));
        controller.enqueue(bytes.slice(split));
        controller.close();
      },
    });
    const events = [];
    for await (const event of readServerSentEvents(body)) events.push(event);
    expect(events).toEqual([
      { event: 'next', data: '{"place":"Zürich"}' },
      { event: 'next', data: 'last' },
    ]);
  });
});
