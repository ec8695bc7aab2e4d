import { useState } from 'react';
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
  const update = useAction(UpdateCompanySettingsDocument);
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <section aria-labelledby="billing-heading">
      <h2 id="billing-heading">Billing data</h2>
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
            setNotice('Billing data saved.');
            onSaved();
          }
        })}
      >
        <FormError problem={update.problem} fields={BILLING_FIELDS} />
        <fieldset disabled={!writer}>
          <legend>Company</legend>
          <div className="grid-fields">
            <TextField label="Legal name" name="legalName" defaultValue={c.legalName ?? ''} problem={update.problem} />
            <TextField
              label="IČO"
              name="taxId"
              inputMode="numeric"
              defaultValue={c.taxId ?? ''}
              problem={update.problem}
              hint="8 digits"
            />
            <TextField
              label="DIČ"
              name="vatId"
              defaultValue={c.vatId ?? ''}
              problem={update.problem}
              hint="CZ and 8 to 10 digits"
            />
            <TextField label="Street" name="street" defaultValue={c.street ?? ''} problem={update.problem} />
            <TextField label="City" name="city" defaultValue={c.city ?? ''} problem={update.problem} />
            <TextField label="ZIP" name="zip" defaultValue={c.zip ?? ''} problem={update.problem} />
            <TextField label="Country" name="country" defaultValue={c.country ?? ''} problem={update.problem} />
            <TextField
              label="IBAN"
              name="iban"
              defaultValue={c.iban ?? ''}
              problem={update.problem}
              hint={c.accountNumber ? `Account ${c.accountNumber}` : 'Documents show a QR payment when it is set'}
            />
            <TextField label="E-mail" name="email" type="email" defaultValue={c.email ?? ''} problem={update.problem} />
            <TextField label="Phone" name="phone" type="tel" defaultValue={c.phone ?? ''} problem={update.problem} />
          </div>
          <TextField
            label="Commercial register"
            name="registryText"
            defaultValue={c.registryText ?? ''}
            problem={update.problem}
            hint="e.g. C 12345 vedená u Krajského soudu v Brně"
          />
          <CheckboxField label="VAT payer" name="vatPayer" defaultChecked={c.vatPayer} problem={update.problem} />
          <CheckboxField
            label="Lock issued documents (corrections only by credit note)"
            name="lockIssuedDocuments"
            defaultChecked={c.lockIssuedDocuments}
            problem={update.problem}
          />
        </fieldset>
        {writer && (
          <button type="submit" className="primary" disabled={update.busy}>
            Save billing data
          </button>
        )}
      </form>
    </section>
  );
}
