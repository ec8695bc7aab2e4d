import { Migration } from '@mikro-orm/migrations';

/**
 * Matching improvements of issue 28:
 * - `applied_amount`: what a matched payment adds to the paid amount of its document or cost, in
 *   that one's currency. The payment's own amount unless the payment is in CZK and the document in
 *   another currency (converted at the document's exchange rate). Unmatching takes exactly this
 *   amount back. Set while matched, null while unmatched.
 * - An index for the suggestion "a known contact paying from this counter account": the documents
 *   earlier payments from the account were matched to.
 */
export class Migration0047PaymentMatching extends Migration {
  override up(): void {
    this.addSql(`ALTER TABLE payments ADD COLUMN applied_amount numeric(14,2) CHECK (applied_amount > 0)`);
    this.addSql(`UPDATE payments SET applied_amount = amount WHERE match_status <> 'UNMATCHED'`);
    this.addSql(`ALTER TABLE payments ADD CONSTRAINT payments_applied_when_matched
      CHECK ((match_status = 'UNMATCHED') = (applied_amount IS NULL))`);
    this.addSql(`CREATE INDEX payments_counter_account_idx ON payments (organization_id, counter_account, matched_at)
      WHERE document_id IS NOT NULL`);
  }

  override down(): void {
    this.addSql(`DROP INDEX payments_counter_account_idx`);
    this.addSql(`ALTER TABLE payments DROP COLUMN applied_amount`);
  }
}
