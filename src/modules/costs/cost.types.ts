/** Kinds and statuses of a received cost (issue 16). */
export const COST_KINDS = ['INVOICE', 'RECEIPT', 'OTHER'] as const;
export type CostKind = (typeof COST_KINDS)[number];

export const COST_STATUSES = ['OPEN', 'PAID', 'CANCELLED'] as const;
export type CostStatus = (typeof COST_STATUSES)[number];

/** Kinds printed by the supplier with a number of its own, which must then be entered. */
export const KINDS_WITH_SUPPLIER_NUMBER: readonly CostKind[] = ['INVOICE', 'RECEIPT'];

/** Czech VAT rates a received cost may carry (standard, reduced, none). */
export const COST_VAT_RATES = ['21', '12', '0'] as const;

/** The supplier as printed on the cost: a snapshot, so editing the contact later does not rewrite it. */
export interface SupplierSnapshot {
  name: string;
  street: string | null;
  city: string | null;
  zip: string | null;
  country: string | null;
  /** IČO. */
  taxId: string | null;
  /** DIČ. */
  vatId: string | null;
}

/** The supplier's bank account the cost is paid to, as the document states it (any part may be missing). */
export interface PaymentAccount {
  /** Czech account number, e.g. 19-2000145399 (without the bank code). */
  accountNumber: string | null;
  bankCode: string | null;
  iban: string | null;
  bic: string | null;
}
