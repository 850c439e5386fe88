import { tooLarge } from './errors';

/** A file part of a parsed form (a web File or the server's ponyfill of one): its size is known up front. */
export interface FilePart {
  readonly size: number;
  arrayBuffer(): Promise<ArrayBuffer>;
}

export type ImageInput = Uint8Array | FilePart | AsyncIterable<Uint8Array>;

function isFilePart(input: ImageInput): input is FilePart {
  return typeof (input as FilePart).arrayBuffer === 'function' && typeof (input as FilePart).size === 'number';
}

/**
 * Collects an upload into one buffer, refusing it as soon as it passes `maxBytes`: the chunk that
 * crosses the limit is dropped and the source is closed (breaking out of `for await` calls its
 * `return()`, which destroys a Node stream), so at most `maxBytes` are ever held and a client that
 * keeps sending is not read any further. A form's file part was already size-capped by the parser
 * (server/http/fetch-api.ts); its size is checked before its bytes are copied.
 */
export async function readLimited(input: ImageInput, maxBytes: number): Promise<Buffer> {
  if (input instanceof Uint8Array) {
    if (input.byteLength > maxBytes) throw tooLarge();
    return Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  }
  if (isFilePart(input)) {
    if (input.size > maxBytes) throw tooLarge();
    return Buffer.from(await input.arrayBuffer());
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of input) {
    total += chunk.byteLength;
    if (total > maxBytes) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, total);
}
