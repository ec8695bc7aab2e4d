import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from 'urql';
import { useAction, eventHandler, submitHandler } from '../../components/action';
import { ConfirmButton } from '../../components/confirm';
import { ErrorBox, PageHeader } from '../../components/feedback';
import { FormError, SaveOrCancel } from '../../components/form';
import { problemOf } from '../../errors';
import { formatDateTime } from '../../format';
import { can, useSession } from '../../session';
import { NotFound } from '../../shell/NotFound';
import { ContactDocument, UpdateContactDocument } from './operations';
import { ContactFields, FIELDS, TYPE_LABELS, contactInput } from './ContactFields';
import { LANGUAGE_LABELS, type Language } from '../../languages';

export function ContactPage() {
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
          onSubmit={submitHandler(async (form) => {
            if (await update.run({ id: c.id, input: contactInput(form) })) {
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
            <dd>{TYPE_LABELS[c.type]}</dd>
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
            <dt>Document language</dt>
            <dd>{c.language ? LANGUAGE_LABELS[c.language as Language] : "The company's"}</dd>
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
