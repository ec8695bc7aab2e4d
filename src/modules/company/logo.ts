import { ValidationError } from '../../core/errors';
import { MAX_LOGO_BYTES } from './company.inputs';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const MAX_SIDE = 4000;

/**
 * Anything in an SVG that could run or fetch: scripts, event handlers, embedded HTML, external or
 * javascript: references, entity declarations. Such a logo is refused rather than rewritten.
 */
const SVG_DANGERS: [RegExp, string][] = [
  [/<\s*script/i, 'script elements'],
  [/\son[a-z]+\s*=/i, 'event handler attributes'],
  [/<\s*foreignObject/i, 'foreignObject'],
  [/<!\s*(DOCTYPE|ENTITY)/i, 'DOCTYPE or ENTITY declarations'],
  [/javascript\s*:/i, 'javascript: links'],
  [/(href|src)\s*=\s*["']\s*(?!#|data:image\/(png|jpeg);)/i, 'references to other documents'],
  [/@import|url\s*\(\s*["']?\s*(?!#)/i, 'external style references'],
  [/<\s*(iframe|embed|object|use\s[^>]*href\s*=\s*["'](?!#))/i, 'embedded content'],
];

function refuse(message: string): never {
  throw new ValidationError(`Invalid logo: ${message}`, [{ path: 'data', message }]);
}

/** Checks an uploaded logo's bytes against its declared type; returns them when they are safe to print. */
export function checkLogo(contentType: string, base64: string): Buffer {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0) refuse('is empty');
  if (bytes.length > MAX_LOGO_BYTES) refuse(`is larger than ${MAX_LOGO_BYTES} bytes`);
  if (contentType === 'image/png') {
    if (!bytes.subarray(0, 8).equals(PNG_SIGNATURE) || bytes.length < 33 || bytes.toString('latin1', 12, 16) !== 'IHDR')
      refuse('is not a PNG image');
    const width = bytes.readUInt32BE(16);
    const height = bytes.readUInt32BE(20);
    if (width === 0 || height === 0 || width > MAX_SIDE || height > MAX_SIDE)
      refuse(`must be at most ${MAX_SIDE}×${MAX_SIDE} pixels`);
    return bytes;
  }
  const text = bytes.toString('utf8');
  if (!Buffer.from(text, 'utf8').equals(bytes)) refuse('is not UTF-8 text');
  if (!/<svg[\s>]/i.test(text)) refuse('is not an SVG image');
  for (const [pattern, what] of SVG_DANGERS) if (pattern.test(text)) refuse(`SVG must not contain ${what}`);
  return bytes;
}
