import type { AppContext } from './types';

/** A stored file to answer with. */
export interface StoredFile {
  filename: string;
  contentType: string;
  content: Buffer;
}

/**
 * Answers with a stored file (a cost's attachment, an inbox item's file) byte for byte: downloaded,
 * never shown inline or sniffed, sandboxed should a browser open it anyway.
 */
export function sendAttachment(ctx: AppContext, file: StoredFile): void {
  ctx.set('Content-Disposition', contentDisposition(file.filename));
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Content-Security-Policy', "default-src 'none'; sandbox");
  ctx.type = file.contentType;
  ctx.body = file.content;
}

/** `attachment`, the name in ASCII and in RFC 5987 UTF-8. */
function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
