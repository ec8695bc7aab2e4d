import { MAX, optionalEmail, optionalText } from '../../core/fields';
import { z } from '../../core/validation';
import { DOCUMENT_LANGUAGES, FILER_TYPES, VAT_PERIODS } from './company-profile.entity';
import { isValidCzechVatId, isValidIco, normalizeIban } from './czech-ids';

/** Optional text without inner spaces ("CZ 123" → "CZ123"); "" or null clears it. */
function compact(max: number, upper = false) {
  return z
    .string()
    .max(max * 2)
    .transform((v) => v.replace(/\s+/g, ''))
    .transform((v) => (upper ? v.toUpperCase() : v))
    .pipe(z.string().max(max))
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();
}

/** The company's billing data; the names of IČO and DIČ are those of contacts (taxId, vatId). */
export const updateCompanyInput = z
  .object({
    legalName: optionalText(MAX.name),
    taxId: compact(8)
      .refine(
        (v) => v === null || v === undefined || isValidIco(v),
        'must be an IČO: 8 digits ending in a valid mod-11 check digit',
      )
      .meta({ description: 'IČO: 8 digits, the last a mod-11 check digit' }),
    vatId: compact(12, true)
      .refine(
        (v) => v === null || v === undefined || isValidCzechVatId(v),
        'must be a DIČ: CZ followed by 8 to 10 digits',
      )
      .meta({ description: 'DIČ: CZ + 8–10 digits (upper-cased, spaces removed)' }),
    street: optionalText(200),
    city: optionalText(200),
    zip: optionalText(20),
    country: optionalText(100),
    vatPayer: z.boolean().optional().meta({ description: 'A VAT payer needs a vatId' }),
    iban: compact(34, true)
      .transform((v, ctx) => {
        if (v === null || v === undefined) return v;
        const iban = normalizeIban(v);
        if (iban) return iban;
        ctx.addIssue({ code: 'custom', message: 'must be a valid IBAN (country, check digits and account)' });
        return z.NEVER;
      })
      .meta({ description: 'Checked IBAN; a Czech one also sets accountNumber' }),
    email: optionalEmail(),
    phone: optionalText(50),
    registryText: optionalText(500).meta({ description: 'The § 435 commercial register line' }),
    lockIssuedDocuments: z.boolean().optional().meta({
      description:
        'When true, the content of ISSUED and SENT documents can no longer be edited (409 DOCUMENT_LOCKED): corrections go through credit notes',
    }),
  })
  .meta({ description: 'Only the fields sent change; null or "" clears an optional field.' });
export type UpdateCompanyInput = z.infer<typeof updateCompanyInput>;

/** Digits only, of the given lengths; "" or null clears it. */
function digits(pattern: RegExp, what: string) {
  return z
    .string()
    .trim()
    .max(6)
    .transform((v) => (v === '' ? null : v))
    .pipe(z.string().regex(pattern, what).nullable())
    .nullable()
    .optional();
}

/** What the EPO filings need beyond the billing data (VetaD and VetaP of DPHDP3 and DPHKH1). */
export const updateTaxFilingInput = z
  .object({
    taxOfficeCode: digits(/^\d{3}$/, 'must be the 3-digit code of the tax office (c_ufo), e.g. 451').meta({
      description: 'Finanční úřad (c_ufo): 3 digits, e.g. 451 for Prague',
    }),
    taxOfficeWorkplaceCode: digits(/^\d{4}$/, 'must be the 4-digit code of the workplace (c_pracufo), e.g. 2001').meta({
      description: 'Územní pracoviště (c_pracufo): 4 digits, e.g. 2001',
    }),
    filerType: z
      .enum(FILER_TYPES)
      .nullable()
      .optional()
      .meta({ description: 'LEGAL_PERSON (typ_ds P, files under legalName) or NATURAL_PERSON (typ_ds F)' }),
    filerFirstName: optionalText(30).meta({ description: 'A natural person’s first name (jmeno)' }),
    filerLastName: optionalText(36).meta({ description: 'A natural person’s last name (prijmeni)' }),
    vatPeriod: z.enum(VAT_PERIODS).nullable().optional().meta({ description: 'The VAT period: MONTHLY or QUARTERLY' }),
    naceCode: digits(/^\d{2,6}$/, 'must be a CZ-NACE code of 2 to 6 digits (c_okec), e.g. 62010').meta({
      description: 'CZ-NACE of the main activity (c_okec): 2–6 digits, e.g. 62010',
    }),
  })
  .meta({ description: 'Only the fields sent change; null or "" clears a field.' });

export const updateDocumentLookInput = z
  .object({
    accentColor: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour #RRGGBB')
      .max(7)
      .optional(),
    footerText: optionalText(500),
    language: z.enum(DOCUMENT_LANGUAGES).optional().meta({ description: 'Language of the printed document' }),
  })
  .meta({ description: 'Only the fields sent change.' });
export type UpdateDocumentLookInput = z.infer<typeof updateDocumentLookInput>;

export const LOGO_TYPES = ['image/png', 'image/svg+xml'] as const;
/** 256 KiB: a logo, not a photograph. */
export const MAX_LOGO_BYTES = 256 * 1024;

export const uploadLogoInput = z.object({
  contentType: z.enum(LOGO_TYPES),
  data: z
    .string()
    .max(Math.ceil(MAX_LOGO_BYTES / 3) * 4 + 4)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'must be base64')
    .meta({ description: `The image, base64; at most ${MAX_LOGO_BYTES} bytes decoded` }),
});
