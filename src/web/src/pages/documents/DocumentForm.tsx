import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import type { DocumentType, ReverseChargeRegime } from '../../gql/graphql';
import { SelectField, TextField, FormError } from '../../components/form';
import { LANGUAGE_LABELS, type Language } from '../../languages';
import { CzkAmounts } from './CzkAmounts';
import { useAction } from '../../components/action';
import { ProductChoicesDocument, CreateDocumentDocument, UpdateDocumentDocument } from './operations';
import { type Head, type Row, isBlank, onFormRows, reverseChargeInput, sentRows } from './form-rows';
import { Totals, useLiveTotals } from './Totals';
import { ItemRows } from './ItemRows';
import { ContactField } from './ContactField';
import type { Existing } from './DocumentEditor';
import { CREATABLE_TYPES, REVERSE_CHARGES } from './labels';

const HEAD_FIELDS = [
  'type',
  'contactId',
  'clientName',
  'issuedAt',
  'taxableSupplyDate',
  'dueAt',
  'variableSymbol',
  'note',
  'reverseCharge',
  'reverseCharge.code',
  'validUntil',
  'language',
  'currency',
  'exchangeRate',
  'items',
  'status',
];

/** The head of a document, its item rows with the server's live totals, and the note; saved in one request. */
export function DocumentForm({
  existing,
  head: initialHead,
  rows: initialRows,
}: {
  existing?: Existing;
  head: Head;
  rows: Row[];
}) {
  const { t } = useTranslation('documents');
  const navigate = useNavigate();
  const [head, setHead] = useState(initialHead);
  const [rows, setRows] = useState(initialRows);
  const [{ data: products }] = useQuery({ query: ProductChoicesDocument });
  const live = useLiveTotals(rows, reverseChargeInput(head));
  const create = useAction(CreateDocumentDocument);
  const update = useAction(UpdateDocumentDocument);
  const [saved, setSaved] = useState<number[]>([]);
  const problem = onFormRows(existing ? update.problem : create.problem, saved);
  const busy = create.busy || update.busy;
  const currency = /^[A-Z]{3}$/.test(head.currency) ? head.currency : 'CZK';
  const foreign = head.currency !== 'CZK';

  const setField = (patch: Partial<Head>) => setHead((h) => ({ ...h, ...patch }));

  const save = async (issue: boolean) => {
    const { items, indexes } = sentRows(rows, (r) => !isBlank(r));
    setSaved(indexes);
    const common = {
      contactId: head.contactId || null,
      clientName: head.clientName.trim() || null,
      issuedAt: head.issuedAt || undefined,
      taxableSupplyDate: head.taxableSupplyDate || null,
      dueAt: head.dueAt || undefined,
      variableSymbol: head.variableSymbol.trim() || null,
      note: head.note.trim() || null,
      reverseCharge: reverseChargeInput(head),
      validUntil: head.type === 'QUOTE' ? head.validUntil || null : undefined,
      // Fixed once issued: only a draft's language changes.
      ...(!existing || existing.status === 'DRAFT' ? { language: head.language || null } : {}),
      currency: head.currency,
      // A foreign currency without a rate takes the ČNB fixing of the taxable supply date.
      ...(foreign ? { exchangeRate: head.exchangeRate.trim().replace(',', '.') || null } : {}),
      items,
    };
    if (existing) {
      const done = await update.run({ id: existing.id, input: common });
      if (done) await navigate(`/documents/${existing.id}`);
    } else {
      const done = await create.run({ input: { ...common, type: head.type, status: issue ? 'ISSUED' : 'DRAFT' } });
      if (done) await navigate(`/documents/${done.createDocument.id}`);
    }
  };

  return (
    <form
      className="document-form"
      onSubmit={(e) => {
        e.preventDefault();
        void save(false);
      }}
    >
      <FormError problem={problem} fields={HEAD_FIELDS} />
      <fieldset>
        <legend>{t('editor.document')}</legend>
        <div className="grid-fields">
          {!existing && (
            <SelectField
              label={t('editor.type')}
              name="type"
              problem={problem}
              value={head.type}
              onChange={(e) => setField({ type: e.target.value as DocumentType })}
              options={CREATABLE_TYPES.map((type) => ({ value: type, label: t(`type.${type}`) }))}
            />
          )}
          <ContactField
            value={head.contactId}
            onChange={(contactId) => setField({ contactId })}
            problem={problem}
            noneLabel={t('editor.noContact')}
          />
          <SelectField
            label={t('editor.reverseCharge')}
            name="reverseCharge"
            problem={problem}
            value={head.reverseCharge}
            onChange={(e) => setField({ reverseCharge: e.target.value as ReverseChargeRegime | '' })}
            options={[
              { value: '', label: t('editor.noReverseCharge') },
              ...REVERSE_CHARGES.map((value) => ({ value, label: t(`reverseCharge.${value}`) })),
            ]}
          />
          {head.reverseCharge === 'DOMESTIC' && (
            <TextField
              label={t('editor.supplyCode')}
              name="reverseCharge.code"
              inputMode="numeric"
              problem={problem}
              value={head.reverseChargeCode}
              onChange={(e) => setField({ reverseChargeCode: e.target.value })}
              hint={t('editor.supplyCodeHint')}
            />
          )}
          <TextField
            label={t('editor.clientName')}
            name="clientName"
            problem={problem}
            value={head.clientName}
            onChange={(e) => setField({ clientName: e.target.value })}
            hint={t('editor.clientNameHint')}
          />
          <TextField
            label={t('editor.issuedAt')}
            name="issuedAt"
            type="date"
            problem={problem}
            value={head.issuedAt}
            onChange={(e) => setField({ issuedAt: e.target.value })}
          />
          <TextField
            label={t('editor.taxableSupplyDate')}
            name="taxableSupplyDate"
            type="date"
            problem={problem}
            value={head.taxableSupplyDate}
            onChange={(e) => setField({ taxableSupplyDate: e.target.value })}
            hint={t('editor.taxableSupplyDateHint')}
          />
          <TextField
            label={t('editor.dueAt')}
            name="dueAt"
            type="date"
            problem={problem}
            value={head.dueAt}
            onChange={(e) => setField({ dueAt: e.target.value })}
            hint={t('editor.dueAtHint')}
          />
          <TextField
            label={t('editor.variableSymbol')}
            name="variableSymbol"
            inputMode="numeric"
            problem={problem}
            value={head.variableSymbol}
            onChange={(e) => setField({ variableSymbol: e.target.value })}
            hint={t('editor.variableSymbolHint')}
          />
          {head.type === 'QUOTE' && (
            <TextField
              label={t('editor.validUntil')}
              name="validUntil"
              type="date"
              problem={problem}
              value={head.validUntil}
              onChange={(e) => setField({ validUntil: e.target.value })}
              hint={t('editor.validUntilHint')}
            />
          )}
          <TextField
            label={t('editor.currency')}
            name="currency"
            problem={problem}
            value={head.currency}
            maxLength={3}
            onChange={(e) => setField({ currency: e.target.value.toUpperCase() })}
            hint={t('editor.currencyHint')}
          />
          {foreign && (
            <TextField
              label={t('editor.exchangeRate')}
              name="exchangeRate"
              inputMode="decimal"
              problem={problem}
              value={head.exchangeRate}
              onChange={(e) => setField({ exchangeRate: e.target.value })}
              hint={t('editor.exchangeRateHint', { currency: head.currency })}
            />
          )}
          <SelectField
            label={t('editor.language')}
            name="language"
            problem={problem}
            value={head.language}
            disabled={existing && existing.status !== 'DRAFT'}
            onChange={(e) => setField({ language: e.target.value })}
            options={[
              { value: '', label: t('editor.languageDefault') },
              ...(Object.keys(LANGUAGE_LABELS) as Language[]).map((value) => ({
                value,
                label: t(`documentLanguage.${value}`),
              })),
            ]}
          />
        </div>
      </fieldset>

      <ItemRows
        rows={rows}
        setRows={setRows}
        problem={problem}
        live={live}
        currency={currency}
        products={products?.products.data ?? []}
      />

      <Totals preview={live.preview} pending={live.pending} currency={currency} />
      {existing && <CzkAmounts doc={existing} title={t('editor.czkSaved')} />}

      <TextField
        label={t('editor.note')}
        name="note"
        problem={problem}
        value={head.note}
        onChange={(e) => setField({ note: e.target.value })}
      />
      <div className="actions">
        <button type="submit" className={existing ? 'primary' : undefined} disabled={busy}>
          {existing ? t('editor.save') : t('editor.saveDraft')}
        </button>
        {!existing && (
          <button type="button" className="primary" disabled={busy} onClick={() => void save(true)}>
            {t('editor.saveIssue')}
          </button>
        )}
        <Link to={existing ? `/documents/${existing.id}` : '/documents'}>{t('editor.cancel')}</Link>
      </div>
    </form>
  );
}
