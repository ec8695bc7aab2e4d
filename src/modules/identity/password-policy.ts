import { dictionary } from '@zxcvbn-ts/language-common';
import { MAX } from '../../core/fields';
import { z } from '../../core/validation';

/** Issue 23 point 8: the least length of a new password. */
export const PASSWORD_MIN_LENGTH = 12;

let common: ReadonlySet<string> | null = null;

/**
 * Common and breached passwords: the `passwords-common` dictionary of zxcvbn-ts
 * (@zxcvbn-ts/language-common, about 49,000 entries, lower case), loaded on first use.
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common']);
  return common.has(password.toLowerCase());
}

/** A new password (signup, a new user, a password change): long enough and not a known one. */
export const newPassword = () =>
  z
    .string()
    .min(PASSWORD_MIN_LENGTH, { message: `must be at least ${PASSWORD_MIN_LENGTH} characters` })
    .max(MAX.password)
    .refine((p) => !isCommonPassword(p), { message: 'is a commonly used password; choose another' });

export const PASSWORD_IS_EMAIL = 'must not be the e-mail address';

/** A password equal to the person's e-mail (case-insensitive) is refused. */
export function passwordIsEmail(password: string, email: string): boolean {
  return password.trim().toLowerCase() === email.trim().toLowerCase();
}

/** The object-level rule of inputs with both fields: the password is not the e-mail. */
export function notTheEmail<T extends { email: string; password: string }>(value: T): boolean {
  return !passwordIsEmail(value.password, value.email);
}
