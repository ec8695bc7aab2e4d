import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { DocumentStatus } from '../../gql/graphql';
import { ErrorBox, Notice } from '../../components/feedback';
import { TextField, FormError, formText } from '../../components/form';
import { useAction, submitHandler } from '../../components/action';
import { ConfirmButton } from '../../components/confirm';
import {
  TransitionDocumentDocument,
  SendDocumentEmailDocument,
  DeleteDocumentDocument,
  CreateFinalInvoiceDocument,
} from './operations';
import type { Doc } from './DocumentDetail';
import { CreditNoteForm, correctable } from './CreditNoteForm';
import { EDITABLE } from './labels';

/** Moves that undo nothing a person can take back: asked twice. */
const DESTRUCTIVE: readonly DocumentStatus[] = ['CANCELLED', 'ARCHIVED'];

export function DocumentActions({ doc, onChanged }: { doc: Doc; onChanged: () => void }) {
  const { t } = useTranslation('documents');
  const navigate = useNavigate();
  const transition = useAction(TransitionDocumentDocument);
  const send = useAction(SendDocumentEmailDocument);
  const remove = useAction(DeleteDocumentDocument);
  const finalInvoice = useAction(CreateFinalInvoiceDocument);
  const [sending, setSending] = useState(false);
  const [crediting, setCrediting] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const move = async (status: DocumentStatus) => {
    setNotice(null);
    if (await transition.run({ id: doc.id, status })) onChanged();
  };
  const sendable = doc.status === 'ISSUED' || doc.status === 'SENT' || doc.status === 'PAID';
  // A proforma that has received a payment is settled by its final invoice (advances.ts).
  const settleable = doc.type === 'PROFORMA' && sendable && !doc.finalInvoiceId && Number(doc.paidAmount) > 0;

  return (
    <section aria-label={t('actions.label')} className="doc-actions">
      <ErrorBox problem={transition.problem ?? remove.problem ?? finalInvoice.problem} />
      {notice && <Notice>{notice}</Notice>}
      <div className="actions">
        {EDITABLE.includes(doc.status) && <Link to="edit">{t('actions.edit')}</Link>}
        {doc.allowedTransitions.map((to) =>
          DESTRUCTIVE.includes(to) ? (
            <ConfirmButton
              key={to}
              label={t(`transition.${to}`)}
              title={t('actions.confirmTransition', { action: t(`transition.${to}`), number: doc.number })}
              confirmLabel={t(`transition.${to}`)}
              onConfirm={() => move(to)}
            >
              {to === 'CANCELLED' ? t('actions.cancelText') : t('actions.archiveText')}
            </ConfirmButton>
          ) : (
            <button
              key={to}
              type="button"
              className={to === 'ISSUED' || to === 'PAID' ? 'primary' : undefined}
              disabled={transition.busy}
              onClick={() => void move(to)}
            >
              {t(`transition.${to}`)}
            </button>
          ),
        )}
        {settleable && (
          <ConfirmButton
            label={t('actions.finalInvoice')}
            title={t('actions.finalInvoiceTitle', { number: doc.number })}
            confirmLabel={t('actions.finalInvoice')}
            onConfirm={async () => {
              const made = await finalInvoice.run({ id: doc.id });
              if (made) await navigate(`/documents/${made.createFinalInvoice.id}`);
            }}
          >
            {t('actions.finalInvoiceText')}
          </ConfirmButton>
        )}
        {sendable && !sending && (
          <button type="button" onClick={() => setSending(true)}>
            {t('actions.send')}
          </button>
        )}
        {correctable(doc) && !crediting && (
          <button type="button" onClick={() => setCrediting(true)}>
            {t('actions.creditNote')}
          </button>
        )}
        {doc.status === 'DRAFT' && (
          <ConfirmButton
            label={t('actions.deleteDraft')}
            title={t('actions.deleteTitle', { number: doc.number })}
            confirmLabel={t('actions.deleteDraft')}
            onConfirm={async () => {
              if (await remove.run({ id: doc.id })) await navigate('/documents');
            }}
          >
            {t('actions.deleteText')}
          </ConfirmButton>
        )}
      </div>
      {crediting && <CreditNoteForm doc={doc} onClose={() => setCrediting(false)} />}
      {sending && (
        <form
          className="stack-form"
          aria-label={t('actions.send')}
          onSubmit={submitHandler(async (form) => {
            const to = formText(form, 'to').trim();
            const subject = formText(form, 'subject').trim();
            const message = formText(form, 'message').trim();
            const done = await send.run({
              id: doc.id,
              input: { to: to || undefined, subject: subject || undefined, message: message || undefined },
            });
            if (done) {
              setSending(false);
              setNotice(to ? t('actions.sentTo', { to }) : t('actions.sentToContact'));
              onChanged();
            }
          })}
        >
          <FormError problem={send.problem} fields={['to', 'subject', 'message']} />
          <TextField label={t('actions.to')} name="to" type="email" problem={send.problem} hint={t('actions.toHint')} />
          <TextField label={t('actions.subject')} name="subject" problem={send.problem} />
          <TextField label={t('actions.message')} name="message" problem={send.problem} />
          <div className="actions">
            <button type="submit" className="primary" disabled={send.busy}>
              {t('actions.sendButton')}
            </button>
            <button type="button" onClick={() => setSending(false)}>
              {t('actions.cancel')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
