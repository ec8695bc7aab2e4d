import type { Dispatch, SetStateAction } from 'react';
import type { ProductChoicesQuery } from '../../gql/graphql';
import { ErrorBox } from '../../components/feedback';
import { CheckboxField, SelectField, TextField } from '../../components/form';
import type { Problem } from '../../errors';
import { formatMoney } from '../../format';
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
  const setRow = (index: number, patch: Partial<Row>) =>
    setRows((rs) => rs.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  return (
    <fieldset>
      <legend>Items</legend>
      <ErrorBox problem={live.problem && !Object.keys(live.problem.fields).length ? live.problem : null} />
      <ol className="item-rows">
        {rows.map((r, i) => {
          const rowProblem = problem ?? live.problem;
          const line = live.lineOf(i);
          return (
            <li key={r.key} className="item-row" data-testid="item-row">
              {products.length > 0 && (
                <SelectField
                  label={`Product for item ${i + 1}`}
                  name={`product-${i}`}
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
                    { value: '', label: 'Pick a product…' },
                    ...products.map((p) => ({
                      value: p.id,
                      label: p.sku ? `${p.name} (${p.sku})` : p.name,
                    })),
                  ]}
                />
              )}
              <TextField
                label={`Item ${i + 1} name`}
                name={`items[${i}].name`}
                problem={rowProblem}
                value={r.name}
                onChange={(e) => setRow(i, { name: e.target.value })}
                className="wide"
              />
              <TextField
                label="Quantity"
                name={`items[${i}].quantity`}
                inputMode="decimal"
                problem={rowProblem}
                value={r.quantity}
                onChange={(e) => setRow(i, { quantity: e.target.value })}
              />
              <TextField
                label="Unit"
                name={`items[${i}].unit`}
                problem={rowProblem}
                value={r.unit}
                onChange={(e) => setRow(i, { unit: e.target.value })}
              />
              <TextField
                label="Unit price"
                name={`items[${i}].unitPrice`}
                inputMode="decimal"
                problem={rowProblem}
                value={r.unitPrice}
                onChange={(e) => setRow(i, { unitPrice: e.target.value })}
              />
              <SelectField
                label="VAT rate"
                name={`items[${i}].vatRate`}
                problem={rowProblem}
                value={r.vatRate}
                onChange={(e) => setRow(i, { vatRate: e.target.value })}
                options={[...new Set([...VAT_RATES, r.vatRate])].map((v) => ({ value: v, label: `${v} %` }))}
              />
              <CheckboxField
                label="Price includes VAT"
                name={`items[${i}].priceIncludesVat`}
                problem={rowProblem}
                checked={r.priceIncludesVat}
                onChange={(e) => setRow(i, { priceIncludesVat: e.target.checked })}
              />
              <p className="line-total" data-testid="line-total" aria-live="polite">
                {line
                  ? `${formatMoney(line.base, currency)} + VAT ${formatMoney(line.vat, currency)} = ${formatMoney(line.total, currency)}`
                  : '—'}
              </p>
              {rows.length > 1 && (
                <button type="button" onClick={() => setRows((rs) => rs.filter((_, k) => k !== i))}>
                  Remove item {i + 1}
                </button>
              )}
            </li>
          );
        })}
      </ol>
      <button type="button" onClick={() => setRows((rs) => [...rs, blankRow()])}>
        Add item
      </button>
      {problem?.fields['items'] && <small className="field-error">{problem.fields['items']}</small>}
    </fieldset>
  );
}
