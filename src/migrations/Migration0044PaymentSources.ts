import { Migration } from '@mikro-orm/migrations';

/**
 * Payments from every source of issue 28: bank sync (BANK_SYNC), statement files and JSON
 * (MANUAL_IMPORT), a payment recorded by hand (MANUAL) and a payment gateway (GATEWAY).
 * - A bank account has a kind: BANK (a real account, the only kind a bank connection or a statement
 *   goes to), CASH (the organization's cash and card payments recorded by hand, one per currency)
 *   or GATEWAY (money received through a payment gateway, one per currency). Every payment keeps a
 *   bank account, so payment events always name one and (bank_account_id, transaction_id) stays the
 *   key that imports a movement once.
 * - A deleted account (deleted_at) keeps its payments; lists leave it out.
 * - A payment keeps what banks send beside the variable symbol: constant and specific symbol, the
 *   message for the payee, the counter-party's name; and for one recorded by hand its method and note.
 */
export class Migration0044PaymentSources extends Migration {
  override up(): void {
    this.addSql(`ALTER TABLE bank_accounts
      ADD COLUMN kind text NOT NULL DEFAULT 'BANK' CHECK (kind IN ('BANK', 'CASH', 'GATEWAY')),
      ADD COLUMN deleted_at timestamptz,
      DROP CONSTRAINT bank_accounts_check,
      ADD CONSTRAINT bank_accounts_check CHECK (kind <> 'BANK' OR account_number IS NOT NULL OR iban IS NOT NULL)`);
    this.addSql(`CREATE UNIQUE INDEX bank_accounts_system_unique
      ON bank_accounts (organization_id, kind, currency) WHERE kind <> 'BANK'`);
    this.addSql(`ALTER TABLE payments
      DROP CONSTRAINT payments_source_check,
      ADD CONSTRAINT payments_source_check CHECK (source IN ('MANUAL_IMPORT', 'BANK_SYNC', 'MANUAL', 'GATEWAY')),
      ADD COLUMN constant_symbol text,
      ADD COLUMN specific_symbol text,
      ADD COLUMN message text,
      ADD COLUMN counter_account_name text,
      ADD COLUMN method text CHECK (method IN ('CASH', 'CARD', 'TRANSFER')),
      ADD COLUMN note text`);
  }

  override down(): void {
    this.addSql(`ALTER TABLE payments
      DROP COLUMN note, DROP COLUMN method, DROP COLUMN counter_account_name, DROP COLUMN message,
      DROP COLUMN specific_symbol, DROP COLUMN constant_symbol,
      DROP CONSTRAINT payments_source_check,
      ADD CONSTRAINT payments_source_check CHECK (source IN ('MANUAL_IMPORT', 'BANK_SYNC'))`);
    this.addSql(`DROP INDEX bank_accounts_system_unique`);
    this.addSql(`ALTER TABLE bank_accounts
      DROP CONSTRAINT bank_accounts_check,
      ADD CONSTRAINT bank_accounts_check CHECK (account_number IS NOT NULL OR iban IS NOT NULL),
      DROP COLUMN deleted_at, DROP COLUMN kind`);
  }
}
