import BigNumber from 'bignumber.js';
import { czechDate } from '../../../core/clock';
import type { DocumentLanguage } from '../../../core/languages';

/** How a document's language writes numbers and dates (PDF, public page, e-mail). */
interface Format {
  groupSeparator: string;
  decimalSeparator: string;
  /** A date from its year, month and day as the Czech calendar has them ("2026", "03", "07"). */
  date: (y: string, m: string, d: string) => string;
}

const FORMATS: Record<DocumentLanguage, Format> = {
  cs: { groupSeparator: ' ', decimalSeparator: ',', date: (y, m, d) => `${Number(d)}. ${Number(m)}. ${y}` },
  en: { groupSeparator: ',', decimalSeparator: '.', date: (y, m, d) => `${y}-${m}-${d}` },
  de: { groupSeparator: '.', decimalSeparator: ',', date: (y, m, d) => `${d}.${m}.${y}` },
};

/** An amount with 2 decimals and grouped thousands: 1 210,00 (cs), 1,210.00 (en), 1.210,00 (de). */
export function amount(value: string | BigNumber, language: DocumentLanguage): string {
  const { groupSeparator, decimalSeparator } = FORMATS[language];
  return new BigNumber(value).toFormat(2, BigNumber.ROUND_HALF_UP, { groupSeparator, groupSize: 3, decimalSeparator });
}

/** A quantity, rate or exchange rate as it is, with the language's decimal separator. */
export function plainNumber(value: string, language: DocumentLanguage): string {
  return new BigNumber(value).toFixed().replace('.', FORMATS[language].decimalSeparator);
}

/** The Czech calendar day of `at`: 7. 3. 2026 (cs), 2026-03-07 (en), 07.03.2026 (de). */
export function date(at: Date, language: DocumentLanguage): string {
  const [y, m, d] = czechDate(at).split('-');
  return FORMATS[language].date(y, m, d);
}
