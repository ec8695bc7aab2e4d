import type { DocumentType, DocumentItemInput, ReverseChargeInput, ReverseChargeRegime } from '../../gql/graphql';
import type { Problem } from '../../errors';

/** One line of the form as typed (the item input's fields, all present): strings, checked only by the server. */
export type Row = { key: number } & Required<{ [K in keyof DocumentItemInput]: NonNullable<DocumentItemInput[K]> }>;

export interface Head {
  type: DocumentType;
  contactId: string;
  clientName: string;
  issuedAt: string;
  taxableSupplyDate: string;
  dueAt: string;
  variableSymbol: string;
  note: string;
  /** '': the contact's language, else the company's. */
  language: string;
  /** ISO 4217. */
  currency: string;
  /** CZK per 1 unit of a foreign currency; '': the ČNB fixing of the taxable supply date. */
  exchangeRate: string;
  /** A QUOTE's validity (a Czech day); empty: none. */
  validUntil: string;
  /** '' for none; a DOMESTIC one needs its § 92a code. */
  reverseCharge: ReverseChargeRegime | '';
  reverseChargeCode: string;
}

/** The head's reverse charge as the API takes it (null: none). */
export function reverseChargeInput(head: Pick<Head, 'reverseCharge' | 'reverseChargeCode'>): ReverseChargeInput | null {
  if (!head.reverseCharge) return null;
  return { regime: head.reverseCharge, code: head.reverseCharge === 'DOMESTIC' ? head.reverseChargeCode : null };
}

let rowKeys = 0;

/** A key for a new row, unique on the page (React tells rows apart by it). */
export const nextRowKey = () => ++rowKeys;

export const blankRow = (): Row => ({
  key: nextRowKey(),
  name: '',
  quantity: '1',
  unit: 'ks',
  unitPrice: '',
  vatRate: '21',
  priceIncludesVat: false,
});

export const isBlank = (r: Row) => !r.name.trim() && !r.unitPrice.trim();

export const isComplete = (r: Row) =>
  !!r.name.trim() && !!r.quantity.trim() && !!r.unitPrice.trim() && !!r.vatRate.trim();

function itemInput(r: Row): DocumentItemInput {
  return {
    name: r.name,
    quantity: r.quantity.replace(',', '.'),
    unit: r.unit,
    unitPrice: r.unitPrice.replace(',', '.'),
    vatRate: r.vatRate,
    priceIncludesVat: r.priceIncludesVat,
  };
}

/** The rows a request carries and, for each, its index in the form, so `items[k]` messages land on the right row. */
export function sentRows(rows: Row[], keep: (r: Row) => boolean) {
  const indexes: number[] = [];
  const items: DocumentItemInput[] = [];
  rows.forEach((r, i) => {
    if (keep(r)) {
      indexes.push(i);
      items.push(itemInput(r));
    }
  });
  return { items, indexes };
}

/** A problem about the sent rows renamed to the form's rows: `items[1].quantity` of the request may be row 3. */
export function onFormRows(problem: Problem | null, indexes: number[]): Problem | null {
  if (!problem) return null;
  const fields: Record<string, string> = {};
  for (const [path, message] of Object.entries(problem.fields)) {
    fields[path.replace(/^items\[(\d+)\]/, (_, k: string) => `items[${indexes[Number(k)] ?? k}]`)] = message;
  }
  return { ...problem, fields };
}
