import { DOCUMENT_LANGUAGES } from '../../core/languages';
import { FILER_TYPES, VAT_PERIODS } from './company-profile.entity';
import * as oa from '../../core/openapi/builders';
import { updateCompanyInput, updateDocumentLookInput, updateTaxFilingInput, uploadLogoInput } from './company.inputs';

const READ = { section: 'company_settings', access: 'read' } as const;
const WRITE = { section: 'company_settings', access: 'write' } as const;
const tags = ['Company settings'];

const company = oa.object({
  legalName: oa.nullableString,
  taxId: { ...oa.nullableString, description: 'IČO' },
  vatId: { ...oa.nullableString, description: 'DIČ' },
  street: oa.nullableString,
  city: oa.nullableString,
  zip: oa.nullableString,
  country: oa.nullableString,
  vatPayer: oa.boolean,
  iban: { ...oa.nullableString, description: 'Electronic form, checked' },
  accountNumber: { ...oa.nullableString, description: 'prefix-number/bank, derived from a Czech iban' },
  email: oa.nullableString,
  phone: oa.nullableString,
  registryText: { ...oa.nullableString, description: 'The § 435 commercial register line' },
  lockIssuedDocuments: {
    ...oa.boolean,
    description: 'Issued documents cannot be edited (409 DOCUMENT_LOCKED); corrections go through credit notes',
  },
});

const taxFiling = oa.object({
  taxOfficeCode: { ...oa.nullableString, description: 'Finanční úřad (c_ufo), 3 digits' },
  taxOfficeWorkplaceCode: { ...oa.nullableString, description: 'Územní pracoviště (c_pracufo), 4 digits' },
  filerType: { type: ['string', 'null'], enum: [...FILER_TYPES, null] },
  filerFirstName: oa.nullableString,
  filerLastName: oa.nullableString,
  vatPeriod: { type: ['string', 'null'], enum: [...VAT_PERIODS, null] },
  naceCode: { ...oa.nullableString, description: 'CZ-NACE of the main activity (c_okec)' },
});

const look = oa.object({
  accentColor: { ...oa.string, pattern: '^#[0-9a-fA-F]{6}$' },
  footerText: oa.nullableString,
  language: { type: 'string', enum: [...DOCUMENT_LANGUAGES] },
  logoContentType: { type: ['string', 'null'], enum: ['image/png', 'image/svg+xml', null] },
  logoSha256: oa.nullableString,
});

export const companyOpenApi: oa.PathItems = {
  '/api/v1/settings/company': {
    get: oa.operation({
      operationId: 'getCompanySettings',
      summary: 'The company’s billing data',
      tags,
      access: READ,
      ok: { description: 'Billing data', schema: company },
    }),
    put: oa.operation({
      operationId: 'updateCompanySettings',
      summary: 'Change the billing data',
      description:
        'IČO (taxId) must carry a valid mod-11 check digit, DIČ (vatId) is CZ + 8–10 digits, iban is checked; a bad value is 400 VALIDATION_FAILED naming the field. accountNumber follows from a Czech iban.',
      tags,
      access: WRITE,
      body: updateCompanyInput,
      ok: { description: 'Billing data after the change', schema: company },
      errors: ['400'],
    }),
  },
  '/api/v1/settings/tax-filing': {
    get: oa.operation({
      operationId: 'getTaxFilingSettings',
      summary: 'What the EPO filings need beyond the billing data',
      description:
        'Tax office, filer type, VAT period and CZ-NACE: the VAT return and control statement XML (GET /reports/vat-return.xml, /reports/vat-control-statement.xml) answer 409 TAX_FILING_SETTINGS_MISSING without them.',
      tags,
      access: READ,
      ok: { description: 'The tax filing settings', schema: taxFiling },
    }),
    put: oa.operation({
      operationId: 'updateTaxFilingSettings',
      summary: 'Change the tax filing settings',
      tags,
      access: WRITE,
      body: updateTaxFilingInput,
      ok: { description: 'The tax filing settings after the change', schema: taxFiling },
      errors: ['400'],
    }),
  },
  '/api/v1/settings/document-look': {
    get: oa.operation({
      operationId: 'getDocumentLook',
      summary: 'Accent colour, footer, language and logo of documents',
      tags,
      access: READ,
      ok: { description: 'The look', schema: look },
    }),
    put: oa.operation({
      operationId: 'updateDocumentLook',
      summary: 'Change the look of documents',
      tags,
      access: WRITE,
      body: updateDocumentLookInput,
      ok: { description: 'The look after the change', schema: look },
      errors: ['400'],
    }),
  },
  '/api/v1/settings/document-look/logo': {
    get: oa.operation({
      operationId: 'getCompanyLogo',
      summary: 'The logo image',
      description: 'Served with a Content-Security-Policy that blocks script (sandbox).',
      tags,
      access: READ,
      ok: { description: 'The image', schema: { type: 'string', format: 'binary' }, contentType: 'image/*' },
      errors: ['404'],
    }),
    put: oa.operation({
      operationId: 'uploadCompanyLogo',
      summary: 'Upload the logo (PNG or SVG, base64)',
      description:
        'At most 256 KiB. An SVG with scripts, event handlers, external references or entity declarations is refused (400 naming data).',
      tags,
      access: WRITE,
      body: uploadLogoInput,
      ok: { description: 'The look with the new logo', schema: look },
      errors: ['400'],
    }),
    delete: oa.operation({
      operationId: 'deleteCompanyLogo',
      summary: 'Remove the logo',
      tags,
      access: WRITE,
      ok: { description: 'The look without a logo', schema: look },
    }),
  },
};
