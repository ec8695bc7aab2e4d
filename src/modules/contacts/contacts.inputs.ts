import { MAX, optionalEmail, optionalText, text } from '../../core/fields';
import { DOCUMENT_LANGUAGES } from '../../core/languages';
import { listInput } from '../../core/pagination';
import { booleanParam, z } from '../../core/validation';
import { CONTACT_TYPES } from './contact.entity';

const fields = {
  email: optionalEmail(),
  phone: optionalText(50),
  /** IČO: free text because foreign contacts have other formats. */
  taxId: optionalText(32).meta({ description: 'IČO' }),
  /** DIČ, e.g. CZ12345678: upper-cased, inner spaces removed. */
  vatId: z
    .string()
    .max(64)
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .pipe(z.string().max(32))
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional()
    .meta({ description: 'DIČ, e.g. CZ12345678 (upper-cased, spaces removed)' }),
  street: optionalText(200),
  city: optionalText(200),
  zip: optionalText(20),
  country: optionalText(100),
  language: z
    .enum(DOCUMENT_LANGUAGES)
    .nullable()
    .optional()
    .meta({ description: "Language of the contact's documents (PDF, public page, e-mail); null: the company's" }),
};

export const createContactInput = z.object({
  name: text(MAX.name),
  type: z.enum(CONTACT_TYPES).default('CLIENT'),
  ...fields,
});
export type CreateContactInput = z.infer<typeof createContactInput>;

export const updateContactInput = z
  .object({
    name: text(MAX.name).optional(),
    type: z.enum(CONTACT_TYPES).optional(),
    ...fields,
    /** true archives (contact.archived), false restores; contacts are never deleted. */
    archived: z.boolean().optional().meta({ description: 'true archives (contact.archived), false restores' }),
  })
  .meta({ description: 'Only the fields sent change; null or "" clears an optional field.' });
export type UpdateContactInput = z.infer<typeof updateContactInput>;

export const listContactsQuery = listInput(['createdAt']).extend({
  archived: booleanParam.optional(),
  type: z.enum(CONTACT_TYPES).optional(),
  /** Case-insensitive substring of name, e-mail, IČO or DIČ. */
  search: text(MAX.searchTerm).optional(),
});
