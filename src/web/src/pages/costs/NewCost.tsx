import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import type { CostKind, DocumentItemInput } from '../../gql/graphql';
import { submitHandler, useAction } from '../../components/action';
import { ErrorBox, PageHeader } from '../../components/feedback';
import {
  CheckboxField,
  FormError,
  SelectField,
  TextAreaField,
  TextField,
  formText,
  optionalText,
} from '../../components/form';
import { problemOf } from '../../errors';
import { formatRate, pragueDay } from '../../format';
import { CostSuppliersDocument, CreateCostDocument, CostTotalsPreviewDocument } from './operations';
import { COST_KINDS } from './labels';
import { VatSummary } from './VatSummary';

interface Row {
  key: number;
  name: string;
  quantity: string;
  unitPrice: string;
  vatRate: string;
}

const FIELDS = [
  'supplierId',
  'kind',
  'supplierDocumentNumber',
  'variableSymbol',
  'issuedAt',
  'taxableSupplyDate',
  'dueAt',
  'currency',
  'reverseCharge',
  'note',
  'items',
];
const VAT_RATES = ['21', '12', '0'];
const DECIMAL = /^-?\d+(\.\d+)?$/;

/** A number as typed in either language ("1 234,50" or "1234.50") as the API takes it. */
function decimal(typed: string): string {
  return typed.replace(/\s/g, '').replace(',', '.');
}

function itemsOf(rows: readonly Row[]): DocumentItemInput[] {
  return rows
    .map((r) => ({
      name: r.name.trim(),
      quantity: decimal(r.quantity),
      unitPrice: decimal(r.unitPrice),
      vatRate: r.vatRate,
    }))
    .filter((i) => i.name && DECIMAL.test(i.quantity) && DECIMAL.test(i.unitPrice));
}

let nextKey = 1;
const emptyRow = (): Row => ({ key: nextKey++, name: '', quantity: '1', unitPrice: '', vatRate: '21' });

/** A received cost entered by hand: the server computes its VAT (previewed per rate while typing). */
export function NewCost() {
  const { t } = useTranslation('costs');
  const navigate = useNavigate();
  const create = useAction(CreateCostDocument);
  const [{ data: contacts, error }] = useQuery({ query: CostSuppliersDocument });
  const [rows, setRows] = useState<Row[]>(() => [emptyRow()]);
  const [currency, setCurrency] = useState('CZK');
  const items = itemsOf(rows);
  const [{ data: preview }] = useQuery({
    query: CostTotalsPreviewDocument,
    variables: { items },
    pause: items.length === 0,
  });
  const suppliers = [...(contacts?.suppliers.data ?? []), ...(contacts?.both.data ?? [])].sort((a, b) =>
    a.name.localeCompare(b.name),
  );
  const setRow = (i: number, patch: Partial<Row>) =>
    setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const today = pragueDay(new Date());

  return (
    <>
      <PageHeader title={t('new.title')}>
        <Link to="..">{t('new.back')}</Link>
      </PageHeader>
      <ErrorBox problem={problemOf(error)} />
      <form
        className="stack-form document-form"
        aria-label={t('new.title')}
        onSubmit={submitHandler(async (form) => {
          const done = await create.run({
            input: {
              supplierId: formText(form, 'supplierId'),
              kind: formText(form, 'kind') as CostKind,
              supplierDocumentNumber: optionalText(form, 'supplierDocumentNumber') ?? undefined,
              variableSymbol: optionalText(form, 'variableSymbol') ?? undefined,
              issuedAt: formText(form, 'issuedAt'),
              taxableSupplyDate: optionalText(form, 'taxableSupplyDate') ?? undefined,
              dueAt: optionalText(form, 'dueAt') ?? undefined,
              currency: currency.trim().toUpperCase() || 'CZK',
              reverseCharge: (form.elements.namedItem('reverseCharge') as HTMLInputElement).checked,
              note: optionalText(form, 'note') ?? undefined,
              items: itemsOf(rows),
            },
          });
          if (done) await navigate(`../${done.createCost.id}`, { relative: 'path' });
        })}
      >
        <FormError problem={create.problem} fields={FIELDS} />
        <fieldset>
          <legend>{t('new.document')}</legend>
          <div className="grid-fields">
            <SelectField
              label={t('fields.supplier')}
              name="supplierId"
              problem={create.problem}
              required
              options={[
                { value: '', label: t('new.pickSupplier') },
                ...suppliers.map((s) => ({ value: s.id, label: s.name })),
              ]}
            />
            <SelectField
              label={t('fields.kind')}
              name="kind"
              problem={create.problem}
              options={COST_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
            />
            <TextField
              label={t('fields.supplierDocumentNumber')}
              name="supplierDocumentNumber"
              problem={create.problem}
              maxLength={100}
            />
            <TextField
              label={t('fields.variableSymbol')}
              name="variableSymbol"
              problem={create.problem}
              inputMode="numeric"
              maxLength={10}
            />
            <TextField
              label={t('fields.issuedAt')}
              name="issuedAt"
              type="date"
              problem={create.problem}
              defaultValue={today}
              required
            />
            <TextField
              label={t('fields.taxableSupplyDate')}
              name="taxableSupplyDate"
              type="date"
              problem={create.problem}
            />
            <TextField label={t('fields.dueAt')} name="dueAt" type="date" problem={create.problem} />
            <TextField
              label={t('fields.currency')}
              name="currency"
              problem={create.problem}
              value={currency}
              maxLength={3}
              onChange={(e) => setCurrency(e.target.value)}
            />
          </div>
          <CheckboxField label={t('fields.reverseCharge')} name="reverseCharge" problem={create.problem} />
        </fieldset>
        <fieldset>
          <legend>{t('new.items')}</legend>
          <ol className="item-rows">
            {rows.map((r, i) => (
              <li key={r.key} className="item-row" data-testid="cost-item-row">
                <TextField
                  label={t('new.itemName', { n: i + 1 })}
                  name={`name-${i}`}
                  className="wide"
                  problem={null}
                  value={r.name}
                  maxLength={500}
                  required
                  onChange={(e) => setRow(i, { name: e.target.value })}
                />
                <TextField
                  label={t('new.quantity', { n: i + 1 })}
                  name={`quantity-${i}`}
                  problem={null}
                  inputMode="decimal"
                  value={r.quantity}
                  maxLength={20}
                  required
                  onChange={(e) => setRow(i, { quantity: e.target.value })}
                />
                <TextField
                  label={t('new.unitPrice', { n: i + 1 })}
                  name={`unitPrice-${i}`}
                  problem={null}
                  inputMode="decimal"
                  value={r.unitPrice}
                  maxLength={20}
                  required
                  onChange={(e) => setRow(i, { unitPrice: e.target.value })}
                />
                <SelectField
                  label={t('new.vatRate', { n: i + 1 })}
                  name={`vatRate-${i}`}
                  problem={null}
                  value={r.vatRate}
                  onChange={(e) => setRow(i, { vatRate: e.target.value })}
                  options={VAT_RATES.map((v) => ({ value: v, label: formatRate(v) }))}
                />
                {rows.length > 1 && (
                  <button type="button" onClick={() => setRows((rs) => rs.filter((_, j) => j !== i))}>
                    {t('new.removeItem', { n: i + 1 })}
                  </button>
                )}
              </li>
            ))}
          </ol>
          <button type="button" onClick={() => setRows((rs) => (rs.length < 200 ? [...rs, emptyRow()] : rs))}>
            {t('new.addItem')}
          </button>
        </fieldset>
        {preview && items.length > 0 && (
          <section className="totals" aria-labelledby="cost-preview-heading" data-testid="cost-preview">
            <h2 id="cost-preview-heading">{t('new.preview')}</h2>
            <VatSummary
              rows={preview.documentTotalsPreview.vatRates}
              currency={/^[A-Za-z]{3}$/.test(currency) ? currency.toUpperCase() : 'CZK'}
              subtotal={preview.documentTotalsPreview.subtotal}
              vatTotal={preview.documentTotalsPreview.vatTotal}
              total={preview.documentTotalsPreview.total}
            />
          </section>
        )}
        <TextAreaField label={t('fields.note')} name="note" problem={create.problem} maxLength={2000} />
        <div className="actions">
          <button type="submit" className="primary" disabled={create.busy}>
            {t('new.save')}
          </button>
        </div>
      </form>
    </>
  );
}
