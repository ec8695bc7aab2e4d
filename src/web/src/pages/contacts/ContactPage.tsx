import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
import { ContactFields, FIELDS, contactInput, isDocumentLanguage } from './ContactFields';

export function ContactPage() {
  const { t } = useTranslation('contacts');
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
      <PageHeader title={c.name}>{c.archived && <span className="badge">{t('detail.archived')}</span>}</PageHeader>
      <p>
        <Link to="/contacts">{t('detail.all')}</Link> ·{' '}
        <Link to={`/documents?contactId=${encodeURIComponent(c.id)}`}>{t('detail.documents')}</Link>
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
            <dt>{t('fields.type')}</dt>
            <dd>{t(`types.${c.type}`)}</dd>
            <dt>{t('fields.taxId')}</dt>
            <dd>{c.taxId ?? '—'}</dd>
            <dt>{t('fields.vatId')}</dt>
            <dd>{c.vatId ?? '—'}</dd>
            <dt>{t('fields.email')}</dt>
            <dd>{c.email ?? '—'}</dd>
            <dt>{t('fields.phone')}</dt>
            <dd>{c.phone ?? '—'}</dd>
            <dt>{t('detail.address')}</dt>
            <dd>
              {[c.street, [c.zip, c.city].filter(Boolean).join(' '), c.country].filter(Boolean).join(', ') || '—'}
            </dd>
            <dt>{t('fields.language')}</dt>
            <dd>
              {isDocumentLanguage(c.language)
                ? t(`languages.${c.language}`)
                : (c.language ?? t('fields.companyLanguage'))}
            </dd>
            <dt>{t('detail.changed')}</dt>
            <dd>{formatDateTime(c.updatedAt)}</dd>
          </dl>
          {writer && (
            <div className="actions">
              <button type="button" onClick={() => setEditing(true)}>
                {t('detail.edit')}
              </button>
              {c.archived ? (
                <button
                  type="button"
                  onClick={eventHandler(async () => {
                    if (await archive.run({ id: c.id, input: { archived: false } })) reload();
                  })}
                >
                  {t('detail.restore')}
                </button>
              ) : (
                <ConfirmButton
                  label={t('archive.label')}
                  title={t('archive.title', { name: c.name })}
                  confirmLabel={t('archive.confirm')}
                  onConfirm={async () => {
                    if (await archive.run({ id: c.id, input: { archived: true } })) reload();
                  }}
                >
                  {t('archive.text')}
                </ConfirmButton>
              )}
            </div>
          )}
        </>
      )}
    </>
  );
}
