import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useQuery } from 'urql';
import { graphql } from '../../gql';
import type { DocumentDetailQuery, DocumentStatus } from '../../gql/graphql';
import { useAction, eventHandler } from '../../components/action';
import { ConfirmButton } from '../../components/confirm';
import { Empty, ErrorBox, Notice, PageHeader } from '../../components/feedback';
import { FormError, TextField, formText } from '../../components/form';
import { DataTable } from '../../components/table';
import { problemOf } from '../../errors';
import { formatDate, formatDateTime, formatMoney, formatRate } from '../../format';
import { can, useSession } from '../../session';
import { NotFound } from '../../shell/NotFound';
import { EDITABLE, STATUS_LABELS, StatusBadge, TRANSITION_LABELS, TYPE_LABELS } from './labels';

const DocumentDetailDocument = graphql(`
  query DocumentDetail($id: ID!) {
    document(id: $id) {
      id
      type
      status
      allowedTransitions
      number
      variableSymbol
      contactId
      clientName
      currency
      items {
        name
        quantity
        unit
        unitPrice
        vatRate
        priceIncludesVat
        base
        vat
        total
      }
      subtotal
      vatTotal
      total
      paidAmount
      remainingAmount
      tags
      note
      issuedAt
      taxableSupplyDate
      dueAt
      sentAt
      paidAt
      cancelledAt
      publicUrl
      createdAt
      updatedAt
    }
  }
`);

const DocumentPaymentsDocument = graphql(`
  query DocumentPayments($documentId: ID!) {
    payments(documentId: $documentId, limit: 200) {
      data {
        id
        amount
        currency
        receivedAt
        variableSymbol
        counterAccount
        matchStatus
        matchedAt
      }
    }
  }
`);

const DocumentHistoryDocument = graphql(`
  query DocumentHistory($id: ID!) {
    documentHistory(id: $id, limit: 200) {
      data {
        action
        fromStatus
        toStatus
        reason
        userId
        at
      }
    }
  }
`);

const TransitionDocumentDocument = graphql(`
  mutation TransitionDocument($id: ID!, $status: DocumentStatus!) {
    transitionDocument(id: $id, status: $status) {
      id
      status
    }
  }
`);

const SendDocumentEmailDocument = graphql(`
  mutation SendDocumentEmail($id: ID!, $input: SendDocumentEmailInput) {
    sendDocumentEmail(id: $id, input: $input) {
      id
      status
      sentAt
    }
  }
`);

const DeleteDocumentDocument = graphql(`
  mutation DeleteDocument($id: ID!) {
    deleteDocument(id: $id)
  }
`);

type Doc = DocumentDetailQuery['document'];
type PaymentRow = { id: string; amount: string; currency: string; receivedAt: string; matchedAt?: string | null };

/** Moves that undo nothing a person can take back: asked twice. */
const DESTRUCTIVE: readonly DocumentStatus[] = ['CANCELLED', 'ARCHIVED'];

export function DocumentDetail() {
  const { id = '' } = useParams();
  const { person } = useSession();
  const writer = can(person, 'documents', 'write');
  const [{ data, error }, refetch] = useQuery({ query: DocumentDetailDocument, variables: { id } });
  const [{ data: payments }, refetchPayments] = useQuery({
    query: DocumentPaymentsDocument,
    variables: { documentId: id },
    pause: !can(person, 'payments', 'read'),
  });
  const [{ data: history }, refetchHistory] = useQuery({ query: DocumentHistoryDocument, variables: { id } });
  const problem = problemOf(error);
  if (problem?.code === 'NOT_FOUND') return <NotFound />;
  if (!data) return <ErrorBox problem={problem} />;
  const doc = data.document;
  const reload = () => {
    refetch({ requestPolicy: 'network-only' });
    refetchPayments({ requestPolicy: 'network-only' });
    refetchHistory({ requestPolicy: 'network-only' });
  };

  return (
    <>
      <PageHeader title={`${TYPE_LABELS[doc.type]} ${doc.number}`}>
        <StatusBadge status={doc.status} />
      </PageHeader>
      <p>
        <Link to="/documents">All documents</Link>
      </p>
      {writer && <DocumentActions doc={doc} onChanged={reload} />}
      <dl className="facts">
        <dt>Client</dt>
        <dd>
          {doc.contactId ? (
            <Link to={`/contacts/${doc.contactId}`}>{doc.clientName ?? 'Contact'}</Link>
          ) : (
            (doc.clientName ?? '—')
          )}
        </dd>
        <dt>Issued</dt>
        <dd>{formatDate(doc.issuedAt)}</dd>
        <dt>Taxable supply</dt>
        <dd>{formatDate(doc.taxableSupplyDate)}</dd>
        <dt>Due</dt>
        <dd>{formatDate(doc.dueAt)}</dd>
        <dt>Variable symbol</dt>
        <dd>{doc.variableSymbol ?? '—'}</dd>
        <dt>Public link</dt>
        <dd>
          {doc.status === 'DRAFT' ? (
            <span className="muted">Shown to the customer once the document is issued</span>
          ) : (
            <a href={doc.publicUrl} target="_blank" rel="noreferrer" data-testid="public-link">
              {doc.publicUrl}
            </a>
          )}
        </dd>
        {doc.tags.length > 0 && (
          <>
            <dt>Tags</dt>
            <dd>{doc.tags.join(', ')}</dd>
          </>
        )}
      </dl>

      <h2>Items</h2>
      <DataTable
        rows={doc.items}
        rowKey={(_, k) => String(k)}
        columns={[
          { label: 'Item', cell: (i) => i.name },
          { label: 'Quantity', num: true, cell: (i) => `${i.quantity} ${i.unit}` },
          {
            label: 'Unit price',
            num: true,
            cell: (i) => `${formatMoney(i.unitPrice, doc.currency)}${i.priceIncludesVat ? ' incl. VAT' : ''}`,
          },
          { label: 'VAT', cell: (i) => formatRate(i.vatRate) },
          { label: 'Base', num: true, cell: (i) => formatMoney(i.base, doc.currency) },
          { label: 'Total', num: true, cell: (i) => formatMoney(i.total, doc.currency) },
        ]}
      />
      <dl className="sums">
        <dt>Without VAT</dt>
        <dd>{formatMoney(doc.subtotal, doc.currency)}</dd>
        <dt>VAT</dt>
        <dd>{formatMoney(doc.vatTotal, doc.currency)}</dd>
        <dt>Total</dt>
        <dd data-testid="total">{formatMoney(doc.total, doc.currency)}</dd>
        <dt>Paid</dt>
        <dd data-testid="paid">{formatMoney(doc.paidAmount, doc.currency)}</dd>
        <dt>Remaining</dt>
        <dd data-testid="remaining">{formatMoney(doc.remainingAmount, doc.currency)}</dd>
      </dl>
      {doc.note && <p className="note">{doc.note}</p>}

      {payments && (
        <section aria-labelledby="payments-heading">
          <h2 id="payments-heading">Payments</h2>
          {!payments.payments.data.length && <Empty>No bank payment is matched to this document.</Empty>}
          <ul className="cards">
            {payments.payments.data.map((p) => (
              <li key={p.id} data-testid="document-payment">
                <strong>{formatMoney(p.amount, p.currency)}</strong> received {formatDate(p.receivedAt)}
                {p.counterAccount && <> from {p.counterAccount}</>} ·{' '}
                <span className="badge">
                  {p.matchStatus === 'AUTO_MATCHED' ? 'matched automatically' : 'matched by hand'}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby="history-heading">
        <h2 id="history-heading">History</h2>
        <ol className="timeline" data-testid="history">
          {historyOf(doc, history?.documentHistory.data ?? [], payments?.payments.data ?? []).map((h, k) => (
            <li key={k}>
              <time dateTime={h.at}>{formatDateTime(h.at)}</time> {h.what}
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}

type Entry = {
  action: string;
  fromStatus?: DocumentStatus | null;
  toStatus?: DocumentStatus | null;
  reason?: string | null;
  userId?: string | null;
  at: string;
};

function entryText(e: Entry): string {
  const move = `${STATUS_LABELS[e.fromStatus ?? 'DRAFT']} → ${e.toStatus ? STATUS_LABELS[e.toStatus].toLowerCase() : '?'}`;
  if (e.action === 'POS_CANCEL') return `Cancelled at the register${e.reason ? `: ${e.reason}` : ''}`;
  if (e.action === 'STATUS_CHANGED')
    return `${move}${e.userId ? '' : ' (automatically)'}${e.reason ? ` — ${e.reason}` : ''}`;
  return e.action.replace(/_/g, ' ').toLowerCase();
}

/** The server's timeline of the document with its creation and the payments matched to it, oldest first. */
function historyOf(doc: Doc, entries: Entry[], payments: PaymentRow[]): { at: string; what: string }[] {
  const rows = [{ at: doc.createdAt, what: 'Created' }, ...entries.map((e) => ({ at: e.at, what: entryText(e) }))];
  for (const p of payments)
    rows.push({ at: p.matchedAt ?? p.receivedAt, what: `Payment of ${formatMoney(p.amount, p.currency)} matched` });
  if (doc.sentAt && !entries.some((e) => e.toStatus === 'SENT'))
    rows.push({ at: doc.sentAt, what: 'E-mailed to the customer' });
  if (doc.paidAt && !entries.some((e) => e.toStatus === 'PAID')) rows.push({ at: doc.paidAt, what: 'Paid in full' });
  return rows.sort((a, b) => a.at.localeCompare(b.at));
}

function DocumentActions({ doc, onChanged }: { doc: Doc; onChanged: () => void }) {
  const navigate = useNavigate();
  const transition = useAction(TransitionDocumentDocument);
  const send = useAction(SendDocumentEmailDocument);
  const remove = useAction(DeleteDocumentDocument);
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const move = async (status: DocumentStatus) => {
    setNotice(null);
    if (await transition.run({ id: doc.id, status })) onChanged();
  };
  const sendable = doc.status === 'ISSUED' || doc.status === 'SENT' || doc.status === 'PAID';

  return (
    <section aria-label="Actions" className="doc-actions">
      <ErrorBox problem={transition.problem ?? remove.problem} />
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
              onClick={() => move(to)}
            >
              {TRANSITION_LABELS[to]}
            </button>
          ),
        )}
        {sendable && !sending && (
          <button type="button" onClick={() => setSending(true)}>
            Send by e-mail
          </button>
        )}
        {doc.status === 'DRAFT' && (
          <ConfirmButton
            label="Delete draft"
            title={`Delete the draft ${doc.number}?`}
            confirmLabel="Delete draft"
            onConfirm={async () => {
              if (await remove.run({ id: doc.id })) navigate('/documents');
            }}
          >
            The draft and its items are deleted. This cannot be undone.
          </ConfirmButton>
        )}
      </div>
      {sending && (
        <form
          className="stack-form"
          aria-label="Send by e-mail"
          onSubmit={eventHandler(async (e) => {
            e.preventDefault();
            const form = e.currentTarget;
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
