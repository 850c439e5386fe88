// A download streamed page by page (history exports, batch results): the first page is read before the
// answer, so a bad parameter is a clear 400 rather than a broken file, and a large result never sits in
// memory at once.
export interface Encoder<Row> {
  type: string;
  head: string;
  /** One row's text, or null to leave the row out. */
  item(row: Row): string | null;
  separator: string;
  tail: string;
}

export interface Paged<Row> {
  rows: Row[];
  /** The page after this one, or null at the end. */
  next(): Promise<Paged<Row>> | null;
}

export function streamDownload<Row>(
  first: Paged<Row>,
  enc: Encoder<Row>,
  filename: string,
  /** Called with each page's rows once they are written. */
  written?: (rows: Row[]) => Promise<void>,
): Response {
  const text = new TextEncoder();
  let page: Paged<Row> | null = first;
  let started = false;
  let count = 0;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(text.encode(enc.head));
      }
      if (!page) return;
      let chunk = '';
      for (const row of page.rows) {
        const item = enc.item(row);
        if (item === null) continue;
        chunk += (count++ > 0 ? enc.separator : '') + item;
      }
      if (chunk) controller.enqueue(text.encode(chunk));
      await written?.(page.rows);
      const next = page.next();
      if (next) {
        page = await next;
      } else {
        page = null;
        controller.enqueue(text.encode(enc.tail));
        controller.close();
      }
    },
  });
  return new Response(stream, {
    headers: {
      'content-type': enc.type,
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'no-store',
    },
  });
}
