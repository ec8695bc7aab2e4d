import { decimal, instant, MAX, optionalText, text } from '../../core/fields';
import { z } from '../../core/validation';

/** Zod schemas of the POS bodies; the OpenAPI description is generated from the same ones. */

export const IDEMPOTENCY_KEY_MAX = 200;
export const BATCH_MAX = 1000;
export const ITEMS_MAX = 1000;
const NUMBER_MAX = 100;
const SHORT = 100;

export const idempotencyKey = z.string().trim().min(1).max(IDEMPOTENCY_KEY_MAX);

const POS_VAT_RATES = ['21', '12', '0'];
const vatRate = decimal({ places: 4, min: '-1000', max: '1000', numberOnly: true }).refine(
  (n) => POS_VAT_RATES.includes(n.toFixed()),
  'must be 21, 12 or 0',
);
const unitPrice = decimal({ places: 2, min: '-9999999999.99', max: '9999999999.99', numberOnly: true });
const unit = z
  .string()
  .trim()
  .max(20)
  .optional()
  .transform((u) => u || 'ks');

/** A receipt line; quantity may be negative here only so rule 7 can name a return as such. */
export const posItemInput = z.object({
  name: text(MAX.name),
  quantity: decimal({ places: 4, min: '-99999999.9999', max: '99999999.9999', nonZero: true, numberOnly: true }),
  unit,
  unitPrice,
  vatRate,
});

/** A credit note's difference line: quantity and price may be negative or zero (SPEC 4.5). */
export const creditNoteItemInput = posItemInput.extend({
  quantity: decimal({ places: 4, min: '-99999999.9999', max: '99999999.9999', numberOnly: true }),
});

export const customerInput = z.object({
  name: optionalText(MAX.name),
  street: optionalText(MAX.name),
  city: optionalText(MAX.name),
  zip: optionalText(20),
  country: optionalText(MAX.name),
  taxId: optionalText(30),
  vatId: optionalText(30),
});
export type PosCustomer = z.infer<typeof customerInput>;

/** The fields checked before the numbered rules of SPEC 4.5 (types and bounds); items come later, in rule order. */
export const issueHeaderInput = z.object({
  number: text(NUMBER_MAX),
  documentType: z.enum(['SIMPLIFIED', 'TAX_DOCUMENT', 'INVOICE']),
  issuedAt: instant(),
  paymentMethod: optionalText(SHORT),
  roundingEnabled: z.boolean().default(false),
  currency: z.string().trim().max(SHORT).optional(),
  customer: customerInput.nullable().optional(),
  note: optionalText(MAX.note),
  overSimplifiedLimit: z.boolean().optional(),
  dueAt: z.unknown().optional(),
  items: z.array(z.unknown()).min(1).max(ITEMS_MAX),
});

/** POST /api/pos/documents as documented: the header with typed dueAt and items. */
export const issueDocumentInput = issueHeaderInput.extend({
  dueAt: instant().optional(),
  items: z.array(posItemInput).min(1).max(ITEMS_MAX),
});

export const batchInput = z.object({ documents: z.array(z.unknown()).min(1).max(BATCH_MAX) });
/** POST /api/pos/documents/batch as documented. */
export const batchDocumentsInput = z.object({
  documents: z.array(issueDocumentInput.extend({ idempotencyKey })).min(1).max(BATCH_MAX),
});

export const cancelInput = z.object({
  originalNumber: text(NUMBER_MAX),
  canceledAt: instant(),
  reason: optionalText(MAX.note),
});

export const creditNoteHeaderInput = z.object({
  number: text(NUMBER_MAX),
  originalNumber: optionalText(NUMBER_MAX),
  customer: customerInput.nullable().optional(),
  issuedAt: instant(),
  reason: text(MAX.note),
  items: z.array(z.unknown()).min(1).max(ITEMS_MAX),
});
export const creditNoteInput = creditNoteHeaderInput.extend({
  items: z.array(creditNoteItemInput).min(1).max(ITEMS_MAX),
});
