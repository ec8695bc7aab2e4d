import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CompanySettingsQuery } from '../../gql/graphql';
import { useAction, submitHandler } from '../../components/action';
import { Notice } from '../../components/feedback';
import { CheckboxField, FormError, TextField, optionalText } from '../../components/form';
import { UpdateCompanySettingsDocument } from './operations';

const BILLING_FIELDS = [
  'legalName',
  'taxId',
  'vatId',
  'vatPayer',
  'street',
  'city',
  'zip',
  'country',
  'iban',
  'email',
  'phone',
  'registryText',
  'lockIssuedDocuments',
];

/** The company's legal identification: what its documents print. */
export function BillingData({
  c,
  writer,
  onSaved,
}: {
  c: CompanySettingsQuery['companySettings'];
  writer: boolean;
  onSaved: () => void;
}) {
  const { t } = useTranslation('company');
  const update = useAction(UpdateCompanySettingsDocument);
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <section aria-labelledby="billing-heading">
      <h2 id="billing-heading">{t('billing.heading')}</h2>
      {notice && <Notice>{notice}</Notice>}
      <form
        className="stack-form"
        onSubmit={submitHandler(async (form) => {
          setNotice(null);
          const done = await update.run({
            input: {
              legalName: optionalText(form, 'legalName'),
              taxId: optionalText(form, 'taxId'),
              vatId: optionalText(form, 'vatId'),
              vatPayer: new FormData(form).get('vatPayer') === 'on',
              street: optionalText(form, 'street'),
              city: optionalText(form, 'city'),
              zip: optionalText(form, 'zip'),
              country: optionalText(form, 'country'),
              iban: optionalText(form, 'iban'),
              email: optionalText(form, 'email'),
              phone: optionalText(form, 'phone'),
              registryText: optionalText(form, 'registryText'),
              lockIssuedDocuments: new FormData(form).get('lockIssuedDocuments') === 'on',
            },
          });
          if (done) {
            setNotice(t('billing.saved'));
            onSaved();
          }
        })}
      >
        <FormError problem={update.problem} fields={BILLING_FIELDS} />
        <fieldset disabled={!writer}>
          <legend>{t('billing.legend')}</legend>
          <div className="grid-fields">
            <TextField
              label={t('billing.legalName')}
              name="legalName"
              defaultValue={c.legalName ?? ''}
              problem={update.problem}
            />
            <TextField
              label={t('billing.taxId')}
              name="taxId"
              inputMode="numeric"
              defaultValue={c.taxId ?? ''}
              problem={update.problem}
              hint={t('billing.taxIdHint')}
            />
            <TextField
              label={t('billing.vatId')}
              name="vatId"
              defaultValue={c.vatId ?? ''}
              problem={update.problem}
              hint={t('billing.vatIdHint')}
            />
            <TextField
              label={t('billing.street')}
              name="street"
              defaultValue={c.street ?? ''}
              problem={update.problem}
            />
            <TextField label={t('billing.city')} name="city" defaultValue={c.city ?? ''} problem={update.problem} />
            <TextField label={t('billing.zip')} name="zip" defaultValue={c.zip ?? ''} problem={update.problem} />
            <TextField
              label={t('billing.country')}
              name="country"
              defaultValue={c.country ?? ''}
              problem={update.problem}
            />
            <TextField
              label={t('billing.iban')}
              name="iban"
              defaultValue={c.iban ?? ''}
              problem={update.problem}
              hint={c.accountNumber ? t('billing.ibanAccount', { account: c.accountNumber }) : t('billing.ibanHint')}
            />
            <TextField
              label={t('billing.email')}
              name="email"
              type="email"
              defaultValue={c.email ?? ''}
              problem={update.problem}
            />
            <TextField
              label={t('billing.phone')}
              name="phone"
              type="tel"
              defaultValue={c.phone ?? ''}
              problem={update.problem}
            />
          </div>
          <TextField
            label={t('billing.registry')}
            name="registryText"
            defaultValue={c.registryText ?? ''}
            problem={update.problem}
            hint={t('billing.registryHint')}
          />
          <CheckboxField
            label={t('billing.vatPayer')}
            name="vatPayer"
            defaultChecked={c.vatPayer}
            problem={update.problem}
          />
          <CheckboxField
            label={t('billing.lock')}
            name="lockIssuedDocuments"
            defaultChecked={c.lockIssuedDocuments}
            problem={update.problem}
          />
        </fieldset>
        {writer && (
          <button type="submit" className="primary" disabled={update.busy}>
            {t('billing.save')}
          </button>
        )}
      </form>
    </section>
  );
}
