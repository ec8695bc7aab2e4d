import { Migration } from '@mikro-orm/migrations';
import { ADD_CZK_COLUMNS, backfillCzkAmounts, DROP_CZK_COLUMNS } from './Migration0026ExchangeRates';

/**
 * Received costs in foreign currency at the ČNB rate (issue 25 point 5), as documents have been since
 * Migration0026: `exchange_rate` (CZK per 1 unit of the cost's currency) and the CZK amounts (totals
 * and per VAT rate) the VAT report and the control statement count. CZK costs get rate 1 and their own
 * amounts; costs of other currencies made before this have no rate (null) and count as before, in
 * their own currency.
 */
export class Migration0032CostsExchangeRates extends Migration {
  override up(): void {
    this.addSql(`ALTER TABLE costs ${ADD_CZK_COLUMNS}`);
    this.addSql(backfillCzkAmounts('costs'));
  }

  override down(): void {
    this.addSql(`ALTER TABLE costs ${DROP_CZK_COLUMNS}`);
  }
}
