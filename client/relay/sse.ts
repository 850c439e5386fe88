// A reader for `text/event-stream` bodies (the WHATWG server-sent events format). EventSource cannot send
// an Authorization header, so subscriptions read the stream from fetch() and parse it here.

export type ServerSentEvent = { event: string; data: string };

/** Splits a stream of SSE text into events; comments (keep-alive pings) and retry hints are dropped. */
export class ServerSentEventParser {
  private buffer = '';
  private event = '';
  private data: string[] = [];

  /** Feeds a chunk of decoded text and returns the events it completed. */
  push(chunk: string): ServerSentEvent[] {
    this.buffer += chunk;
    const events: ServerSentEvent[] = [];
    // Lines may end in \r\n, \n or \r; the last piece may be an unfinished line, kept for the next chunk.
    const lines = this.buffer.split(/\r\n|\n|\r(?!$)/);
    this.buffer = lines.pop() ?? '';
    for (const line of lines) {
      if (line === '') {
        if (this.data.length > 0) events.push({ event: this.event || 'message', data: this.data.join('\n') });
        else if (this.event) events.push({ event: this.event, data: '' });
        this.event = '';
        this.data = [];
        continue;
      }
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      let value = colon === -1 ? '' : line.slice(colon + 1);
      if (value.startsWith(' ')) value = value.slice(1);
      if (field === 'event') this.event = value;
      else if (field === 'data') this.data.push(value);
    }
    return events;
  }
}

/** Yields the events of a response body until the stream ends. */
export async function* readServerSentEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<ServerSentEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parser = new ServerSentEventParser();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      yield* parser.push(decoder.decode(value, { stream: true }));
    }
    yield* parser.push(decoder.decode());
    // A stream that ends without a final blank line still completes its last event.
    yield* parser.push('\n\n');
  } finally {
    reader.releaseLock();
  }
}
