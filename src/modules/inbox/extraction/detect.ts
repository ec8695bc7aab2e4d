export type FileKind = 'PDF' | 'PNG' | 'JPEG' | 'ISDOC' | 'ISDOCX';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const ZIP = Buffer.from('PK\x03\x04', 'latin1');

/**
 * What the bytes are, from their first bytes (never from the name): null for anything else (415),
 * including an empty file — a caller that wants a 0-byte upload to become a FAILED item (issue 29
 * point 7) checks `content.length === 0` first; `extract` then fails it with its reason.
 */
export function detectKind(content: Buffer): FileKind | null {
  if (content.length === 0) return null;
  if (content.subarray(0, 8).equals(PNG)) return 'PNG';
  if (content.length >= 3 && content[0] === 0xff && content[1] === 0xd8 && content[2] === 0xff) return 'JPEG';
  if (content.subarray(0, 4).equals(ZIP)) return 'ISDOCX';
  // A PDF's header may follow some bytes of junk (PDF 1.7, annex H.3).
  if (content.subarray(0, 1024).includes('%PDF-')) return 'PDF';
  const start = content
    .subarray(0, 512)
    .toString('utf8')
    .replace(/^\ufeff/, '');
  if (/^\s*</.test(start) && /<([\w-]+:)?Invoice\b/.test(content.subarray(0, 4096).toString('utf8'))) return 'ISDOC';
  return null;
}
