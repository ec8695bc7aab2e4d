import type { ProductsQuery } from '../../gql/graphql';
import { SelectField, TextField, formText } from '../../components/form';
import { type Problem } from '../../errors';

export type Product = ProductsQuery['products']['data'][number];

export const FIELDS = ['name', 'sku', 'unit', 'price', 'vatRate'];

const RATES = ['21', '12', '0'].map((v) => ({ value: v, label: `${v} %` }));

export function productInput(form: HTMLFormElement) {
  return {
    name: formText(form, 'name'),
    sku: formText(form, 'sku').trim() || null,
    unit: formText(form, 'unit').trim() || 'ks',
    price: formText(form, 'price').replace(',', '.').trim(),
    vatRate: formText(form, 'vatRate'),
  };
}

export function ProductFields({ product, problem }: { product?: Product; problem: Problem | null }) {
  return (
    <div className="grid-fields">
      <TextField label="Name" name="name" defaultValue={product?.name} problem={problem} required />
      <TextField label="SKU" name="sku" defaultValue={product?.sku ?? ''} problem={problem} />
      <TextField label="Unit" name="unit" defaultValue={product?.unit ?? 'ks'} problem={problem} />
      <TextField
        label="Price without VAT"
        name="price"
        inputMode="decimal"
        defaultValue={product?.price}
        problem={problem}
        required
      />
      <SelectField
        label="VAT rate"
        name="vatRate"
        defaultValue={product ? String(Number(product.vatRate)) : '21'}
        problem={problem}
        options={RATES}
      />
    </div>
  );
}
