import { useState } from 'react';
import { useQuery } from 'urql';
import { eventHandler, submitHandler, useAction } from '../../components/action';
import { ErrorBox, Notice } from '../../components/feedback';
import { FormError, TextField, formText } from '../../components/form';
import { problemOf } from '../../errors';
import {
  ConnectPaymentGatewayDocument,
  DisconnectPaymentGatewayDocument,
  PaymentGatewayDocument,
} from './gateway-operations';

const FIELDS = ['provider', 'secretKey', 'webhookSecret'];

/**
 * Online payment of invoices (issue 28): the company connects Stripe, and the public page of each
 * unpaid invoice offers "Zaplatit online". The keys are written here and never shown again.
 */
export function PaymentGateway({ writer }: { writer: boolean }) {
  const [{ data, error }, refetch] = useQuery({ query: PaymentGatewayDocument });
  const connect = useAction(ConnectPaymentGatewayDocument);
  const disconnect = useAction(DisconnectPaymentGatewayDocument);
  const [notice, setNotice] = useState<string | null>(null);
  const gateway = data?.paymentGateway ?? null;
  const reload = () => refetch({ requestPolicy: 'network-only' });
  return (
    <section aria-labelledby="gateway-heading">
      <h2 id="gateway-heading">Online payments</h2>
      <ErrorBox problem={problemOf(error) ?? disconnect.problem} />
      {notice && <Notice>{notice}</Notice>}
      {gateway ? (
        <div data-testid="payment-gateway">
          <p>
            Connected: <strong>Stripe</strong> · <code>{gateway.keyHint}</code>
            {gateway.testMode && ' · test mode (no real money)'}
          </p>
          <p>
            Webhook address for Stripe (events checkout.session.completed and checkout.session.async_payment_succeeded):{' '}
            <code>{gateway.webhookUrl}</code>
          </p>
        </div>
      ) : (
        <p>Not connected: customers pay by bank transfer (QR code) only.</p>
      )}
      {writer && (
        <details className="create">
          <summary>{gateway ? 'Replace the Stripe keys' : 'Connect Stripe'}</summary>
          <form
            className="stack-form"
            onSubmit={submitHandler(async (form) => {
              setNotice(null);
              const done = await connect.run({
                input: {
                  provider: 'STRIPE',
                  secretKey: formText(form, 'secretKey').trim(),
                  webhookSecret: formText(form, 'webhookSecret').trim(),
                },
              });
              if (done) {
                form.reset();
                setNotice('Stripe connected: unpaid invoices now offer “Zaplatit online”.');
                reload();
              }
            })}
          >
            <FormError problem={connect.problem} fields={FIELDS} />
            <TextField
              label="Secret key"
              name="secretKey"
              type="password"
              autoComplete="off"
              problem={connect.problem}
              hint="sk_live_…, sk_test_… or a restricted key rk_…"
              required
            />
            <TextField
              label="Webhook signing secret"
              name="webhookSecret"
              type="password"
              autoComplete="off"
              problem={connect.problem}
              hint="whsec_… of the webhook endpoint you added in Stripe"
              required
            />
            <button type="submit" className="primary" disabled={connect.busy}>
              Save keys
            </button>
          </form>
        </details>
      )}
      {writer && gateway && (
        <button
          type="button"
          disabled={disconnect.busy}
          onClick={eventHandler(async () => {
            setNotice(null);
            if (await disconnect.run({})) {
              setNotice('Stripe disconnected.');
              reload();
            }
          })}
        >
          Disconnect Stripe
        </button>
      )}
    </section>
  );
}
