import { Migration } from '@mikro-orm/migrations';

/**
 * Reverse charge of issued documents (issue 25): the regime (DOMESTIC under § 92a ZDPH with the code of
 * the supply, or an intra-EU supply of goods or services) of a document that charges no VAT; null for
 * the others. The code is there exactly for DOMESTIC.
 */
export class Migration0030ReverseCharge extends Migration {
  override up(): void {
    this.addSql(`ALTER TABLE documents
      ADD COLUMN reverse_charge_regime text
        CHECK (reverse_charge_regime IN ('DOMESTIC', 'EU_GOODS', 'EU_SERVICES')),
      ADD COLUMN reverse_charge_code text,
      ADD CONSTRAINT documents_reverse_charge_code_check
        CHECK ((reverse_charge_regime IS NOT DISTINCT FROM 'DOMESTIC') = (reverse_charge_code IS NOT NULL))`);
  }

  override down(): void {
    this.addSql(`ALTER TABLE documents DROP CONSTRAINT documents_reverse_charge_code_check,
      DROP COLUMN reverse_charge_code, DROP COLUMN reverse_charge_regime`);
  }
}
