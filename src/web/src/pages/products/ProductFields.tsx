import { useTranslation } from 'react-i18next';
import type { ProductsQuery } from '../../gql/graphql';
import { SelectField, TextField, formText } from '../../components/form';
import { type Problem } from '../../errors';
import { formatRate } from '../../format';

export type Product = ProductsQuery['products']['data'][number];

export const FIELDS = ['name', 'sku', 'unit', 'price', 'vatRate'];

const RATES = ['21', '12', '0'];

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
  const { t } = useTranslation('products');
  return (
    <div className="grid-fields">
      <TextField label={t('fields.name')} name="name" defaultValue={product?.name} problem={problem} required />
      <TextField label={t('fields.sku')} name="sku" defaultValue={product?.sku ?? ''} problem={problem} />
      <TextField label={t('fields.unit')} name="unit" defaultValue={product?.unit ?? 'ks'} problem={problem} />
      <TextField
        label={t('fields.price')}
        name="price"
        inputMode="decimal"
        defaultValue={product?.price}
        problem={problem}
        required
      />
      <SelectField
        label={t('fields.vatRate')}
        name="vatRate"
        defaultValue={product ? String(Number(product.vatRate)) : '21'}
        problem={problem}
        options={RATES.map((rate) => ({ value: rate, label: formatRate(rate) }))}
      />
    </div>
  );
}
