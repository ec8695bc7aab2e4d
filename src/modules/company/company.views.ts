import type { PartyDetails } from '../../core/party';
import type { CompanyProfile, DocumentLanguage, FilerType, VatPeriod } from './company-profile.entity';

/** GET /settings/company: the billing data documents print for the supplier. */
export interface CompanyView extends PartyDetails {
  legalName: string | null;
  vatPayer: boolean;
  iban: string | null;
  accountNumber: string | null;
  email: string | null;
  phone: string | null;
  registryText: string | null;
  /** Issued documents cannot be edited; corrections go through credit notes. */
  lockIssuedDocuments: boolean;
}

/** GET /settings/tax-filing: what the EPO filings need beyond the billing data. */
export interface TaxFilingView {
  taxOfficeCode: string | null;
  taxOfficeWorkplaceCode: string | null;
  filerType: FilerType | null;
  filerFirstName: string | null;
  filerLastName: string | null;
  vatPeriod: VatPeriod | null;
  naceCode: string | null;
}

/** GET /settings/document-look. */
export interface DocumentLookView {
  accentColor: string;
  footerText: string | null;
  language: DocumentLanguage;
  /** image/png or image/svg+xml; null without a logo. */
  logoContentType: string | null;
  logoSha256: string | null;
}

export function companyView(p: CompanyProfile): CompanyView {
  return {
    legalName: p.legalName,
    taxId: p.taxId,
    vatId: p.vatId,
    street: p.street,
    city: p.city,
    zip: p.zip,
    country: p.country,
    vatPayer: p.vatPayer,
    iban: p.iban,
    accountNumber: p.accountNumber,
    email: p.email,
    phone: p.phone,
    registryText: p.registryText,
    lockIssuedDocuments: p.lockIssuedDocuments,
  };
}

export function documentLookView(p: CompanyProfile): DocumentLookView {
  return {
    accentColor: p.accentColor,
    footerText: p.footerText,
    language: p.language,
    logoContentType: p.logoContentType,
    logoSha256: p.logoSha256,
  };
}

export function taxFilingView(p: CompanyProfile): TaxFilingView {
  return {
    taxOfficeCode: p.taxOfficeCode,
    taxOfficeWorkplaceCode: p.taxOfficeWorkplaceCode,
    filerType: p.filerType,
    filerFirstName: p.filerFirstName,
    filerLastName: p.filerLastName,
    vatPeriod: p.vatPeriod,
    naceCode: p.naceCode,
  };
}
