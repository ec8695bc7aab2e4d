import { useState } from 'react';
import { useQuery } from 'urql';
import { graphql } from '../gql';
import type { ProductsQuery } from '../gql/graphql';
import { useAction, eventHandler } from '../components/action';
import { ConfirmButton } from '../components/confirm';
import { Empty, ErrorBox, PageHeader } from '../components/feedback';
import { FormError, SaveOrCancel, SelectField, TextField, formText } from '../components/form';
import { Pager, usePaging } from '../components/paging';
import { problemOf, type Problem } from '../errors';
import { formatMoney, formatRate } from '../format';
import { can, useSession } from '../session';

const ProductsDocument = graphql(`
  query Products($limit: Int, $cursor: String, $search: String, $active: Boolean) {
    products(limit: $limit, cursor: $cursor, search: $search, active: $active) {
      data {
        id
        name
        sku
        unit
        price
        vatRate
        active
      }
      nextCursor
    }
  }
`);

const CreateProductDocument = graphql(`
  mutation CreateProduct($input: CreateProductInput!) {
    createProduct(input: $input) {
      id
    }
  }
`);

const UpdateProductDocument = graphql(`
  mutation UpdateProduct($id: ID!, $input: UpdateProductInput!) {
    updateProduct(id: $id, input: $input) {
      id
      active
    }
  }
`);

const DeleteProductDocument = graphql(`
  mutation DeleteProduct($id: ID!) {
    deleteProduct(id: $id) {
      id
      active
    }
  }
`);

type Product = ProductsQuery['products']['data'][number];
const FIELDS = ['name', 'sku', 'unit', 'price', 'vatRate'];
const RATES = ['21', '12', '0'].map((v) => ({ value: v, label: `${v} %` }));

function productInput(form: HTMLFormElement) {
  return {
    name: formText(form, 'name'),
    sku: formText(form, 'sku').trim() || null,
    unit: formText(form, 'unit').trim() || 'ks',
    price: formText(form, 'price').replace(',', '.').trim(),
    vatRate: formText(form, 'vatRate'),
  };
}

function ProductFields({ product, problem }: { product?: Product; problem: Problem | null }) {
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

export function Products() {
  const { person } = useSession();
  const writer = can(person, 'documents', 'write');
  const paging = usePaging();
  const [search, setSearch] = useState('');
  const [active, setActive] = useState(true);
  const [{ data, error }, refetch] = useQuery({
    query: ProductsDocument,
    variables: { ...paging.variables, search: search.trim() || null, active },
  });
  const create = useAction(CreateProductDocument);
  const reload = () => refetch({ requestPolicy: 'network-only' });

  return (
    <>
      <PageHeader title="Products" />
      {writer && (
        <details className="create">
          <summary>New product</summary>
          <form
            className="stack-form"
            onSubmit={eventHandler(async (e) => {
              e.preventDefault();
              const form = e.currentTarget;
              if (await create.run({ input: productInput(form) })) {
                form.reset();
                reload();
              }
            })}
          >
            <FormError problem={create.problem} fields={FIELDS} />
            <ProductFields problem={create.problem} />
            <button type="submit" className="primary" disabled={create.busy}>
              Create product
            </button>
          </form>
        </details>
      )}
      <form className="filters" role="search" aria-label="Search products" onSubmit={(e) => e.preventDefault()}>
        <TextField
          label="Search"
          name="search"
          type="search"
          problem={null}
          value={search}
          hint="Name or SKU"
          onChange={(e) => {
            setSearch(e.target.value);
            paging.reset();
          }}
        />
        <SelectField
          label="Show"
          name="active"
          problem={null}
          value={active ? 'active' : 'deleted'}
          onChange={(e) => {
            setActive(e.target.value === 'active');
            paging.reset();
          }}
          options={[
            { value: 'active', label: 'On the price list' },
            { value: 'deleted', label: 'Deleted' },
          ]}
        />
      </form>
      <ErrorBox problem={problemOf(error)} />
      {data && !data.products.data.length && <Empty>No products found.</Empty>}
      <ul className="cards">
        {data?.products.data.map((p) => (
          <ProductCard key={p.id} product={p} writer={writer} onChanged={reload} />
        ))}
      </ul>
      <Pager paging={paging} nextCursor={data?.products.nextCursor} label="Products" />
    </>
  );
}

function ProductCard({ product, writer, onChanged }: { product: Product; writer: boolean; onChanged: () => void }) {
  const [editing, setEditing] = useState(false);
  const update = useAction(UpdateProductDocument);
  const remove = useAction(DeleteProductDocument);
  return (
    <li data-testid={`product-${product.name}`}>
      <h2>{product.name}</h2>
      <p>
        {formatMoney(product.price)} / {product.unit} · VAT {formatRate(product.vatRate)}
        {product.sku && (
          <>
            {' '}
            · SKU <code>{product.sku}</code>
          </>
        )}
      </p>
      <ErrorBox problem={remove.problem} />
      {editing ? (
        <form
          className="stack-form"
          onSubmit={eventHandler(async (e) => {
            e.preventDefault();
            if (await update.run({ id: product.id, input: productInput(e.currentTarget) })) {
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
              Edit
            </button>
            {product.active ? (
              <ConfirmButton
                label="Delete"
                title={`Delete ${product.name}?`}
                confirmLabel="Delete product"
                onConfirm={async () => {
                  if (await remove.run({ id: product.id })) onChanged();
                }}
              >
                It leaves the price list; documents that already use it keep their items.
              </ConfirmButton>
            ) : (
              <button
                type="button"
                onClick={eventHandler(async () => {
                  if (await update.run({ id: product.id, input: { active: true } })) onChanged();
                })}
              >
                Put back on the price list
              </button>
            )}
          </div>
        )
      )}
    </li>
  );
}
