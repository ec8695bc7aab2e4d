import BigNumber from 'bignumber.js';

/**
 * The rules of matching an incoming payment to an invoice or proforma (README "Payment matching
 * rules"), as plain functions of the payment and the candidates: the matcher locks and links, the
 * suggestions ask the documents module, both decide by these.
 */

/** A payment in this currency may pay a document in another one at the document's exchange rate. */
export const HOME_CURRENCY = 'CZK';

/**
 * A payment converted at the document's exchange rate rarely lands on the cent: paying up to 1 %
 * more than remains counts as paying it in full (the exchange-rate difference), not as an over-payment.
 */
export const CONVERSION_TOLERANCE = new BigNumber('0.01');

/** Longest message word taken for a document number, and how many words of one message are looked up. */
const MAX_NUMBER_LENGTH = 40;
const MAX_NUMBERS = 20;

export interface PaymentMoney {
  amount: string;
  currency: string;
}

export interface DocumentMoney {
  currency: string;
  /** CZK per 1 unit of the document's currency; null for a foreign-currency document made before Migration0026. */
  exchangeRate: string | null;
}

/**
 * What the payment adds to the document's paid amount, in the document's currency (2 places): the
 * payment itself in the same currency; a CZK payment of a document in another currency converted
 * at the document's exchange rate. Null when it cannot pay the document (another currency pair, no
 * rate, or nothing left after rounding).
 */
export function appliedAmountOf(payment: PaymentMoney, document: DocumentMoney): string | null {
  if (payment.currency === document.currency) return new BigNumber(payment.amount).toFixed(2);
  if (payment.currency !== HOME_CURRENCY || document.exchangeRate === null) return null;
  const applied = new BigNumber(payment.amount).div(document.exchangeRate).decimalPlaces(2, BigNumber.ROUND_HALF_UP);
  return applied.gt(0) ? applied.toFixed(2) : null;
}

/** FULL: pays what remains (a converted payment within the tolerance); PARTIAL: less; OVER: more. */
export type Coverage = 'FULL' | 'PARTIAL' | 'OVER';

export function coverageOf(applied: string, remaining: string, converted: boolean): Coverage {
  const excess = new BigNumber(applied).minus(remaining);
  if (excess.isZero()) return 'FULL';
  if (excess.lt(0)) return 'PARTIAL';
  return converted && excess.lte(new BigNumber(remaining).times(CONVERSION_TOLERANCE)) ? 'FULL' : 'OVER';
}

/** Banks pad variable symbols with zeros; 0000123 and 123 are the same symbol. */
export function normalizeSymbol(symbol: string): string {
  return symbol.replace(/^0+/, '');
}

/**
 * The words of a payment's message that could be document numbers, upper case: runs of letters,
 * digits and the separators / . - _ that hold a digit ("Faktura č. FV-2026/0012." gives FV-2026/0012).
 */
export function messageNumbers(message: string | null): string[] {
  const words = (message ?? '').toUpperCase().match(/[A-Z0-9](?:[A-Z0-9/._-]*[A-Z0-9])?/g) ?? [];
  const numbers = words.filter((w) => /\d/.test(w) && w.length >= 3 && w.length <= MAX_NUMBER_LENGTH);
  return [...new Set(numbers)].slice(0, MAX_NUMBERS);
}

/** What identifies the document a payment pays, strongest first. */
export const IDENTIFYING_CLUES = ['VARIABLE_SYMBOL', 'SPECIFIC_SYMBOL', 'MESSAGE_NUMBER'] as const;
export type IdentifyingClue = (typeof IDENTIFYING_CLUES)[number];

/** An incoming payment as the rules read it. */
export interface PaymentClues extends PaymentMoney {
  variableSymbol: string | null;
  specificSymbol: string | null;
  message: string | null;
}

/** An unpaid document the payment could pay. */
export interface DocumentCandidate extends DocumentMoney {
  id: string;
  number: string;
  variableSymbol: string;
  remaining: string;
}

/** Whether the clue names the document: its variable symbol as the payment's variable or specific symbol, or its number in the message. */
export function identifies(clue: IdentifyingClue, payment: PaymentClues, document: DocumentCandidate): boolean {
  if (clue === 'MESSAGE_NUMBER') return messageNumbers(payment.message).includes(document.number.toUpperCase());
  const symbol = normalizeSymbol((clue === 'VARIABLE_SYMBOL' ? payment.variableSymbol : payment.specificSymbol) ?? '');
  return symbol !== '' && normalizeSymbol(document.variableSymbol) === symbol;
}

export interface ChosenDocument {
  document: DocumentCandidate;
  /** The payment in the document's currency. */
  applied: string;
  clue: IdentifyingClue;
  coverage: Coverage;
}

/**
 * The automatic matching rule. The strongest clue that names any unpaid document in a currency the
 * payment can pay decides: the one document it names whose remaining amount the payment pays in
 * full, else the only document it names. That document is matched when the payment pays it in full
 * or in part (the rest stays due); an over-payment is left for a person (the excess is refunded or
 * credited), as is a clue naming several documents. Null: nothing is matched automatically.
 */
export function chooseDocument(payment: PaymentClues, candidates: readonly DocumentCandidate[]): ChosenDocument | null {
  for (const clue of IDENTIFYING_CLUES) {
    const named = candidates.flatMap((document) => {
      const applied = identifies(clue, payment, document) ? appliedAmountOf(payment, document) : null;
      if (applied === null || !new BigNumber(document.remaining).gt(0)) return [];
      const converted = payment.currency !== document.currency;
      return [{ document, applied, clue, coverage: coverageOf(applied, document.remaining, converted) }];
    });
    if (named.length === 0) continue;
    const full = named.filter((n) => n.coverage === 'FULL');
    const chosen = full.length === 1 ? full[0] : named.length === 1 ? named[0] : null;
    return chosen && chosen.coverage !== 'OVER' ? chosen : null;
  }
  return null;
}
