import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('payments');
  const [{ data, error }, refetch] = useQuery({ query: PaymentGatewayDocument });
  const connect = useAction(ConnectPaymentGatewayDocument);
  const disconnect = useAction(DisconnectPaymentGatewayDocument);
  const [notice, setNotice] = useState<string | null>(null);
  const gateway = data?.paymentGateway ?? null;
  const reload = () => refetch({ requestPolicy: 'network-only' });
  return (
    <section aria-labelledby="gateway-heading">
      <h2 id="gateway-heading">{t('gateway.title')}</h2>
      <ErrorBox problem={problemOf(error) ?? disconnect.problem} />
      {notice && <Notice>{notice}</Notice>}
      {gateway ? (
        <div data-testid="payment-gateway">
          <p>
            {t('gateway.connected')} <strong>Stripe</strong> · <code>{gateway.keyHint}</code>
            {gateway.testMode && ` · ${t('gateway.testMode')}`}
          </p>
          <p>
            {t('gateway.webhook')} <code>{gateway.webhookUrl}</code>
          </p>
        </div>
      ) : (
        <p>{t('gateway.notConnected')}</p>
      )}
      {writer && (
        <details className="create">
          <summary>{gateway ? t('gateway.replace') : t('gateway.connect')}</summary>
          <form
            className="stack-form"
            aria-label={gateway ? t('gateway.replace') : t('gateway.connect')}
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
                setNotice(t('gateway.done'));
                reload();
              }
            })}
          >
            <FormError problem={connect.problem} fields={FIELDS} />
            <TextField
              label={t('gateway.secretKey')}
              name="secretKey"
              type="password"
              autoComplete="off"
              problem={connect.problem}
              hint={t('gateway.secretKeyHint')}
              required
            />
            <TextField
              label={t('gateway.webhookSecret')}
              name="webhookSecret"
              type="password"
              autoComplete="off"
              problem={connect.problem}
              hint={t('gateway.webhookSecretHint')}
              required
            />
            <button type="submit" className="primary" disabled={connect.busy}>
              {t('gateway.save')}
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
              setNotice(t('gateway.disconnected'));
              reload();
            }
          })}
        >
          {t('gateway.disconnect')}
        </button>
      )}
    </section>
  );
}
