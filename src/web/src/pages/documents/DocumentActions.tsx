import { useState } from 'react';
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
import { EDITABLE, TRANSITION_LABELS } from './labels';

/** Moves that undo nothing a person can take back: asked twice. */
const DESTRUCTIVE: readonly DocumentStatus[] = ['CANCELLED', 'ARCHIVED'];

export function DocumentActions({ doc, onChanged }: { doc: Doc; onChanged: () => void }) {
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
    <section aria-label="Actions" className="doc-actions">
      <ErrorBox problem={transition.problem ?? remove.problem ?? finalInvoice.problem} />
      {notice && <Notice>{notice}</Notice>}
      <div className="actions">
        {EDITABLE.includes(doc.status) && <Link to="edit">Edit</Link>}
        {doc.allowedTransitions.map((to) =>
          DESTRUCTIVE.includes(to) ? (
            <ConfirmButton
              key={to}
              label={TRANSITION_LABELS[to]}
              title={`${TRANSITION_LABELS[to]} ${doc.number}?`}
              confirmLabel={TRANSITION_LABELS[to]}
              onConfirm={() => move(to)}
            >
              {to === 'CANCELLED'
                ? 'The document stays in its series but no longer asks for payment.'
                : 'An archived document cannot change any more.'}
            </ConfirmButton>
          ) : (
            <button
              key={to}
              type="button"
              className={to === 'ISSUED' || to === 'PAID' ? 'primary' : undefined}
              disabled={transition.busy}
              onClick={() => void move(to)}
            >
              {TRANSITION_LABELS[to]}
            </button>
          ),
        )}
        {settleable && (
          <ConfirmButton
            label="Create final invoice"
            title={`Create the final invoice of ${doc.number}?`}
            confirmLabel="Create final invoice"
            onConfirm={async () => {
              const made = await finalInvoice.run({ id: doc.id });
              if (made) await navigate(`/documents/${made.createFinalInvoice.id}`);
            }}
          >
            The invoice repeats the proforma’s items and deducts what was paid in advance; it asks for the rest.
          </ConfirmButton>
        )}
        {sendable && !sending && (
          <button type="button" onClick={() => setSending(true)}>
            Send by e-mail
          </button>
        )}
        {correctable(doc) && !crediting && (
          <button type="button" onClick={() => setCrediting(true)}>
            Issue credit note
          </button>
        )}
        {doc.status === 'DRAFT' && (
          <ConfirmButton
            label="Delete draft"
            title={`Delete the draft ${doc.number}?`}
            confirmLabel="Delete draft"
            onConfirm={async () => {
              if (await remove.run({ id: doc.id })) await navigate('/documents');
            }}
          >
            The draft and its items are deleted. This cannot be undone.
          </ConfirmButton>
        )}
      </div>
      {crediting && <CreditNoteForm doc={doc} onClose={() => setCrediting(false)} />}
      {sending && (
        <form
          className="stack-form"
          aria-label="Send by e-mail"
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
              setNotice(`Sent${to ? ` to ${to}` : ' to the contact'}.`);
              onChanged();
            }
          })}
        >
          <FormError problem={send.problem} fields={['to', 'subject', 'message']} />
          <TextField label="To" name="to" type="email" problem={send.problem} hint="Empty: the contact's e-mail" />
          <TextField label="Subject" name="subject" problem={send.problem} />
          <TextField label="Message" name="message" problem={send.problem} />
          <div className="actions">
            <button type="submit" className="primary" disabled={send.busy}>
              Send
            </button>
            <button type="button" onClick={() => setSending(false)}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
