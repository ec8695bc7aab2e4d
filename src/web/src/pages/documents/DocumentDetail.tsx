import { useTranslation } from 'react-i18next';
import { useEffect } from 'react';
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
import { StatusBadge } from './labels';

export type Doc = DocumentDetailQuery['document'];

/** The types with an e-invoice (GET /documents/:id/isdoc and /ubl); the others answer 409. */
const E_INVOICE_TYPES: readonly string[] = ['INVOICE', 'CREDIT_NOTE', 'PROFORMA', 'ADVANCE_TAX_DOCUMENT'];

export function DocumentDetail() {
  const { t } = useTranslation('documents');
  const { id = '' } = useParams();
  const { person } = useSession();
  const writer = can(person, 'documents', 'write');
  const [{ data, error }, refetch] = useQuery({ query: DocumentDetailDocument, variables: { id } });
  // A document opened from far down the list starts at its top.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [id]);
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
      <PageHeader title={`${t(`type.${doc.type}`)} ${doc.number}`}>
        <StatusBadge status={doc.status} />
      </PageHeader>
      <p>
        <Link to="/documents">{t('detail.all')}</Link>
      </p>
      {writer && <DocumentActions doc={doc} onChanged={reload} />}
      {writer && <ConvertDocument key={doc.id} doc={doc} />}
      <dl className="facts">
        <dt>{t('detail.client')}</dt>
        <dd>
          {doc.contactId ? (
            <Link to={`/contacts/${doc.contactId}`}>{doc.clientName ?? t('detail.contact')}</Link>
          ) : (
            (doc.clientName ?? '—')
          )}
        </dd>
        <dt>{t('detail.issued')}</dt>
        <dd>{formatDate(doc.issuedAt)}</dd>
        <dt>{t('detail.taxableSupply')}</dt>
        <dd>{formatDate(doc.taxableSupplyDate)}</dd>
        <dt>{t('detail.due')}</dt>
        <dd>{formatDate(doc.dueAt)}</dd>
        <dt>{t('detail.variableSymbol')}</dt>
        <dd>{doc.variableSymbol ?? '—'}</dd>
        {doc.reverseCharge && (
          <>
            <dt>{t('detail.reverseCharge')}</dt>
            <dd data-testid="reverse-charge">
              {doc.reverseCharge.code
                ? t('detail.reverseChargeCode', {
                    regime: t(`reverseCharge.${doc.reverseCharge.regime}`),
                    code: doc.reverseCharge.code,
                  })
                : t(`reverseCharge.${doc.reverseCharge.regime}`)}
            </dd>
          </>
        )}
        <dt>{t('detail.language')}</dt>
        <dd>
          {doc.language && doc.language in LANGUAGE_LABELS
            ? t(`documentLanguage.${doc.language as Language}`)
            : (doc.language ?? t('detail.companyLanguage'))}
        </dd>
        {doc.correctedDocumentId && (
          <>
            <dt>{t('detail.corrects')}</dt>
            <dd data-testid="corrected-document">
              <Link to={`/documents/${doc.correctedDocumentId}`}>{doc.correctedDocumentNumber}</Link>
            </dd>
            <dt>{t('detail.reason')}</dt>
            <dd data-testid="credit-note-reason">{doc.creditNoteReason ?? '—'}</dd>
          </>
        )}
        {doc.creditNotes.length > 0 && (
          <>
            <dt>{t('detail.creditNotes')}</dt>
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
        <dt>{t('detail.publicLink')}</dt>
        <dd>
          {doc.status === 'DRAFT' ? (
            <span className="muted">{t('detail.publicLater')}</span>
          ) : (
            <a href={doc.publicUrl} target="_blank" rel="noreferrer" data-testid="public-link">
              {doc.publicUrl}
            </a>
          )}
        </dd>
        <dt>{t('detail.download')}</dt>
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
            <dt>{t('detail.proforma')}</dt>
            <dd>
              <Link to={`/documents/${doc.proformaId}`}>{doc.proformaNumber}</Link>
            </dd>
          </>
        )}
        <AdvanceFacts label={t('detail.advances')} advances={doc.advanceDocuments} currency={doc.currency} />
        <AdvanceFacts label={t('detail.settledAdvances')} advances={doc.settledAdvances} currency={doc.currency} />
        {doc.finalInvoiceId && (
          <>
            <dt>{t('detail.finalInvoice')}</dt>
            <dd>
              <Link to={`/documents/${doc.finalInvoiceId}`}>{t('detail.open')}</Link>
            </dd>
          </>
        )}
        {doc.validUntil && (
          <>
            <dt>{t('detail.validUntil')}</dt>
            <dd>{formatDate(doc.validUntil)}</dd>
          </>
        )}
        {doc.answeredAt && (
          <>
            <dt>{t('detail.answer')}</dt>
            <dd data-testid="quote-answer">
              {t(`status.${doc.status}`)} {formatDate(doc.answeredAt)}
              {doc.answerNote && <> – {doc.answerNote}</>}
            </dd>
          </>
        )}
        {doc.sourceDocumentId && (
          <>
            <dt>{t('detail.convertedFrom')}</dt>
            <dd>
              <Link to={`/documents/${doc.sourceDocumentId}`}>{t('detail.sourceDocument')}</Link>
            </dd>
          </>
        )}
        {doc.derivedDocumentIds.length > 0 && (
          <>
            <dt>{t('detail.convertedTo')}</dt>
            <dd>
              {doc.derivedDocumentIds.map((derived, i) => (
                <Link key={derived} to={`/documents/${derived}`} data-testid="derived-document">
                  {t('detail.derived', { n: i + 1 })}
                </Link>
              ))}
            </dd>
          </>
        )}
        {doc.tags.length > 0 && (
          <>
            <dt>{t('detail.tags')}</dt>
            <dd>{doc.tags.join(', ')}</dd>
          </>
        )}
      </dl>

      <h2>{t('detail.items')}</h2>
      <DataTable
        rows={doc.items}
        rowKey={(_, k) => String(k)}
        columns={[
          { label: t('detail.item'), cell: (i) => i.name },
          { label: t('detail.quantity'), num: true, cell: (i) => `${i.quantity} ${i.unit}` },
          {
            label: t('detail.unitPrice'),
            num: true,
            cell: (i) =>
              i.priceIncludesVat
                ? t('detail.inclVat', { price: formatMoney(i.unitPrice, doc.currency) })
                : formatMoney(i.unitPrice, doc.currency),
          },
          { label: t('detail.vat'), cell: (i) => formatRate(i.vatRate) },
          { label: t('detail.base'), num: true, cell: (i) => formatMoney(i.base, doc.currency) },
          { label: t('detail.total'), num: true, cell: (i) => formatMoney(i.total, doc.currency) },
        ]}
      />
      <dl className="sums">
        <dt>{t('detail.withoutVat')}</dt>
        <dd>{formatMoney(doc.subtotal, doc.currency)}</dd>
        <dt>{t('detail.vat')}</dt>
        <dd>{formatMoney(doc.vatTotal, doc.currency)}</dd>
        <dt>{t('detail.total')}</dt>
        <dd data-testid="total">{formatMoney(doc.total, doc.currency)}</dd>
        {doc.creditNotes.length > 0 && (
          <>
            <dt>{t('detail.creditNotes')}</dt>
            <dd data-testid="credited">{formatMoney(doc.creditedAmount, doc.currency)}</dd>
          </>
        )}
        <dt>{t('detail.paid')}</dt>
        <dd data-testid="paid">{formatMoney(doc.paidAmount, doc.currency)}</dd>
        <dt>{t('detail.remaining')}</dt>
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
