import { electronicFormatIBAN, extractIBAN, isValidIBAN } from 'ibantools';

/**
 * IČO: 8 digits, the last a mod-11 check digit over the first seven weighted 8..2. A remainder of
 * 0 gives check digit 1, a remainder of 1 gives 0, otherwise 11 − remainder.
 */
export function isValidIco(value: string): boolean {
  if (!/^\d{8}$/.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < 7; i++) sum += Number(value[i]) * (8 - i);
  const remainder = sum % 11;
  const check = remainder === 0 ? 1 : remainder === 1 ? 0 : 11 - remainder;
  return Number(value[7]) === check;
}

/** DIČ of a Czech VAT payer: CZ and 8 to 10 digits (IČO, or a birth number for a person). */
export function isValidCzechVatId(value: string): boolean {
  return /^CZ\d{8,10}$/.test(value);
}

/** The IBAN in its electronic form (no spaces, upper case), or null when its checksum or shape is wrong. */
export function normalizeIban(value: string): string | null {
  const electronic = electronicFormatIBAN(value);
  return electronic && isValidIBAN(electronic) ? electronic : null;
}

/**
 * A Czech IBAN (CZkk BBBB PPPPPP CCCCCCCCCC) as the domestic account number people write:
 * `prefix-number/bank`, leading zeros dropped, the prefix only when it is not zero. Null for other countries.
 */
export function czechAccountNumber(iban: string): string | null {
  if (!iban.startsWith('CZ')) return null;
  const bban = extractIBAN(iban).bban;
  if (!bban || bban.length !== 20) return null;
  const bank = bban.slice(0, 4);
  const prefix = bban.slice(4, 10).replace(/^0+/, '');
  const number = bban.slice(10).replace(/^0+/, '');
  return `${prefix ? `${prefix}-` : ''}${number}/${bank}`;
}
