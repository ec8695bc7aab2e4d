import { Entity, PrimaryKey, Property } from '@mikro-orm/core';
import type { DocumentLanguage } from '../../core/languages';

export { DOCUMENT_LANGUAGES, type DocumentLanguage } from '../../core/languages';

/** A company's document language until it chooses one. */
export const DEFAULT_COMPANY_LANGUAGE: DocumentLanguage = 'cs';
export const DEFAULT_ACCENT = '#1f4e79';
export const FILER_TYPES = ['LEGAL_PERSON', 'NATURAL_PERSON'] as const;
export type FilerType = (typeof FILER_TYPES)[number];
export const VAT_PERIODS = ['MONTHLY', 'QUARTERLY'] as const;
export type VatPeriod = (typeof VAT_PERIODS)[number];

/** A company's billing data (what its documents print as the supplier) and the look of its documents. */
@Entity({ tableName: 'company_profiles' })
export class CompanyProfile {
  @PrimaryKey({ type: 'uuid' })
  organizationId!: string;

  @Property({ type: 'text', nullable: true }) legalName: string | null = null;
  /** IČO. */
  @Property({ type: 'text', nullable: true }) taxId: string | null = null;
  /** DIČ. */
  @Property({ type: 'text', nullable: true }) vatId: string | null = null;
  @Property({ type: 'text', nullable: true }) street: string | null = null;
  @Property({ type: 'text', nullable: true }) city: string | null = null;
  @Property({ type: 'text', nullable: true }) zip: string | null = null;
  @Property({ type: 'text', nullable: true }) country: string | null = null;
  @Property({ type: 'boolean' }) vatPayer: boolean = false;
  /** Electronic form (no spaces). */
  @Property({ type: 'text', nullable: true }) iban: string | null = null;
  /** Derived from a Czech iban; never set on its own. */
  @Property({ type: 'text', nullable: true }) accountNumber: string | null = null;
  @Property({ type: 'text', nullable: true }) email: string | null = null;
  @Property({ type: 'text', nullable: true }) phone: string | null = null;
  /** The § 435 commercial register line ("zapsaná v obchodním rejstříku vedeném ..."). */
  @Property({ type: 'text', nullable: true }) registryText: string | null = null;

  /** Issued documents keep their content: corrections go through credit notes (Migration0023DocumentVersions). */
  @Property({ type: 'boolean' }) lockIssuedDocuments: boolean = false;

  @Property({ type: 'text' }) accentColor: string = DEFAULT_ACCENT;
  @Property({ type: 'text', nullable: true }) footerText: string | null = null;
  @Property({ type: 'text' }) language: DocumentLanguage = DEFAULT_COMPANY_LANGUAGE;
  @Property({ type: 'text', nullable: true }) logoContentType: string | null = null;
  @Property({ type: 'blob', nullable: true, lazy: true }) logo: Buffer | null = null;
  @Property({ type: 'text', nullable: true }) logoSha256: string | null = null;

  // What the EPO filings (VAT return, control statement) need beyond the billing data (Migration0043TaxFiling).
  /** Finanční úřad, c_ufo: 3 digits. */
  @Property({ type: 'text', nullable: true }) taxOfficeCode: string | null = null;
  /** Územní pracoviště, c_pracufo: 4 digits. */
  @Property({ type: 'text', nullable: true }) taxOfficeWorkplaceCode: string | null = null;
  @Property({ type: 'text', nullable: true }) filerType: FilerType | null = null;
  /** A natural person's names (jmeno, prijmeni); a legal person files under legalName. */
  @Property({ type: 'text', nullable: true }) filerFirstName: string | null = null;
  @Property({ type: 'text', nullable: true }) filerLastName: string | null = null;
  @Property({ type: 'text', nullable: true }) vatPeriod: VatPeriod | null = null;
  /** CZ-NACE of the main activity, c_okec. */
  @Property({ type: 'text', nullable: true }) naceCode: string | null = null;

  @Property({ type: 'timestamptz' }) updatedAt!: Date;
}
