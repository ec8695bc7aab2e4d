import type { ErrorDetail } from '../errors';

/**
 * PostgreSQL refuses NUL in text and JSON ("invalid message format", "unsupported Unicode escape
 * sequence"), and a lone UTF-16 surrogate is no character at all; neither may reach a service.
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this finds
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const NON_ASCII = /[\u0080-\uffff]/;
const PLAIN_KEY = /^[A-Za-z_$][\w$-]*$/;
const MAX_PATH = 200;

export const UNSTORABLE_MESSAGE = 'must not contain NUL characters or unpaired UTF-16 surrogates';

export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}

/** NFC form of a storable string (ASCII is already NFC; skipping it keeps the common case cheap). */
export function nfc(text: string): string {
  return NON_ASCII.test(text) ? text.normalize('NFC') : text;
}

/** `items[2].name`; keys that are no identifiers are quoted (JSON escapes make NUL visible). */
export function childPath(parent: string, key: string | number): string {
  let path: string;
  if (typeof key === 'number') path = `${parent}[${key}]`;
  else if (PLAIN_KEY.test(key)) path = parent ? `${parent}.${key}` : key;
  else path = `${parent}[${JSON.stringify(key.length > 60 ? `${key.slice(0, 60)}…` : key)}]`;
  return path.length > MAX_PATH ? `${path.slice(0, MAX_PATH)}…` : path;
}

interface Slot {
  holder: Record<string | number, unknown>;
  key: string | number;
  path: string;
}

/**
 * Checks every string (and object key) inside `value`, in document order, and NFC-normalises it in
 * place. Iterative, so nesting depth cannot exhaust the stack. Returns the (possibly replaced) value;
 * each unstorable string adds an issue naming its path (the error serializers cap how many are shown).
 */
export function cleanText(value: unknown, root: string, issues: ErrorDetail[]): unknown {
  const box: Record<string, unknown> = { value };
  const stack: Slot[] = [{ holder: box, key: 'value', path: root }];
  const report = (path: string) => issues.push({ path: path || '(body)', message: UNSTORABLE_MESSAGE });
  while (stack.length) {
    const { holder, key, path } = stack.pop()!;
    const current = holder[key];
    if (typeof current === 'string') {
      if (UNSTORABLE.test(current)) report(path);
      else holder[key] = nfc(current);
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--)
        stack.push({ holder: current as never, key: i, path: childPath(path, i) });
    } else if (current !== null && typeof current === 'object') {
      const object = current as Record<string, unknown>;
      for (const name of Object.keys(object).reverse()) {
        const at = childPath(path, name);
        if (UNSTORABLE.test(name)) {
          report(at);
          continue;
        }
        const normal = nfc(name);
        if (normal !== name) {
          object[normal] = object[name];
          delete object[name];
        }
        stack.push({ holder: object, key: normal, path: at });
      }
    }
  }
  return box.value;
}
