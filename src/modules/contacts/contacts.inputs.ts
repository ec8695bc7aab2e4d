import { booleanParam, paginationInput, z } from '../../core/validation';
import { CONTACT_TYPES } from './contact.entity';

/** An optional text field: trimmed, and an empty string clears it like null does. */
function optionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();
}

const email = z
  .string()
  .trim()
  .toLowerCase()
  .transform((v) => (v === '' ? null : v))
  .pipe(z.email({ message: 'must be an e-mail address' }).nullable())
  .nullable()
  .optional();

const fields = {
  email,
  phone: optionalText(50),
  /** IČO: free text because foreign contacts have other formats. */
  taxId: optionalText(32),
  /** DIČ, e.g. CZ12345678: upper-cased, inner spaces removed. */
  vatId: z
    .string()
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .pipe(z.string().max(32))
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
  street: optionalText(200),
  city: optionalText(200),
  zip: optionalText(20),
  country: optionalText(100),
};

export const createContactInput = z.object({
  name: z.string().trim().min(1).max(200),
  type: z.enum(CONTACT_TYPES).default('CLIENT'),
  ...fields,
});
export type CreateContactInput = z.infer<typeof createContactInput>;

export const updateContactInput = z.object({
  name: z.string().trim().min(1).max(200).optional(),
  type: z.enum(CONTACT_TYPES).optional(),
  ...fields,
  /** true archives (contact.archived), false restores; contacts are never deleted. */
  archived: z.boolean().optional(),
});
export type UpdateContactInput = z.infer<typeof updateContactInput>;

export const listContactsQuery = paginationInput.extend({
  archived: booleanParam.optional(),
  type: z.enum(CONTACT_TYPES).optional(),
  /** Case-insensitive substring of name, e-mail, IČO or DIČ. */
  search: z.string().trim().min(1).max(200).optional(),
});
