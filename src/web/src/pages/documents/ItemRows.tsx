import { useTranslation } from 'react-i18next';
import type { Dispatch, SetStateAction } from 'react';
import type { ProductChoicesQuery } from '../../gql/graphql';
import { ErrorBox } from '../../components/feedback';
import { CheckboxField, SelectField, TextField } from '../../components/form';
import type { Problem } from '../../errors';
import { formatMoney, formatRate } from '../../format';
import { blankRow, type Row } from './form-rows';
import type { useLiveTotals } from './Totals';

const VAT_RATES = ['21', '12', '0'];

type Product = ProductChoicesQuery['products']['data'][number];

/** The item rows: a product to fill a row from, the fields the server checks, and each row's computed line. */
export function ItemRows({
  rows,
  setRows,
  problem,
  live,
  currency,
  products,
}: {
  rows: Row[];
  setRows: Dispatch<SetStateAction<Row[]>>;
  problem: Problem | null;
  live: ReturnType<typeof useLiveTotals>;
  currency: string;
  products: readonly Product[];
}) {
  const { t } = useTranslation('documents');
  const setRow = (index: number, patch: Partial<Row>) =>
    setRows((rs) => rs.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  return (
    <fieldset>
      <legend>{t('items.legend')}</legend>
      <ErrorBox problem={live.problem && !Object.keys(live.problem.fields).length ? live.problem : null} />
      <ol className="item-rows">
        {rows.map((r, i) => {
          const rowProblem = problem ?? live.problem;
          const line = live.lineOf(i);
          return (
            <li key={r.key} className="item-row" data-testid="item-row">
              {products.length > 0 && (
                <SelectField
                  label={t('items.product', { n: i + 1 })}
                  name={`product-${i}`}
                  data-testid={`product-${i}`}
                  problem={null}
                  value=""
                  onChange={(e) => {
                    const p = products.find((x) => x.id === e.target.value);
                    if (p)
                      setRow(i, {
                        name: p.name,
                        unit: p.unit,
                        unitPrice: p.price,
                        vatRate: String(Number(p.vatRate)),
                        priceIncludesVat: false,
                      });
                  }}
                  options={[
                    { value: '', label: t('items.pickProduct') },
                    ...products.map((p) => ({
                      value: p.id,
                      label: p.sku ? `${p.name} (${p.sku})` : p.name,
                    })),
                  ]}
                />
              )}
              <TextField
                label={t('items.name', { n: i + 1 })}
                name={`items[${i}].name`}
                problem={rowProblem}
                value={r.name}
                onChange={(e) => setRow(i, { name: e.target.value })}
                className="wide"
              />
              <TextField
                label={t('items.quantity')}
                name={`items[${i}].quantity`}
                inputMode="decimal"
                problem={rowProblem}
                value={r.quantity}
                onChange={(e) => setRow(i, { quantity: e.target.value })}
              />
              <TextField
                label={t('items.unit')}
                name={`items[${i}].unit`}
                problem={rowProblem}
                value={r.unit}
                onChange={(e) => setRow(i, { unit: e.target.value })}
              />
              <TextField
                label={t('items.unitPrice')}
                name={`items[${i}].unitPrice`}
                inputMode="decimal"
                problem={rowProblem}
                value={r.unitPrice}
                onChange={(e) => setRow(i, { unitPrice: e.target.value })}
              />
              <SelectField
                label={t('items.vatRate')}
                name={`items[${i}].vatRate`}
                problem={rowProblem}
                value={r.vatRate}
                onChange={(e) => setRow(i, { vatRate: e.target.value })}
                options={[...new Set([...VAT_RATES, r.vatRate])].map((v) => ({ value: v, label: formatRate(v) }))}
              />
              <CheckboxField
                label={t('items.includesVat')}
                name={`items[${i}].priceIncludesVat`}
                problem={rowProblem}
                checked={r.priceIncludesVat}
                onChange={(e) => setRow(i, { priceIncludesVat: e.target.checked })}
              />
              <p className="line-total" data-testid="line-total" aria-live="polite">
                {line
                  ? t('items.line', {
                      base: formatMoney(line.base, currency),
                      vat: formatMoney(line.vat, currency),
                      total: formatMoney(line.total, currency),
                    })
                  : '—'}
              </p>
              {rows.length > 1 && (
                <button type="button" onClick={() => setRows((rs) => rs.filter((_, k) => k !== i))}>
                  {t('items.remove', { n: i + 1 })}
                </button>
              )}
            </li>
          );
        })}
      </ol>
      <button type="button" onClick={() => setRows((rs) => [...rs, blankRow()])}>
        {t('items.add')}
      </button>
      {problem?.fields['items'] && <small className="field-error">{problem.fields['items']}</small>}
    </fieldset>
  );
}
