import { Migration } from '@mikro-orm/migrations';

/**
 * What the tax administration's EPO filings need beyond the billing data (issue 27): the tax office
 * (c_ufo, 3 digits) and its workplace (c_pracufo, 4 digits), whether the company is a legal or a natural
 * person (typ_ds), the natural person's names, the VAT period (monthly or quarterly) and the CZ-NACE code
 * of the main activity (c_okec). All null until set; the filing XML answers 409 without them.
 */
export class Migration0043TaxFiling extends Migration {
  override up(): void {
    this.addSql(`ALTER TABLE company_profiles
      ADD COLUMN tax_office_code text CHECK (tax_office_code ~ '^[0-9]{3}$'),
      ADD COLUMN tax_office_workplace_code text CHECK (tax_office_workplace_code ~ '^[0-9]{4}$'),
      ADD COLUMN filer_type text CHECK (filer_type IN ('LEGAL_PERSON', 'NATURAL_PERSON')),
      ADD COLUMN filer_first_name text,
      ADD COLUMN filer_last_name text,
      ADD COLUMN vat_period text CHECK (vat_period IN ('MONTHLY', 'QUARTERLY')),
      ADD COLUMN nace_code text CHECK (nace_code ~ '^[0-9]{2,6}$')`);
  }

  override down(): void {
    this.addSql(`ALTER TABLE company_profiles
      DROP COLUMN nace_code, DROP COLUMN vat_period, DROP COLUMN filer_last_name, DROP COLUMN filer_first_name,
      DROP COLUMN filer_type, DROP COLUMN tax_office_workplace_code, DROP COLUMN tax_office_code`);
  }
}
