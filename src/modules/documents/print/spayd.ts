/**
 * Czech QR payment (SPAYD 1.0, "QR Platba"): `SPD*1.0*KEY:value*...`. A value cannot hold `*`, the
 * separator: it is written %2A, and `%` itself %25 so the escape stays unambiguous. MSG is at most
 * 60 characters, X-VS at most 10 digits.
 */
export interface SpaydPayment {
  iban: string;
  amount: string;
  currency: string;
  variableSymbol: string | null;
  message: string;
}

const MAX_MESSAGE = 60;

export function spaydValue(value: string): string {
  return value.replace(/%/g, '%25').replace(/\*/g, '%2A');
}

export function spaydString(p: SpaydPayment): string {
  const parts = ['SPD', '1.0', `ACC:${p.iban}`, `AM:${p.amount}`, `CC:${p.currency}`];
  if (p.variableSymbol) parts.push(`X-VS:${p.variableSymbol}`);
  const message = spaydValue(p.message.replace(/\s+/g, ' ').trim())
    .slice(0, MAX_MESSAGE)
    .replace(/%[0-9A-F]?$/, ''); // never cut an escape in half
  if (message) parts.push(`MSG:${message}`);
  return parts.join('*');
}
