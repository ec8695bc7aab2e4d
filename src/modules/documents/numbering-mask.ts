import { CZ_TZ, dayjs } from '../../core/clock';

/**
 * A numbering mask: literal text with tokens, e.g. `FV{YYYY}-{NNNN}` or `{YY}{NNNNN}`.
 * - `{YYYY}`, `{YY}`: the year of the document's issue date in Europe/Prague;
 * - `{MM}`: its month, 01–12;
 * - `{N…N}` (1 to 12 N's): the counter, zero-padded to that many digits (exactly one per mask).
 * Literal text: letters, digits and _ . / - (what prefixes always allowed, so every old prefix is a mask).
 */
export const MASK_MAX_LENGTH = 40;
/** A Czech variable symbol has at most 10 digits; a mask may not print more. */
export const VARIABLE_SYMBOL_DIGITS = 10;

export const RESTARTS = ['YEARLY', 'NEVER'] as const;
/** When the counter starts again at 1: every calendar year (Europe/Prague) of the issue date, or never. */
export type Restart = (typeof RESTARTS)[number];

const TOKEN_OR_LITERAL = /\{([A-Za-z]+)\}|([A-Za-z0-9_./-]+)|(.)/g;
const DIGITS_OF_TOKEN: Record<string, number> = { YYYY: 4, YY: 2, MM: 2 };

/** A mask's errors, [] when it is valid (for `restart`: YEARLY needs a year token, or numbers would repeat). */
export function maskErrors(mask: string, restart: Restart): string[] {
  if (mask.length > MASK_MAX_LENGTH) return [`at most ${MASK_MAX_LENGTH} characters`];
  const errors: string[] = [];
  let counters = 0;
  let years = 0;
  let digits = 0;
  for (const [, token, literal, other] of mask.matchAll(TOKEN_OR_LITERAL)) {
    if (other !== undefined) errors.push(`"${other}" is not allowed: letters, digits, _ . / - and {tokens} only`);
    else if (literal !== undefined) digits += literal.replace(/\D/g, '').length;
    else if (/^N{1,12}$/.test(token)) {
      counters++;
      digits += token.length;
    } else if (token in DIGITS_OF_TOKEN) {
      if (token !== 'MM') years++;
      digits += DIGITS_OF_TOKEN[token];
    } else errors.push(`unknown token {${token}}: {YYYY}, {YY}, {MM} and {N…N} (1 to 12 N) only`);
  }
  if (counters !== 1) errors.push('needs exactly one counter token {N…N}');
  if (restart === 'YEARLY' && years === 0) errors.push('a series restarting every year needs {YYYY} or {YY}');
  if (digits > VARIABLE_SYMBOL_DIGITS)
    errors.push(`prints ${digits} digits; the variable symbol takes at most ${VARIABLE_SYMBOL_DIGITS}`);
  return errors;
}

/** The number `counter` gets in a series of `mask` for a document issued at `issuedAt`. */
export function formatMask(mask: string, counter: number | string, issuedAt: Date): string {
  // The Prague day only for a mask that prints it: dayjs's time zone conversion is the costliest step of
  // numbering a document (docs/benchmarks.md, "Issue 31 point 1"), and most masks print no date.
  let day: ReturnType<typeof dayjs> | undefined;
  const prague = () => (day ??= dayjs(issuedAt).tz(CZ_TZ));
  return mask.replace(/\{([A-Z]+)\}/g, (_, token: string) => {
    if (token === 'YYYY') return prague().format('YYYY');
    if (token === 'YY') return prague().format('YY');
    if (token === 'MM') return prague().format('MM');
    return String(counter).padStart(token.length, '0');
  });
}

/** The counter period a document issued at `issuedAt` numbers in: its Prague year, or '' for a series that never restarts. */
export function periodOf(restart: Restart, issuedAt: Date): string {
  return restart === 'YEARLY' ? dayjs(issuedAt).tz(CZ_TZ).format('YYYY') : '';
}

/** The mask of an old prefix + padding series: the same numbers. */
export function legacyMask(prefix: string, padding: number): string {
  return `${prefix}{${'N'.repeat(padding)}}`;
}

/** The mask split around its counter: what the settings show as prefix and padding. */
export function maskParts(mask: string): { prefix: string; padding: number; suffix: string } {
  const m = /^(.*?)\{(N+)\}(.*)$/.exec(mask);
  return m ? { prefix: m[1], padding: m[2].length, suffix: m[3] } : { prefix: mask, padding: 0, suffix: '' };
}
