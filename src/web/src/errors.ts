import type { CombinedError } from 'urql';

/** What the server said went wrong, split into field messages (VALIDATION_FAILED details) and the rest. */
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
    return {
      code: 'NETWORK',
      message: 'The server could not be reached. Check the connection and try again.',
      fields: {},
    };
  }
  const first = error.graphQLErrors[0];
  const code = typeof first?.extensions?.code === 'string' ? first.extensions.code : 'ERROR';
  const fields: Record<string, string> = {};
  const details = first?.extensions?.details;
  if (Array.isArray(details)) {
    for (const d of details as Detail[]) {
      if (typeof d?.path === 'string' && typeof d.message === 'string' && !(d.path in fields))
        fields[d.path] = d.message;
    }
  }
  return { code, message: first?.message ?? error.message, fields };
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
    .map(([path, message]) => `${path}: ${message}`);
}

export function isUnauthenticated(error: CombinedError | undefined | null): boolean {
  const response = error?.response as Response | undefined;
  return !!error?.graphQLErrors.some((e) => e.extensions?.code === 'UNAUTHORIZED') || response?.status === 401;
}

/** The company requires two-factor login and the person has not enabled it: only its setup is open. */
export function isTwoFactorRequired(error: CombinedError | undefined | null): boolean {
  return !!error?.graphQLErrors.some((e) => e.extensions?.code === 'TWO_FACTOR_REQUIRED');
}
