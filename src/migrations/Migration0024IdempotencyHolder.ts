import { Migration } from '@mikro-orm/migrations';

/**
 * Idempotency-Key claims that survive their process (issue 24):
 * - `holder`: the process holding a claim (src/core/idempotency/claim-holder.ts), the id of a
 *   session-level advisory lock that process holds for as long as it lives. A claim whose lock is gone
 *   (its process died) is taken over at once rather than after the stale-claim limit.
 * - state `committed`: the request committed a change (marked in that very transaction,
 *   claim-context.ts) but its answer is not stored yet; such a claim is never run again.
 */
export class Migration0024IdempotencyHolder extends Migration {
  override up(): void {
    this.addSql(`ALTER TABLE idempotency_keys ADD COLUMN holder bigint`);
    this.addSql(`ALTER TABLE idempotency_keys DROP CONSTRAINT idempotency_keys_state_check`);
    this.addSql(
      `ALTER TABLE idempotency_keys ADD CONSTRAINT idempotency_keys_state_check CHECK (state IN ('running', 'committed', 'done'))`,
    );
  }

  override down(): void {
    this.addSql(`DELETE FROM idempotency_keys WHERE state = 'committed'`);
    this.addSql(`ALTER TABLE idempotency_keys DROP CONSTRAINT idempotency_keys_state_check`);
    this.addSql(
      `ALTER TABLE idempotency_keys ADD CONSTRAINT idempotency_keys_state_check CHECK (state IN ('running', 'done'))`,
    );
    this.addSql(`ALTER TABLE idempotency_keys DROP COLUMN holder`);
  }
}
