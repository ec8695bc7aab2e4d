import BigNumber from 'bignumber.js';
import { CZ_TZ, dayjs } from '../../core/clock';
import { isUuid } from '../../core/ids';
import { paginationInput, z } from '../../core/validation';
import { DOCUMENT_STATUSES, DOCUMENT_TYPES } from './document.types';

/** A JSON number or a decimal string, as an exact BigNumber with at most `places` decimals. */
function decimal(places: number, maxAbs: string) {
  return z
    .union([z.number().finite(), z.string().trim().regex(/^-?\d+(\.\d+)?$/, 'must be a decimal number')])
    .transform((v) => new BigNumber(String(v)))
    .refine((v) => (v.decimalPlaces() ?? 0) <= places, `at most ${places} decimal places`)
    .refine((v) => v.abs().lte(maxAbs), `at most ${maxAbs} in absolute value`);
}

const uuid = z.string().refine(isUuid, 'must be a UUID');

/** ISO 8601 instant, or a Czech calendar date (YYYY-MM-DD = midnight in Europe/Prague). */
export const instant = z
  .union([z.iso.datetime({ offset: true }), z.iso.date()])
  .transform((v) => (v.length === 10 ? dayjs.tz(v, CZ_TZ).toDate() : new Date(v)));

const itemInput = z.object({
  name: z.string().trim().min(1).max(500),
  quantity: decimal(4, '99999999.9999').refine((v) => !v.isZero(), 'must not be zero'),
  unit: z.string().trim().min(1).max(20).default('ks'),
  unitPrice: decimal(4, '9999999999.99'),
  vatRate: decimal(2, '99.99').refine((v) => v.gte(0), 'must not be negative'),
  priceIncludesVat: z.boolean().default(false),
});

const tags = z
  .array(z.string().trim().min(1).max(50))
  .max(50)
  .transform((list) => [...new Set(list)]);

const editable = {
  contactId: uuid.nullable().optional(),
  clientName: z.string().trim().min(1).max(500).nullable().optional(),
  departmentId: uuid.nullable().optional(),
  currency: z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as CZK').optional(),
  items: z.array(itemInput).min(1).max(500).optional(),
  tags: tags.optional(),
  issuedAt: instant.optional(),
  dueAt: instant.optional(),
  variableSymbol: z.string().regex(/^\d{1,10}$/, 'must be 1 to 10 digits').nullable().optional(),
  note: z.string().max(5000).nullable().optional(),
};

export const createDocumentInput = z.object({
  type: z.enum(DOCUMENT_TYPES),
  /** DRAFT by default; ISSUED; or PAID = created already paid. */
  status: z.enum(['DRAFT', 'ISSUED', 'PAID']).default('DRAFT'),
  ...editable,
  items: z.array(itemInput).min(1).max(500),
});
export type CreateDocumentInput = z.infer<typeof createDocumentInput>;

export const updateDocumentInput = z.object(editable);
export type UpdateDocumentInput = z.infer<typeof updateDocumentInput>;

export const transitionInput = z.object({ status: z.enum(DOCUMENT_STATUSES) });

export const sendEmailInput = z.object({
  to: z.email().optional(),
  subject: z.string().trim().min(1).max(300).optional(),
  message: z.string().max(20000).optional(),
});

const czechDay = z.iso.date();

export const listDocumentsQuery = paginationInput.extend({
  type: z.enum(DOCUMENT_TYPES).optional(),
  status: z.enum(DOCUMENT_STATUSES).optional(),
  contactId: uuid.optional(),
  tag: z.string().trim().min(1).max(50).optional(),
  /** Czech calendar dates, inclusive, compared with issuedAt. */
  from: czechDay.optional(),
  to: czechDay.optional(),
});
export type ListDocumentsQuery = z.infer<typeof listDocumentsQuery>;
