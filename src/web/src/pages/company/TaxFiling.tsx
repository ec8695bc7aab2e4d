import { useState } from 'react';
import type { CompanySettingsQuery } from '../../gql/graphql';
import { useAction, submitHandler } from '../../components/action';
import { Notice } from '../../components/feedback';
import { FormError, SelectField, TextField, optionalText } from '../../components/form';
import { UpdateTaxFilingSettingsDocument } from './operations';

const TAX_FILING_FIELDS = [
  'taxOfficeCode',
  'taxOfficeWorkplaceCode',
  'filerType',
  'filerFirstName',
  'filerLastName',
  'vatPeriod',
  'naceCode',
];
const FILER_TYPES = [
  { value: '', label: 'Not set' },
  { value: 'LEGAL_PERSON', label: 'Legal person (files under the legal name)' },
  { value: 'NATURAL_PERSON', label: 'Natural person' },
];
const VAT_PERIODS = [
  { value: '', label: 'Not set' },
  { value: 'MONTHLY', label: 'Monthly' },
  { value: 'QUARTERLY', label: 'Quarterly' },
];

/** What the VAT return and control statement files (EPO XML, reports) need beyond the billing data. */
export function TaxFiling({
  t,
  writer,
  onSaved,
}: {
  t: CompanySettingsQuery['taxFilingSettings'];
  writer: boolean;
  onSaved: () => void;
}) {
  const update = useAction(UpdateTaxFilingSettingsDocument);
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <section aria-labelledby="tax-filing-heading">
      <h2 id="tax-filing-heading">Tax filing</h2>
      {notice && <Notice>{notice}</Notice>}
      <form
        className="stack-form"
        onSubmit={submitHandler(async (form) => {
          setNotice(null);
          const done = await update.run({
            input: Object.fromEntries(TAX_FILING_FIELDS.map((name) => [name, optionalText(form, name)])),
          });
          if (done) {
            setNotice('Tax filing settings saved.');
            onSaved();
          }
        })}
      >
        <FormError problem={update.problem} fields={TAX_FILING_FIELDS} />
        <fieldset disabled={!writer}>
          <legend>VAT return and control statement</legend>
          <div className="grid-fields">
            <TextField
              label="Tax office"
              name="taxOfficeCode"
              inputMode="numeric"
              defaultValue={t.taxOfficeCode ?? ''}
              problem={update.problem}
              hint="3 digits (c_ufo), e.g. 451"
            />
            <TextField
              label="Tax office workplace"
              name="taxOfficeWorkplaceCode"
              inputMode="numeric"
              defaultValue={t.taxOfficeWorkplaceCode ?? ''}
              problem={update.problem}
              hint="4 digits (c_pracufo), e.g. 2001"
            />
            <SelectField
              label="Filer"
              name="filerType"
              options={FILER_TYPES}
              defaultValue={t.filerType ?? ''}
              problem={update.problem}
            />
            <TextField
              label="First name"
              name="filerFirstName"
              defaultValue={t.filerFirstName ?? ''}
              problem={update.problem}
              hint="A natural person only"
            />
            <TextField
              label="Last name"
              name="filerLastName"
              defaultValue={t.filerLastName ?? ''}
              problem={update.problem}
              hint="A natural person only"
            />
            <SelectField
              label="VAT period"
              name="vatPeriod"
              options={VAT_PERIODS}
              defaultValue={t.vatPeriod ?? ''}
              problem={update.problem}
            />
            <TextField
              label="CZ-NACE"
              name="naceCode"
              inputMode="numeric"
              defaultValue={t.naceCode ?? ''}
              problem={update.problem}
              hint="Main activity, e.g. 62010"
            />
          </div>
        </fieldset>
        {writer && (
          <button type="submit" className="primary" disabled={update.busy}>
            Save tax filing settings
          </button>
        )}
      </form>
    </section>
  );
}
