import { Link, useParams } from 'react-router';
import { useQuery } from 'urql';
import { ErrorBox, PageHeader } from '../../components/feedback';
import { DataTable } from '../../components/table';
import { problemOf } from '../../errors';
import { formatDate, formatMoney, formatRate } from '../../format';
import { can, useSession } from '../../session';
import { NotFound } from '../../shell/NotFound';
import type { DocumentDetailQuery } from '../../gql/graphql';
import { DocumentHistory, DocumentPayments } from './DocumentHistory';
import { DocumentDetailDocument, DocumentPaymentsDocument, DocumentHistoryDocument } from './operations';
import { DocumentActions } from './DocumentActions';
import { DocumentRemindersPanel } from '../reminders/DocumentRemindersPanel';
import { ConvertDocument } from './ConvertDocument';
import { CzkAmounts } from './CzkAmounts';
import { LANGUAGE_LABELS, type Language } from '../../languages';
import { REVERSE_CHARGE_LABELS, STATUS_LABELS, StatusBadge, TYPE_LABELS } from './labels';

export type Doc = DocumentDetailQuery['document'];

/** The types with an e-invoice (GET /documents/:id/isdoc and /ubl); the others answer 409. */
const E_INVOICE_TYPES: readonly string[] = ['INVOICE', 'CREDIT_NOTE', 'PROFORMA', 'ADVANCE_TAX_DOCUMENT'];

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
      {writer && <ConvertDocument key={doc.id} doc={doc} />}
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
        {doc.reverseCharge && (
          <>
            <dt>Reverse charge</dt>
            <dd data-testid="reverse-charge">
              {REVERSE_CHARGE_LABELS[doc.reverseCharge.regime]}
              {doc.reverseCharge.code ? `, code ${doc.reverseCharge.code}` : ''}
            </dd>
          </>
        )}
        <dt>Language</dt>
        <dd>{doc.language ? LANGUAGE_LABELS[doc.language as Language] : "The company's"}</dd>
        {doc.correctedDocumentId && (
          <>
            <dt>Corrects</dt>
            <dd data-testid="corrected-document">
              <Link to={`/documents/${doc.correctedDocumentId}`}>{doc.correctedDocumentNumber}</Link>
            </dd>
            <dt>Reason</dt>
            <dd data-testid="credit-note-reason">{doc.creditNoteReason ?? '—'}</dd>
          </>
        )}
        {doc.creditNotes.length > 0 && (
          <>
            <dt>Credit notes</dt>
            <dd data-testid="credit-notes">
              {doc.creditNotes.map((c, k) => (
                <span key={c.id}>
                  {k > 0 && ', '}
                  <Link to={`/documents/${c.id}`}>{c.number}</Link>
                </span>
              ))}
            </dd>
          </>
        )}
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
        <dt>Download</dt>
        <dd>
          <a href={`/api/v1/documents/${doc.id}/pdf`} data-testid="download-pdf">
            PDF
          </a>
          {E_INVOICE_TYPES.includes(doc.type) && (
            <>
              {' · '}
              <a href={`/api/v1/documents/${doc.id}/isdoc`} data-testid="download-isdoc">
                ISDOC
              </a>
              {' · '}
              <a href={`/api/v1/documents/${doc.id}/ubl`} data-testid="download-ubl">
                UBL
              </a>
            </>
          )}
        </dd>
        {doc.proformaId && (
          <>
            <dt>Proforma</dt>
            <dd>
              <Link to={`/documents/${doc.proformaId}`}>{doc.proformaNumber}</Link>
            </dd>
          </>
        )}
        <AdvanceFacts label="Advance tax documents" advances={doc.advanceDocuments} currency={doc.currency} />
        <AdvanceFacts label="Settled advances" advances={doc.settledAdvances} currency={doc.currency} />
        {doc.finalInvoiceId && (
          <>
            <dt>Final invoice</dt>
            <dd>
              <Link to={`/documents/${doc.finalInvoiceId}`}>Open</Link>
            </dd>
          </>
        )}
        {doc.validUntil && (
          <>
            <dt>Valid until</dt>
            <dd>{formatDate(doc.validUntil)}</dd>
          </>
        )}
        {doc.answeredAt && (
          <>
            <dt>Customer's answer</dt>
            <dd data-testid="quote-answer">
              {STATUS_LABELS[doc.status]} {formatDate(doc.answeredAt)}
              {doc.answerNote && <> – {doc.answerNote}</>}
            </dd>
          </>
        )}
        {doc.sourceDocumentId && (
          <>
            <dt>Converted from</dt>
            <dd>
              <Link to={`/documents/${doc.sourceDocumentId}`}>Source document</Link>
            </dd>
          </>
        )}
        {doc.derivedDocumentIds.length > 0 && (
          <>
            <dt>Converted to</dt>
            <dd>
              {doc.derivedDocumentIds.map((derived, i) => (
                <Link key={derived} to={`/documents/${derived}`} data-testid="derived-document">
                  {`Document ${i + 1}`}
                </Link>
              ))}
            </dd>
          </>
        )}
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
        {doc.creditNotes.length > 0 && (
          <>
            <dt>Credit notes</dt>
            <dd data-testid="credited">{formatMoney(doc.creditedAmount, doc.currency)}</dd>
          </>
        )}
        <dt>Paid</dt>
        <dd data-testid="paid">{formatMoney(doc.paidAmount, doc.currency)}</dd>
        <dt>Remaining</dt>
        <dd data-testid="remaining">{formatMoney(doc.remainingAmount, doc.currency)}</dd>
      </dl>
      <CzkAmounts doc={doc} />
      {doc.note && <p className="note">{doc.note}</p>}

      {payments && <DocumentPayments payments={payments.payments.data} />}
      {doc.type === 'INVOICE' && <DocumentRemindersPanel documentId={doc.id} writer={writer} />}
      <DocumentHistory
        doc={doc}
        entries={history?.documentHistory.data ?? []}
        payments={payments?.payments.data ?? []}
      />
    </>
  );
}

/** A proforma's advance tax documents, or what a final invoice settles, each linked. */
function AdvanceFacts({
  label,
  advances,
  currency,
}: {
  label: string;
  advances: Doc['advanceDocuments'];
  currency: string;
}) {
  if (advances.length === 0) return null;
  return (
    <>
      <dt>{label}</dt>
      <dd data-testid="advances">
        {advances.map((a, k) => (
          <span key={a.id}>
            {k > 0 && ', '}
            <Link to={`/documents/${a.id}`}>{a.number}</Link> ({formatMoney(a.amount, currency)})
          </span>
        ))}
      </dd>
    </>
  );
}
