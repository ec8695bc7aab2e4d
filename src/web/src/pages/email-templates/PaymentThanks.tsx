import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { eventHandler, useAction } from '../../components/action';
import { ErrorBox, Notice } from '../../components/feedback';
import { CheckboxField } from '../../components/form';
import { problemOf } from '../../errors';
import { can, useSession } from '../../session';
import { EmailSettingsDocument, SaveEmailSettingsDocument } from './operations';

/** Whether an invoice paid through a payment thanks the customer by e-mail: saved as soon as it is ticked. */
export function PaymentThanks() {
  const { t } = useTranslation('email-templates');
  const [{ data, error }] = useQuery({ query: EmailSettingsDocument });
  const save = useAction(SaveEmailSettingsDocument);
  const [notice, setNotice] = useState<string | null>(null);
  // As ticked, then as saved; a refused change goes back to what the server keeps.
  const [ticked, setTicked] = useState<boolean | null>(null);
  const { person } = useSession();
  const writer = can(person, 'company_settings', 'write');
  if (!data) return <ErrorBox problem={problemOf(error)} />;
  return (
    <section className="stack-form" aria-labelledby="payment-thanks-heading">
      <h2 id="payment-thanks-heading">{t('thanks.heading')}</h2>
      <ErrorBox problem={save.problem} />
      {notice && <Notice>{notice}</Notice>}
      <CheckboxField
        label={t('thanks.label')}
        name="paymentThanks"
        checked={ticked ?? data.emailSettings.paymentThanks}
        problem={save.problem}
        disabled={!writer || save.busy}
        onChange={eventHandler(async (e: React.ChangeEvent<HTMLInputElement>) => {
          setNotice(null);
          setTicked(e.target.checked);
          const saved = await save.run({ paymentThanks: e.target.checked });
          const on = saved?.saveEmailSettings.paymentThanks ?? null;
          setTicked(on);
          if (on !== null) setNotice(on ? t('thanks.on') : t('thanks.off'));
        })}
      />
      <p className="muted">{t('thanks.explain')}</p>
    </section>
  );
}
