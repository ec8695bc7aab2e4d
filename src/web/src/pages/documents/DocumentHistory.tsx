import type { DocumentPaymentsQuery, DocumentStatus } from '../../gql/graphql';
import { Empty } from '../../components/feedback';
import { formatDate, formatDateTime } from '../../format';
import { formatMoney } from '../../format';
import type { Doc } from './DocumentDetail';
import { STATUS_LABELS } from './labels';

type PaymentRow = DocumentPaymentsQuery['payments']['data'][number];

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

/** The bank payments matched to the document. */
export function DocumentPayments({ payments }: { payments: readonly PaymentRow[] }) {
  return (
    <section aria-labelledby="payments-heading">
      <h2 id="payments-heading">Payments</h2>
      {!payments.length && <Empty>No bank payment is matched to this document.</Empty>}
      <ul className="cards">
        {payments.map((p) => (
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
  );
}

export function DocumentHistory({ doc, entries, payments }: { doc: Doc; entries: Entry[]; payments: PaymentRow[] }) {
  return (
    <section aria-labelledby="history-heading">
      <h2 id="history-heading">History</h2>
      <ol className="timeline" data-testid="history">
        {historyOf(doc, entries, payments).map((h, k) => (
          <li key={k}>
            <time dateTime={h.at}>{formatDateTime(h.at)}</time> {h.what}
          </li>
        ))}
      </ol>
    </section>
  );
}
