import { LAST_DAY } from '../../../core/fields';
import { z } from '../../../core/validation';

/** The first year the current forms cover (21 % and 12 %, from 2024); earlier periods had other rates and forms. */
export const FIRST_FILING_YEAR = 2024;

export const filingPeriodInput = z.object({
  period: z
    .string()
    .max(7)
    .regex(/^\d{4}-(0[1-9]|1[0-2]|Q[1-4])$/, 'must be a month YYYY-MM or a quarter YYYY-Qn')
    .refine(
      (p) => Number(p.slice(0, 4)) >= FIRST_FILING_YEAR && p.slice(0, 4) <= LAST_DAY.slice(0, 4),
      `must be from ${FIRST_FILING_YEAR} (the current forms, rates 21 and 12 %) to ${LAST_DAY.slice(0, 4)}`,
    )
    .meta({ description: 'A month YYYY-MM or a quarter YYYY-Qn (Czech days)' }),
});

/** A month or a calendar quarter, as the forms' VetaD names it (rok with mesic or ctvrt). */
export interface FilingPeriod {
  /** As requested: YYYY-MM or YYYY-Qn. */
  key: string;
  year: number;
  month: number | null;
  quarter: number | null;
  /** First and last Czech day. */
  from: string;
  to: string;
  /** Its months, YYYY-MM. */
  months: string[];
}

export function filingPeriodOf(key: string): FilingPeriod {
  const year = Number(key.slice(0, 4));
  const quarter = key[5] === 'Q' ? Number(key[6]) : null;
  const month = quarter === null ? Number(key.slice(5, 7)) : null;
  const first = quarter === null ? month! : quarter * 3 - 2;
  const count = quarter === null ? 1 : 3;
  const months = Array.from({ length: count }, (_, i) => `${year}-${String(first + i).padStart(2, '0')}`);
  const last = first + count - 1;
  const lastDay = new Date(Date.UTC(year, last, 0)).getUTCDate();
  return {
    key,
    year,
    month,
    quarter,
    from: `${months[0]}-01`,
    to: `${months[count - 1]}-${String(lastDay).padStart(2, '0')}`,
    months,
  };
}

/** VetaD's period fields. */
export function periodAttributes(period: FilingPeriod): { rok: string; mesic?: string; ctvrt?: string } {
  return period.quarter === null
    ? { rok: String(period.year), mesic: String(period.month) }
    : { rok: String(period.year), ctvrt: String(period.quarter) };
}
