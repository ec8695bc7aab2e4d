import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { useAction, submitHandler } from '../../components/action';
import { Empty, ErrorBox, PageHeader } from '../../components/feedback';
import { FormError, SelectField, TextField } from '../../components/form';
import { Pager, usePaging } from '../../components/paging';
import { SavedViews, viewFilters } from '../../components/SavedViews';
import { problemOf } from '../../errors';
import { can, useSession } from '../../session';
import { ProductsDocument, CreateProductDocument } from './operations';
import { ProductCard } from './ProductCard';
import { FIELDS, ProductFields, productInput } from './ProductFields';

export function Products() {
  const { t } = useTranslation('products');
  const { person } = useSession();
  const writer = can(person, 'documents', 'write');
  const paging = usePaging();
  const [search, setSearch] = useState('');
  const [active, setActive] = useState(true);
  const [view, setView] = useState<string | null>(null);
  const [{ data, error }, refetch] = useQuery({
    query: ProductsDocument,
    variables: { ...paging.variables, search: search.trim() || null, active, view },
  });
  const create = useAction(CreateProductDocument);
  const reload = () => refetch({ requestPolicy: 'network-only' });

  return (
    <>
      <PageHeader title={t('title')} />
      {writer && (
        <details className="create">
          <summary>{t('create.open')}</summary>
          <form
            className="stack-form"
            onSubmit={submitHandler(async (form) => {
              if (await create.run({ input: productInput(form) })) {
                form.reset();
                reload();
              }
            })}
          >
            <FormError problem={create.problem} fields={FIELDS} />
            <ProductFields problem={create.problem} />
            <button type="submit" className="primary" disabled={create.busy}>
              {t('create.submit')}
            </button>
          </form>
        </details>
      )}
      <SavedViews
        resource="products"
        filters={{ search: search.trim(), active }}
        chosen={view}
        onChoose={(chosen) => {
          const shown = viewFilters({ search: '', active: true }, chosen);
          setSearch(shown.search);
          setActive(shown.active);
          setView(chosen?.id ?? null);
          paging.reset();
        }}
      />
      <form className="filters" role="search" aria-label={t('list.search')} onSubmit={(e) => e.preventDefault()}>
        <TextField
          label={t('list.searchField')}
          name="search"
          type="search"
          problem={null}
          value={search}
          hint={t('list.searchHint')}
          onChange={(e) => {
            setSearch(e.target.value);
            paging.reset();
          }}
        />
        <SelectField
          label={t('list.show')}
          name="active"
          problem={null}
          value={active ? 'active' : 'deleted'}
          onChange={(e) => {
            setActive(e.target.value === 'active');
            paging.reset();
          }}
          options={[
            { value: 'active', label: t('list.active') },
            { value: 'deleted', label: t('list.deleted') },
          ]}
        />
      </form>
      <ErrorBox problem={problemOf(error)} />
      {data && !data.products.data.length && <Empty>{t('list.empty')}</Empty>}
      <ul className="cards">
        {data?.products.data.map((p) => (
          <ProductCard key={p.id} product={p} writer={writer} onChanged={reload} />
        ))}
      </ul>
      <Pager paging={paging} nextCursor={data?.products.nextCursor} label={t('list.paging')} />
    </>
  );
}
