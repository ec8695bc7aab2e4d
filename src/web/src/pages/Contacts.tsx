import { useState } from 'react';
import { Link, Route, Routes, useParams } from 'react-router';
import { useQuery } from 'urql';
import { graphql } from '../gql';
import type { ContactType, ContactsQuery } from '../gql/graphql';
import { useAction, eventHandler } from '../components/action';
import { ConfirmButton } from '../components/confirm';
import { Empty, ErrorBox, Notice, PageHeader } from '../components/feedback';
import { FormError, SaveOrCancel, SelectField, TextField, formText } from '../components/form';
import { Pager, usePaging } from '../components/paging';
import { DataTable } from '../components/table';
import { problemOf, type Problem } from '../errors';
import { formatDateTime } from '../format';
import { can, useSession } from '../session';
import { NotFound } from '../shell/NotFound';

const ContactFieldsFragment = graphql(`
  fragment ContactFields on Contact {
    id
    type
    name
    email
    phone
    taxId
    vatId
    street
    city
    zip
    country
    archived
    updatedAt
  }
`);

const ContactsDocument = graphql(`
  query Contacts($limit: Int, $cursor: String, $search: String, $archived: Boolean) {
    contacts(limit: $limit, cursor: $cursor, search: $search, archived: $archived) {
      data {
        ...ContactFields
      }
      nextCursor
    }
  }
`);

const ContactDocument = graphql(`
  query Contact($id: ID!) {
    contact(id: $id) {
      ...ContactFields
    }
  }
`);

const CreateContactDocument = graphql(`
  mutation CreateContact($input: CreateContactInput!) {
    createContact(input: $input) {
      ...ContactFields
    }
  }
`);

const UpdateContactDocument = graphql(`
  mutation UpdateContact($id: ID!, $input: UpdateContactInput!) {
    updateContact(id: $id, input: $input) {
      ...ContactFields
    }
  }
`);

void ContactFieldsFragment;

type Contact = ContactsQuery['contacts']['data'][number];

const TYPES: { value: ContactType; label: string }[] = [
  { value: 'CLIENT', label: 'Client' },
  { value: 'SUPPLIER', label: 'Supplier' },
  { value: 'BOTH', label: 'Client and supplier' },
];
const FIELDS = ['type', 'name', 'email', 'phone', 'taxId', 'vatId', 'street', 'city', 'zip', 'country'];

export function Contacts() {
  return (
    <Routes>
      <Route index element={<ContactList />} />
      <Route path=":id" element={<ContactPage />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}

/** The form's values as the API takes them: blank optional fields are sent as null (cleared). */
function contactInput(form: HTMLFormElement) {
  const optional = (name: string) => formText(form, name).trim() || null;
  return {
    type: formText(form, 'type') as ContactType,
    name: formText(form, 'name'),
    email: optional('email'),
    phone: optional('phone'),
    taxId: optional('taxId'),
    vatId: optional('vatId'),
    street: optional('street'),
    city: optional('city'),
    zip: optional('zip'),
    country: optional('country'),
  };
}

function ContactFields({ contact, problem }: { contact?: Contact; problem: Problem | null }) {
  return (
    <div className="grid-fields">
      <TextField label="Name" name="name" defaultValue={contact?.name} problem={problem} required />
      <SelectField
        label="Type"
        name="type"
        defaultValue={contact?.type ?? 'CLIENT'}
        problem={problem}
        options={TYPES}
      />
      <TextField label="E-mail" name="email" type="email" defaultValue={contact?.email ?? ''} problem={problem} />
      <TextField label="Phone" name="phone" type="tel" defaultValue={contact?.phone ?? ''} problem={problem} />
      <TextField label="IČO" name="taxId" inputMode="numeric" defaultValue={contact?.taxId ?? ''} problem={problem} />
      <TextField label="DIČ" name="vatId" defaultValue={contact?.vatId ?? ''} problem={problem} />
      <TextField label="Street" name="street" defaultValue={contact?.street ?? ''} problem={problem} />
      <TextField label="City" name="city" defaultValue={contact?.city ?? ''} problem={problem} />
      <TextField label="ZIP" name="zip" defaultValue={contact?.zip ?? ''} problem={problem} />
      <TextField label="Country" name="country" defaultValue={contact?.country ?? ''} problem={problem} />
    </div>
  );
}

function ContactList() {
  const { person } = useSession();
  const writer = can(person, 'contacts', 'write');
  const paging = usePaging();
  const [search, setSearch] = useState('');
  const [archived, setArchived] = useState(false);
  const [{ data, error }, refetch] = useQuery({
    query: ContactsDocument,
    variables: { ...paging.variables, search: search.trim() || null, archived },
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
            onSubmit={eventHandler(async (e) => {
              e.preventDefault();
              const form = e.currentTarget;
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

function ContactPage() {
  const { id = '' } = useParams();
  const { person } = useSession();
  const writer = can(person, 'contacts', 'write');
  const [{ data, error }, refetch] = useQuery({ query: ContactDocument, variables: { id } });
  const update = useAction(UpdateContactDocument);
  const archive = useAction(UpdateContactDocument);
  const [editing, setEditing] = useState(false);
  const problem = problemOf(error);
  if (problem?.code === 'NOT_FOUND') return <NotFound />;
  if (!data) return <ErrorBox problem={problem} />;
  const c = data.contact;
  const reload = () => refetch({ requestPolicy: 'network-only' });

  return (
    <>
      <PageHeader title={c.name}>{c.archived && <span className="badge">archived</span>}</PageHeader>
      <p>
        <Link to="/contacts">All contacts</Link> · <Link to={`/documents?contact=${c.id}`}>Documents</Link>
      </p>
      <ErrorBox problem={archive.problem} />
      {editing ? (
        <form
          className="stack-form"
          onSubmit={eventHandler(async (e) => {
            e.preventDefault();
            if (await update.run({ id: c.id, input: contactInput(e.currentTarget) })) {
              setEditing(false);
              reload();
            }
          })}
        >
          <FormError problem={update.problem} fields={FIELDS} />
          <ContactFields contact={c} problem={update.problem} />
          <SaveOrCancel busy={update.busy} onCancel={() => setEditing(false)} />
        </form>
      ) : (
        <>
          <dl className="facts" data-testid="contact-facts">
            <dt>Type</dt>
            <dd>{TYPES.find((t) => t.value === c.type)?.label}</dd>
            <dt>IČO</dt>
            <dd>{c.taxId ?? '—'}</dd>
            <dt>DIČ</dt>
            <dd>{c.vatId ?? '—'}</dd>
            <dt>E-mail</dt>
            <dd>{c.email ?? '—'}</dd>
            <dt>Phone</dt>
            <dd>{c.phone ?? '—'}</dd>
            <dt>Address</dt>
            <dd>
              {[c.street, [c.zip, c.city].filter(Boolean).join(' '), c.country].filter(Boolean).join(', ') || '—'}
            </dd>
            <dt>Changed</dt>
            <dd>{formatDateTime(c.updatedAt)}</dd>
          </dl>
          {writer && (
            <div className="actions">
              <button type="button" onClick={() => setEditing(true)}>
                Edit
              </button>
              {c.archived ? (
                <button
                  type="button"
                  onClick={eventHandler(async () => {
                    if (await archive.run({ id: c.id, input: { archived: false } })) reload();
                  })}
                >
                  Restore
                </button>
              ) : (
                <ConfirmButton
                  label="Archive"
                  title={`Archive ${c.name}?`}
                  confirmLabel="Archive contact"
                  onConfirm={async () => {
                    if (await archive.run({ id: c.id, input: { archived: true } })) reload();
                  }}
                >
                  The contact leaves the lists and pickers; its documents stay. You can restore it later.
                </ConfirmButton>
              )}
            </div>
          )}
        </>
      )}
    </>
  );
}
