import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
const FILER_TYPES = ['LEGAL_PERSON', 'NATURAL_PERSON'] as const;
const VAT_PERIODS = ['MONTHLY', 'QUARTERLY'] as const;

/** What the VAT return and control statement files (EPO XML, reports) need beyond the billing data. */
export function TaxFiling({
  t: settings,
  writer,
  onSaved,
}: {
  t: CompanySettingsQuery['taxFilingSettings'];
  writer: boolean;
  onSaved: () => void;
}) {
  const { t } = useTranslation('company');
  const update = useAction(UpdateTaxFilingSettingsDocument);
  const notSet = { value: '', label: t('tax.notSet') };
  const filerTypes = [notSet, ...FILER_TYPES.map((value) => ({ value, label: t(`tax.filerTypes.${value}`) }))];
  const vatPeriods = [notSet, ...VAT_PERIODS.map((value) => ({ value, label: t(`tax.vatPeriods.${value}`) }))];
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <section aria-labelledby="tax-filing-heading">
      <h2 id="tax-filing-heading">{t('tax.heading')}</h2>
      {notice && <Notice>{notice}</Notice>}
      <form
        className="stack-form"
        onSubmit={submitHandler(async (form) => {
          setNotice(null);
          const done = await update.run({
            input: Object.fromEntries(TAX_FILING_FIELDS.map((name) => [name, optionalText(form, name)])),
          });
          if (done) {
            setNotice(t('tax.saved'));
            onSaved();
          }
        })}
      >
        <FormError problem={update.problem} fields={TAX_FILING_FIELDS} />
        <fieldset disabled={!writer}>
          <legend>{t('tax.legend')}</legend>
          <div className="grid-fields">
            <TextField
              label={t('tax.office')}
              name="taxOfficeCode"
              inputMode="numeric"
              defaultValue={settings.taxOfficeCode ?? ''}
              problem={update.problem}
              hint={t('tax.officeHint')}
            />
            <TextField
              label={t('tax.workplace')}
              name="taxOfficeWorkplaceCode"
              inputMode="numeric"
              defaultValue={settings.taxOfficeWorkplaceCode ?? ''}
              problem={update.problem}
              hint={t('tax.workplaceHint')}
            />
            <SelectField
              label={t('tax.filer')}
              name="filerType"
              options={filerTypes}
              defaultValue={settings.filerType ?? ''}
              problem={update.problem}
            />
            <TextField
              label={t('tax.firstName')}
              name="filerFirstName"
              defaultValue={settings.filerFirstName ?? ''}
              problem={update.problem}
              hint={t('tax.naturalOnly')}
            />
            <TextField
              label={t('tax.lastName')}
              name="filerLastName"
              defaultValue={settings.filerLastName ?? ''}
              problem={update.problem}
              hint={t('tax.naturalOnly')}
            />
            <SelectField
              label={t('tax.vatPeriod')}
              name="vatPeriod"
              options={vatPeriods}
              defaultValue={settings.vatPeriod ?? ''}
              problem={update.problem}
            />
            <TextField
              label={t('tax.nace')}
              name="naceCode"
              inputMode="numeric"
              defaultValue={settings.naceCode ?? ''}
              problem={update.problem}
              hint={t('tax.naceHint')}
            />
          </div>
        </fieldset>
        {writer && (
          <button type="submit" className="primary" disabled={update.busy}>
            {t('tax.save')}
          </button>
        )}
      </form>
    </section>
  );
}
