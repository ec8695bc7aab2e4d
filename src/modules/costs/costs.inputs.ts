import { listInput } from '../../core/pagination';
import { czechDay, decimal, id, instant, MAX, optionalText, text } from '../../core/fields';
import { booleanParam, z } from '../../core/validation';
import { itemInput, tags } from '../documents/documents.module';
import { COST_KINDS, COST_STATUSES, COST_VAT_RATES } from './cost.types';

/** A document line, with the Czech rates only. */
const costItem = itemInput.extend({
  vatRate: decimal({ places: 2, min: '0', max: '21' })
    .refine((rate) => COST_VAT_RATES.some((r) => rate.eq(r)), { message: 'must be 21, 12 or 0' })
    .meta({ description: 'Percent: 21, 12 or 0' }),
});

/** Trimmed at the ends only: everything printed between stays as it is (slashes, spaces, zeros, case). */
const supplierDocumentNumber = z
  .string()
  .trim()
  .max(100)
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional()
  .meta({
    description: 'The supplier’s own number of the document, kept as printed; required for INVOICE and RECEIPT',
  });

/** Any part may be missing (a foreign supplier gives only IBAN and BIC); absent parts are null. */
const paymentAccount = z
  .object({
    accountNumber: optionalText(40).meta({ description: 'Czech account number without the bank code' }),
    bankCode: optionalText(10),
    iban: optionalText(34).transform((v) => v?.replace(/\s+/g, '').toUpperCase() ?? null),
    bic: optionalText(11),
  })
  .transform((a) => ({
    accountNumber: a.accountNumber ?? null,
    bankCode: a.bankCode ?? null,
    iban: a.iban ?? null,
    bic: a.bic ?? null,
  }))
  .nullable()
  .optional()
  .meta({ description: 'The supplier’s bank account the cost is paid to' });

const fields = {
  kind: z.enum(COST_KINDS),
  supplierId: id().meta({
    description: 'A contact of type SUPPLIER or BOTH; its name, address, IČO and DIČ are copied onto the cost',
  }),
  supplierDocumentNumber,
  variableSymbol: z
    .string()
    .max(10)
    .regex(/^\d{1,10}$/, 'must be 1 to 10 digits')
    .nullable()
    .optional(),
  paymentAccount,
  issuedAt: instant(),
  taxableSupplyDate: instant().meta({ description: 'DUZP; default issuedAt' }),
  receivedAt: instant().meta({ description: 'Default now' }),
  vatClaimDate: instant().meta({
    description: 'When the input VAT is deducted; default receivedAt (DUZP when received earlier); never before DUZP',
  }),
  dueAt: instant().meta({ description: 'Default issuedAt + 14 days; not before issuedAt' }),
  currency: z
    .string()
    .max(3)
    .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as CZK')
    .meta({ description: 'ISO 4217; default CZK' }),
  exchangeRate: decimal({ places: 9, min: '0.000000001', max: '99999999999' }).nullable().optional().meta({
    description:
      'CZK per 1 unit of currency; null or absent: the ČNB fixing valid on taxableSupplyDate (the last published on or before it); 1 for CZK',
  }),
  items: z.array(costItem).min(1).max(500),
  reverseCharge: z.boolean().meta({
    description: 'The company self-assesses the VAT (přenesená daňová povinnost); the supplier is paid the subtotal',
  }),
  taxDeductible: z.boolean().meta({ description: 'An income-tax deductible expense; default true' }),
  tags,
  note: z.string().max(5000).nullable().optional(),
};

export const createCostInput = z.object({
  ...fields,
  taxableSupplyDate: fields.taxableSupplyDate.optional(),
  receivedAt: fields.receivedAt.optional(),
  vatClaimDate: fields.vatClaimDate.optional(),
  dueAt: fields.dueAt.optional(),
  currency: fields.currency.default('CZK'),
  reverseCharge: fields.reverseCharge.default(false),
  taxDeductible: fields.taxDeductible.default(true),
  tags: fields.tags.default([]),
});
export type CreateCostInput = z.infer<typeof createCostInput>;

export const updateCostInput = z
  .object({
    kind: fields.kind.optional(),
    supplierId: fields.supplierId.optional(),
    supplierDocumentNumber: fields.supplierDocumentNumber,
    variableSymbol: fields.variableSymbol,
    paymentAccount: fields.paymentAccount,
    issuedAt: fields.issuedAt.optional(),
    taxableSupplyDate: fields.taxableSupplyDate.optional(),
    receivedAt: fields.receivedAt.optional(),
    vatClaimDate: fields.vatClaimDate.optional(),
    dueAt: fields.dueAt.optional(),
    currency: fields.currency.optional(),
    exchangeRate: fields.exchangeRate,
    items: fields.items.optional(),
    reverseCharge: fields.reverseCharge.optional(),
    taxDeductible: fields.taxDeductible.optional(),
    tags: fields.tags.optional(),
    note: fields.note,
  })
  .meta({
    description:
      'Only the fields sent change; only an OPEN cost changes (else 409 COST_NOT_OPEN), and amounts, currency and reverseCharge only while no payment is matched. A new currency or taxableSupplyDate without exchangeRate takes the ČNB rate of the taxable supply date; new items alone keep the rate.',
  });
export type UpdateCostInput = z.infer<typeof updateCostInput>;

export const listCostsQuery = listInput(['createdAt', 'issuedAt']).extend({
  status: z.enum(COST_STATUSES).optional(),
  kind: z.enum(COST_KINDS).optional(),
  supplierId: id().optional(),
  /** Czech calendar dates, inclusive, compared with issuedAt. */
  from: czechDay().optional(),
  to: czechDay().optional(),
  /** Czech calendar dates, inclusive, compared with vatClaimDate. */
  vatClaimFrom: czechDay().optional(),
  vatClaimTo: czechDay().optional(),
  overdue: booleanParam.optional(),
  /** Case-insensitive substring of number, supplier document number or supplier name. */
  search: text(MAX.searchTerm).optional(),
});
export type ListCostsQuery = z.infer<typeof listCostsQuery>;

/** POST /costs/import's query: the uploaded file's name, kept on the attachment. */
export const importCostQuery = z.object({
  filename: z.string().trim().max(200).optional().meta({
    description: 'The file’s name, kept on the attachment (path parts dropped); default invoice.isdoc, .isdocx or .pdf',
  }),
});

/** GraphQL importCostIsdoc: the ISDOC as text. */
export const importIsdocTextInput = importCostQuery.extend({
  xml: z.string().min(1).max(1_000_000),
});
