import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import { useAction, submitHandler } from '../../components/action';
import { Empty, ErrorBox, Notice, PageHeader } from '../../components/feedback';
import { FormError, SelectField, TextField } from '../../components/form';
import { Pager, usePaging } from '../../components/paging';
import { SavedViews, viewFilters } from '../../components/SavedViews';
import { DataTable } from '../../components/table';
import { problemOf } from '../../errors';
import { can, useSession } from '../../session';
import { ContactsDocument, CreateContactDocument } from './operations';
import { ContactFields, FIELDS, contactInput } from './ContactFields';

export function ContactList() {
  const { t } = useTranslation('contacts');
  const { person } = useSession();
  const writer = can(person, 'contacts', 'write');
  const paging = usePaging();
  const [search, setSearch] = useState('');
  const [archived, setArchived] = useState(false);
  const [view, setView] = useState<string | null>(null);
  const [{ data, error }, refetch] = useQuery({
    query: ContactsDocument,
    variables: { ...paging.variables, search: search.trim() || null, archived, view },
  });
  const create = useAction(CreateContactDocument);
  const [created, setCreated] = useState<string | null>(null);

  return (
    <>
      <PageHeader title={t('title')} />
      {writer && (
        <details className="create">
          <summary>{t('create.open')}</summary>
          <form
            className="stack-form"
            onSubmit={submitHandler(async (form) => {
              const done = await create.run({ input: contactInput(form) });
              if (done) {
                form.reset();
                setCreated(done.createContact.name);
                refetch({ requestPolicy: 'network-only' });
              }
            })}
          >
            <FormError problem={create.problem} fields={FIELDS} />
            <ContactFields problem={create.problem} />
            <button type="submit" className="primary" disabled={create.busy}>
              {t('create.submit')}
            </button>
          </form>
        </details>
      )}
      {created && <Notice>{t('create.created', { name: created })}</Notice>}
      <SavedViews
        resource="contacts"
        filters={{ search: search.trim(), archived }}
        chosen={view}
        onChoose={(chosen) => {
          const shown = viewFilters({ search: '', archived: false }, chosen);
          setSearch(shown.search);
          setArchived(shown.archived);
          setView(chosen?.id ?? null);
          paging.reset();
        }}
      />
      <form className="filters" role="search" aria-label={t('list.search')} onSubmit={(e) => e.preventDefault()}>
        <TextField
          label={t('list.searchField')}
          name="search"
          type="search"
          problem={problemOf(error)}
          value={search}
          hint={t('list.searchHint')}
          onChange={(e) => {
            setSearch(e.target.value);
            paging.reset();
          }}
        />
        <SelectField
          label={t('list.show')}
          name="archived"
          problem={null}
          value={archived ? 'archived' : 'active'}
          onChange={(e) => {
            setArchived(e.target.value === 'archived');
            paging.reset();
          }}
          options={[
            { value: 'active', label: t('list.active') },
            { value: 'archived', label: t('list.archived') },
          ]}
        />
      </form>
      <ErrorBox problem={problemOf(error)} />
      {data && !data.contacts.data.length && <Empty>{t('list.empty')}</Empty>}
      {data && data.contacts.data.length > 0 && (
        <DataTable
          rows={data.contacts.data}
          rowKey={(c) => c.id}
          rowTestId={(c) => `contact-${c.name}`}
          columns={[
            { label: t('list.name'), cell: (c) => <Link to={c.id}>{c.name}</Link> },
            { label: t('list.ids'), cell: (c) => [c.taxId, c.vatId].filter(Boolean).join(' / ') || '—' },
            { label: t('list.email'), cell: (c) => c.email ?? '—' },
            { label: t('list.city'), cell: (c) => c.city ?? '—' },
          ]}
        />
      )}
      <Pager paging={paging} nextCursor={data?.contacts.nextCursor} label={t('list.paging')} />
    </>
  );
}
