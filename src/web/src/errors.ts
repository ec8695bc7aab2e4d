import type { CombinedError } from 'urql';
import { currentLanguage, i18n } from './i18n';
import en from './locales/en';

/**
 * What the server said went wrong, split into field messages (VALIDATION_FAILED details) and the
 * rest, in the language shown: an English page shows the server's own (English) messages; a Czech
 * page shows the text of the error's `code` and of each refused field's name (common:errors), never
 * the server's English.
 */
export interface Problem {
  code: string;
  message: string;
  /** Message per field path as the server names it: `name`, `redirectUris[0]`, `permissions.documents`. */
  fields: Record<string, string>;
}

interface Detail {
  path?: unknown;
  message?: unknown;
}

export function problemOf(error: CombinedError | undefined | null): Problem | null {
  if (!error) return null;
  if (error.networkError && !error.graphQLErrors.length) {
    return { code: 'NETWORK', message: i18n.t('errors.network'), fields: {} };
  }
  const first = error.graphQLErrors[0];
  const code = typeof first?.extensions?.code === 'string' ? first.extensions.code : 'ERROR';
  const fields: Record<string, string> = {};
  const details = first?.extensions?.details;
  if (Array.isArray(details)) {
    for (const d of details as Detail[]) {
      if (typeof d?.path === 'string' && typeof d.message === 'string' && !(d.path in fields))
        fields[d.path] = fieldText(d.path, d.message);
    }
  }
  return { code, message: codeText(code, first?.message ?? error.message), fields };
}

function codeText(code: string, serverMessage: string): string {
  if (currentLanguage() === 'en') return serverMessage;
  return code in en.errors.codes
    ? i18n.t(`errors.codes.${code as keyof typeof en.errors.codes}`)
    : i18n.t('errors.unknown', { code });
}

/** `items[2].vatRate` → `vatRate`: the field's name, whichever row of a list it is in. */
function fieldName(path: string): string {
  return (
    path
      .replace(/\[\d+\]/g, '')
      .split('.')
      .pop() ?? path
  );
}

function fieldText(path: string, serverMessage: string): string {
  if (currentLanguage() === 'en') return serverMessage;
  const name = fieldName(path);
  return name in en.errors.fields
    ? i18n.t(`errors.fields.${name as keyof typeof en.errors.fields}`)
    : i18n.t('errors.invalid');
}

/** The message for a form field: its own path or anything under it (`redirectUris` covers `redirectUris[1]`). */
export function fieldError(problem: Problem | null, name: string): string | undefined {
  if (!problem) return undefined;
  const hit = Object.entries(problem.fields).find(
    ([path]) => path === name || path.startsWith(`${name}[`) || path.startsWith(`${name}.`),
  );
  return hit?.[1];
}

/** Field messages that no field of the form shows: listed with the form's own error. */
export function unplacedErrors(problem: Problem | null, shown: readonly string[]): string[] {
  if (!problem) return [];
  return Object.entries(problem.fields)
    .filter(
      ([path]) => !shown.some((name) => path === name || path.startsWith(`${name}[`) || path.startsWith(`${name}.`)),
    )
    .map(([path, message]) => i18n.t('errors.unplaced', { field: path, message }));
}

export function isUnauthenticated(error: CombinedError | undefined | null): boolean {
  const response = error?.response as Response | undefined;
  return !!error?.graphQLErrors.some((e) => e.extensions?.code === 'UNAUTHORIZED') || response?.status === 401;
}

/** The company requires two-factor login and the person has not enabled it: only its setup is open. */
export function isTwoFactorRequired(error: CombinedError | undefined | null): boolean {
  return !!error?.graphQLErrors.some((e) => e.extensions?.code === 'TWO_FACTOR_REQUIRED');
}
