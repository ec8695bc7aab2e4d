import { useState } from 'react';
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
      <PageHeader title="Contacts" />
      {writer && (
        <details className="create">
          <summary>New contact</summary>
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
              Create contact
            </button>
          </form>
        </details>
      )}
      {created && <Notice>Contact {created} created.</Notice>}
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
      <form className="filters" role="search" aria-label="Search contacts" onSubmit={(e) => e.preventDefault()}>
        <TextField
          label="Search"
          name="search"
          type="search"
          problem={problemOf(error)}
          value={search}
          hint="Name, e-mail, IČO or DIČ"
          onChange={(e) => {
            setSearch(e.target.value);
            paging.reset();
          }}
        />
        <SelectField
          label="Show"
          name="archived"
          problem={null}
          value={archived ? 'archived' : 'active'}
          onChange={(e) => {
            setArchived(e.target.value === 'archived');
            paging.reset();
          }}
          options={[
            { value: 'active', label: 'Active contacts' },
            { value: 'archived', label: 'Archived contacts' },
          ]}
        />
      </form>
      <ErrorBox problem={problemOf(error)} />
      {data && !data.contacts.data.length && <Empty>No contacts found.</Empty>}
      {data && data.contacts.data.length > 0 && (
        <DataTable
          rows={data.contacts.data}
          rowKey={(c) => c.id}
          rowTestId={(c) => `contact-${c.name}`}
          columns={[
            { label: 'Name', cell: (c) => <Link to={c.id}>{c.name}</Link> },
            { label: 'IČO / DIČ', cell: (c) => [c.taxId, c.vatId].filter(Boolean).join(' / ') || '—' },
            { label: 'E-mail', cell: (c) => c.email ?? '—' },
            { label: 'City', cell: (c) => c.city ?? '—' },
          ]}
        />
      )}
      <Pager paging={paging} nextCursor={data?.contacts.nextCursor} label="Contacts" />
    </>
  );
}
