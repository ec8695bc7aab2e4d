import { Migration } from '@mikro-orm/migrations';

/**
 * Online payment of an invoice through a payment gateway (issue 28 point 4).
 * - payment_gateways: at most one gateway per organization; its keys are sealed by the SecretBox
 *   (declared in the payments module's sealedSecrets) and only a hint of the secret key is kept
 *   readable. `provider` leaves room for Comgate and GoPay beside Stripe.
 * - gateway_checkouts: the checkout sessions created for a document; one open session per document
 *   and amount is reused, so clicking "Zaplatit online" twice does not start two payments.
 * - gateway_events: the gateway's event ids already handled; a replayed webhook finds its id here.
 *   Both are kept 30 days (payments.retention): Stripe retries an event for 3 days.
 */
export class Migration0046PaymentGateways extends Migration {
  override up(): void {
    this.addSql(`CREATE TABLE payment_gateways (
      organization_id uuid PRIMARY KEY REFERENCES organizations(id) ON DELETE CASCADE,
      provider text NOT NULL CHECK (provider IN ('STRIPE')),
      secret_key text NOT NULL,
      webhook_secret text NOT NULL,
      key_hint text NOT NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL)`);
    this.addSql(`CREATE TABLE gateway_checkouts (
      id uuid PRIMARY KEY,
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      document_id uuid NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
      provider text NOT NULL,
      amount numeric(14,2) NOT NULL,
      currency text NOT NULL,
      session_id text NOT NULL,
      url text NOT NULL,
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL,
      UNIQUE (provider, session_id))`);
    this.addSql(
      `CREATE INDEX gateway_checkouts_document ON gateway_checkouts (document_id, amount, currency, expires_at)`,
    );
    this.addSql(`CREATE TABLE gateway_events (
      provider text NOT NULL,
      event_id text NOT NULL,
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      received_at timestamptz NOT NULL,
      PRIMARY KEY (provider, event_id))`);
    // The nightly payments.retention deletes old event ids and expired sessions by these.
    this.addSql(`CREATE INDEX gateway_events_received ON gateway_events (received_at)`);
    this.addSql(`CREATE INDEX gateway_checkouts_expires ON gateway_checkouts (expires_at)`);
  }

  override down(): void {
    this.addSql(`DROP TABLE gateway_events`);
    this.addSql(`DROP TABLE gateway_checkouts`);
    this.addSql(`DROP TABLE payment_gateways`);
  }
}
