import { Migration } from '@mikro-orm/migrations';
import { backfillCzkAmounts } from './Migration0026ExchangeRates';

/**
 * Received costs in foreign currency at the ČNB rate (issue 25 point 5), as documents have been since
 * Migration0026: `exchange_rate` (CZK per 1 unit of the cost's currency) and the CZK amounts (totals
 * and per VAT rate) the VAT report and the control statement count. CZK costs get rate 1 and their own
 * amounts; costs of other currencies made before this have no rate (null) and count as before, in
 * their own currency.
 */
export class Migration0032CostsExchangeRates extends Migration {
  override up(): void {
    this.addSql(`ALTER TABLE costs
      ADD COLUMN exchange_rate numeric(20, 9) CHECK (exchange_rate > 0),
      ADD COLUMN subtotal_czk numeric(14, 2),
      ADD COLUMN vat_total_czk numeric(14, 2),
      ADD COLUMN total_czk numeric(14, 2),
      ADD COLUMN vat_rates_czk jsonb`);
    this.addSql(backfillCzkAmounts('costs'));
  }

  override down(): void {
    this.addSql(`ALTER TABLE costs
      DROP COLUMN exchange_rate, DROP COLUMN subtotal_czk, DROP COLUMN vat_total_czk, DROP COLUMN total_czk,
      DROP COLUMN vat_rates_czk`);
  }
}
