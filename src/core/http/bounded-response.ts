/**
 * The body of a third party's answer (fetch's Response), read up to `limit` bytes: null when it is
 * longer (the rest is cancelled, never buffered). A stream broken half way rejects as fetch does.
 */
export async function readBoundedBody(res: Response, limit: number): Promise<Buffer | null> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = (res.body as ReadableStream<Uint8Array> | null)?.getReader();
  for (let read = await reader?.read(); read && !read.done; read = await reader?.read()) {
    size += read.value.byteLength;
    if (size > limit) {
      await reader?.cancel();
      return null;
    }
    chunks.push(read.value);
  }
  return Buffer.concat(chunks);
}
