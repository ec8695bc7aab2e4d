import { useState } from 'react';
import { useQuery } from 'urql';
import { eventHandler, useAction } from '../../components/action';
import { ErrorBox, Notice } from '../../components/feedback';
import { CheckboxField } from '../../components/form';
import { problemOf } from '../../errors';
import { can, useSession } from '../../session';
import { EmailSettingsDocument, SaveEmailSettingsDocument } from './operations';

/** Whether an invoice paid through a payment thanks the customer by e-mail: saved as soon as it is ticked. */
export function PaymentThanks() {
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
      <h2 id="payment-thanks-heading">Payment thanks</h2>
      <ErrorBox problem={save.problem} />
      {notice && <Notice>{notice}</Notice>}
      <CheckboxField
        label="Thank customers for payments"
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
          if (on !== null) setNotice(on ? 'Payment thanks switched on.' : 'Payment thanks switched off.');
        })}
      />
      <p className="muted">
        When an invoice becomes paid through a payment, the customer gets the “Thanks for a payment” e-mail below.
      </p>
    </section>
  );
}
