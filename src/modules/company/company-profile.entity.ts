import { Entity, PrimaryKey, Property } from '@mikro-orm/core';
import type { DocumentLanguage } from '../../core/languages';

export { DOCUMENT_LANGUAGES, type DocumentLanguage } from '../../core/languages';
export const DEFAULT_ACCENT = '#1f4e79';

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
  @Property({ type: 'text' }) language: DocumentLanguage = 'cs';
  @Property({ type: 'text', nullable: true }) logoContentType: string | null = null;
  @Property({ type: 'blob', nullable: true, lazy: true }) logo: Buffer | null = null;
  @Property({ type: 'text', nullable: true }) logoSha256: string | null = null;

  @Property({ type: 'timestamptz' }) updatedAt!: Date;
}
