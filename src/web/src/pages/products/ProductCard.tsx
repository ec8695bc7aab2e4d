import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction, eventHandler, submitHandler } from '../../components/action';
import { ConfirmButton } from '../../components/confirm';
import { ErrorBox } from '../../components/feedback';
import { FormError, SaveOrCancel } from '../../components/form';
import { formatMoney, formatRate } from '../../format';
import { UpdateProductDocument, DeleteProductDocument } from './operations';
import { FIELDS, ProductFields, productInput, type Product } from './ProductFields';

export function ProductCard({
  product,
  writer,
  onChanged,
}: {
  product: Product;
  writer: boolean;
  onChanged: () => void;
}) {
  const { t } = useTranslation('products');
  const [editing, setEditing] = useState(false);
  const update = useAction(UpdateProductDocument);
  const remove = useAction(DeleteProductDocument);
  return (
    <li data-testid={`product-${product.name}`}>
      <h2>{product.name}</h2>
      <p>
        {t('card.price', { price: formatMoney(product.price), unit: product.unit, rate: formatRate(product.vatRate) })}
        {product.sku && (
          <>
            {' '}
            · {t('card.sku')} <code>{product.sku}</code>
          </>
        )}
      </p>
      <ErrorBox problem={remove.problem} />
      {editing ? (
        <form
          className="stack-form"
          onSubmit={submitHandler(async (form) => {
            if (await update.run({ id: product.id, input: productInput(form) })) {
              setEditing(false);
              onChanged();
            }
          })}
        >
          <FormError problem={update.problem} fields={FIELDS} />
          <ProductFields product={product} problem={update.problem} />
          <SaveOrCancel busy={update.busy} onCancel={() => setEditing(false)} />
        </form>
      ) : (
        writer && (
          <div className="actions">
            <button type="button" onClick={() => setEditing(true)}>
              {t('card.edit')}
            </button>
            {product.active ? (
              <ConfirmButton
                label={t('delete.label')}
                title={t('delete.title', { name: product.name })}
                confirmLabel={t('delete.confirm')}
                onConfirm={async () => {
                  if (await remove.run({ id: product.id })) onChanged();
                }}
              >
                {t('delete.text')}
              </ConfirmButton>
            ) : (
              <button
                type="button"
                onClick={eventHandler(async () => {
                  if (await update.run({ id: product.id, input: { active: true } })) onChanged();
                })}
              >
                {t('card.putBack')}
              </button>
            )}
          </div>
        )
      )}
    </li>
  );
}
