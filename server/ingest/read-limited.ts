import { tooLarge } from './errors';

export type ImageInput = Uint8Array | AsyncIterable<Uint8Array>;

/**
 * Collects an upload into one buffer, refusing it as soon as it passes `maxBytes`: the chunk that
 * crosses the limit is dropped and the source is closed (breaking out of `for await` calls its
 * `return()`, which destroys a Node stream), so at most `maxBytes` are ever held and a client that
 * keeps sending is not read any further.
 */
export async function readLimited(input: ImageInput, maxBytes: number): Promise<Buffer> {
  if (input instanceof Uint8Array) {
    if (input.byteLength > maxBytes) throw tooLarge();
    return Buffer.from(input.buffer, input.byteOffset, input.byteLength);
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
