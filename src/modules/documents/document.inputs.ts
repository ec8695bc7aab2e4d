import { czechDay, decimal, id, instant, MAX, text } from '../../core/fields';
import { DOCUMENT_LANGUAGES } from '../../core/languages';
import { listInput } from '../../core/pagination';
import { booleanParam, z } from '../../core/validation';
import { CREATABLE_TYPES, DOCUMENT_STATUSES, DOCUMENT_TYPES } from './document.types';
import { reverseChargeInput } from './reverse-charge';

/** A line as documents and received costs take it. */
export const itemInput = z.object({
  name: text(500),
  quantity: decimal({ places: 4, min: '-99999999.9999', max: '99999999.9999', nonZero: true }),
  unit: text(20).default('ks'),
  unitPrice: decimal({ places: 4, min: '-9999999999.99', max: '9999999999.99' }).meta({
    description: 'At most 4 decimals; negative for a discount line',
  }),
  vatRate: decimal({ places: 2, min: '0', max: '99.99' }).meta({
    description: 'Percent, 0–99.99 (Czech rates 21, 12, 0)',
  }),
  priceIncludesVat: z
    .boolean()
    .default(false)
    .meta({ description: 'true: unitPrice is gross and VAT is carved out of it' }),
});

/** Up to 50 distinct tags. */
export const tags = z
  .array(text(50))
  .max(50)
  .transform((list) => [...new Set(list)]);

export const MAX_CUSTOM_FIELDS = 50;

const customFields = z
  .record(z.string().trim().min(1).max(100), z.string().max(1000))
  .refine((fields) => Object.keys(fields).length <= MAX_CUSTOM_FIELDS, `at most ${MAX_CUSTOM_FIELDS} fields`)
  .meta({
    description: `The company's own fields: at most ${MAX_CUSTOM_FIELDS}, keys up to 100 characters, values up to 1000; the whole object replaces the stored one`,
  });

/** CZK per unit of a document's currency, when given rather than ČNB's. */
const exchangeRate = decimal({ places: 9, min: '0.000000001', max: '99999999999' }).nullable().optional().meta({
  description:
    'CZK per 1 unit of currency; null or absent: the ČNB fixing valid on the taxable supply date (the last published on or before it); 1 for CZK',
});

const editable = {
  contactId: id()
    .nullable()
    .optional()
    .meta({ description: 'A contact of this organization; clientName defaults to its name' }),
  clientName: text(500).nullable().optional(),
  departmentId: id()
    .nullable()
    .optional()
    .meta({ description: 'Callers limited to departments must pick one of theirs (default: their first)' }),
  currency: z
    .string()
    .max(3)
    .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as CZK')
    .optional()
    .meta({ description: 'ISO 4217; default CZK' }),
  items: z.array(itemInput).min(1).max(500).optional(),
  exchangeRate,
  reverseCharge: reverseChargeInput,
  language: z.enum(DOCUMENT_LANGUAGES).nullable().optional().meta({
    description:
      "Language of the PDF, public page and e-mail: cs, en or de; null or absent: the contact's, else the company's. Changes only on a draft",
  }),
  tags: tags.optional(),
  customFields: customFields.optional(),
  issuedAt: instant().optional().meta({ description: 'Default now' }),
  dueAt: instant().optional().meta({ description: 'Default issuedAt + 14 days; not before issuedAt' }),
  taxableSupplyDate: instant()
    .nullable()
    .optional()
    .meta({ description: 'DUZP, the taxable supply date; null or absent: the issue date' }),
  variableSymbol: z
    .string()
    .max(10)
    .regex(/^\d{1,10}$/, 'must be 1 to 10 digits')
    .nullable()
    .optional()
    .meta({ description: 'Default: the last up to 10 digits of number' }),
  note: z.string().max(5000).nullable().optional(),
  validUntil: instant()
    .nullable()
    .optional()
    .meta({ description: 'A QUOTE only: the last Czech day on which the customer can accept it; null: no limit' }),
};

export const createDocumentInput = z.object({
  type: z.enum(CREATABLE_TYPES),
  /** DRAFT by default; ISSUED; or PAID = created already paid. */
  status: z.enum(['DRAFT', 'ISSUED', 'PAID']).default('DRAFT').meta({ description: 'PAID = created already paid' }),
  ...editable,
  items: z.array(itemInput).min(1).max(500),
});
export type CreateDocumentInput = z.infer<typeof createDocumentInput>;

export const updateDocumentInput = z.object(editable).meta({
  description:
    'Only the fields sent change. Content changes only in DRAFT, ISSUED and SENT, and only in DRAFT when the company locks issued documents (else 409 DOCUMENT_LOCKED); tags and customFields change in any status. A content change of an issued document makes a new version.',
});
export type UpdateDocumentInput = z.infer<typeof updateDocumentInput>;

/** POST /documents/:id/credit-note: a corrective tax document (§ 45 ZDPH) of an issued invoice. */
export const creditNoteInput = z.object({
  reason: text(500).meta({ description: 'Důvod opravy, printed on the credit note' }),
  issuedAt: instant().meta({ description: 'Issue date of the credit note' }),
  taxableSupplyDate: instant()
    .nullable()
    .optional()
    .meta({ description: 'DUZP of the correction; the VAT report counts it in this month. Default: issuedAt' }),
  items: z
    .array(itemInput)
    .min(1)
    .max(500)
    .meta({ description: "The differences (usually negative), each at one of the corrected invoice's VAT rates" }),
});

/** POST /documents/:id/final-invoice: the final invoice (vyúčtování) of a proforma paid in advance. */
export const finalInvoiceInput = z.object({
  issuedAt: instant().optional().meta({ description: 'Default now' }),
  taxableSupplyDate: instant().nullable().optional().meta({ description: 'DUZP of the supply; default issuedAt' }),
  dueAt: instant()
    .optional()
    .meta({ description: 'Default issuedAt + 14 days (issuedAt when the advances cover everything)' }),
  exchangeRate,
});

/** POST /documents/:id/convert: a new document of `type` from a quote, order, proforma or delivery note. */
export const convertInput = z.object({
  type: z.enum(DOCUMENT_TYPES),
  issue: z.boolean().default(false).meta({ description: 'true: the new document is ISSUED; default a DRAFT' }),
  exchangeRate: editable.exchangeRate.meta({
    description:
      'A foreign-currency source: CZK per 1 unit for the new document; absent: the ČNB fixing of its issue date (today)',
  }),
});

export const MAX_ANSWER_NOTE = 1000;

/** The customer's answer to a QUOTE on its public page (JSON or the page's form). */
export const quoteAnswerInput = z.object({
  answer: z.enum(['ACCEPT', 'DECLINE']),
  note: z
    .string()
    .trim()
    .max(MAX_ANSWER_NOTE)
    .optional()
    .transform((v) => v || null)
    .meta({ description: `The customer's note, at most ${MAX_ANSWER_NOTE} characters` }),
});

/** GET /documents/:id/pdf: `prices=false` prints a DELIVERY_NOTE without prices. */
export const pdfQuery = z.object({
  prices: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v !== 'false')
    .meta({ description: 'false: a DELIVERY_NOTE without prices (names and quantities only); default true' }),
});

/** The lines of a document being written: what documentTotalsPreview computes. */
export const totalsPreviewInput = z.object({
  items: z.array(itemInput).min(1).max(500),
  reverseCharge: reverseChargeInput,
});

export const transitionInput = z.object({ status: z.enum(DOCUMENT_STATUSES) });

export const sendEmailInput = z.object({
  kind: z.enum(['DOCUMENT', 'REMINDER']).optional().meta({
    description:
      'REMINDER: the company’s reminder template, for an invoice waiting for payment (ISSUED or SENT); default: the document itself',
  }),
  to: z.email().max(MAX.email).optional().meta({ description: 'Default: the contact’s e-mail' }),
  subject: text(300).optional().meta({ description: 'Default: the company’s template’s subject' }),
  message: z
    .string()
    .max(20000)
    .optional()
    .meta({ description: 'The e-mail’s text instead of the company’s template (the payment QR stays in the HTML)' }),
});

export const listDocumentsQuery = listInput(['createdAt', 'issuedAt']).extend({
  type: z.enum(DOCUMENT_TYPES).optional(),
  status: z.enum(DOCUMENT_STATUSES).optional(),
  contactId: id().optional(),
  tag: text(50).optional(),
  /** Czech calendar dates, inclusive, compared with issuedAt. */
  from: czechDay().optional(),
  to: czechDay().optional(),
  /** Case-insensitive substring of the number, the variable symbol or the client's name. */
  search: text(MAX.searchTerm).optional(),
  /** true: only what waits for payment (ISSUED or SENT); with dueBefore = today, the overdue ones. */
  unpaid: booleanParam.optional(),
  /** Czech calendar date: dueAt before its start. */
  dueBefore: czechDay().optional(),
});
export type ListDocumentsQuery = z.infer<typeof listDocumentsQuery>;
