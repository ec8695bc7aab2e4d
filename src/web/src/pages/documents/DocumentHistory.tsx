import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { DocumentPaymentsQuery, DocumentStatus } from '../../gql/graphql';
import { Empty } from '../../components/feedback';
import { formatDate, formatDateTime, formatMoney } from '../../format';
import type { Doc } from './DocumentDetail';

type PaymentRow = DocumentPaymentsQuery['payments']['data'][number];

type Entry = {
  action: string;
  fromStatus?: DocumentStatus | null;
  toStatus?: DocumentStatus | null;
  reason?: string | null;
  userId?: string | null;
  at: string;
};

type T = TFunction<'documents'>;

function entryText(t: T, e: Entry): string {
  if (e.action === 'POS_CANCEL')
    return e.reason ? t('history.posCancelReason', { reason: e.reason }) : t('history.posCancel');
  if (e.action === 'STATUS_CHANGED') {
    const moved = t('history.move', {
      from: t(`status.${e.fromStatus ?? 'DRAFT'}`),
      to: e.toStatus ? t(`statusLower.${e.toStatus}`) : '?',
    });
    const what = e.userId ? moved : t('history.automatically', { move: moved });
    return e.reason ? t('history.withReason', { what, reason: e.reason }) : what;
  }
  return t('history.other', { action: e.action });
}

/** The server's timeline of the document with its creation and the payments matched to it, oldest first. */
function historyOf(t: T, doc: Doc, entries: Entry[], payments: PaymentRow[]): { at: string; what: string }[] {
  const rows = [
    { at: doc.createdAt, what: t('history.created') },
    ...entries.map((e) => ({ at: e.at, what: entryText(t, e) })),
  ];
  for (const p of payments)
    rows.push({
      at: p.matchedAt ?? p.receivedAt,
      what: t('history.payment', { amount: formatMoney(p.amount, p.currency) }),
    });
  if (doc.sentAt && !entries.some((e) => e.toStatus === 'SENT'))
    rows.push({ at: doc.sentAt, what: t('history.emailed') });
  if (doc.paidAt && !entries.some((e) => e.toStatus === 'PAID'))
    rows.push({ at: doc.paidAt, what: t('history.paidInFull') });
  return rows.sort((a, b) => a.at.localeCompare(b.at));
}

/** The bank payments matched to the document. */
export function DocumentPayments({ payments }: { payments: readonly PaymentRow[] }) {
  const { t } = useTranslation('documents');
  return (
    <section aria-labelledby="payments-heading">
      <h2 id="payments-heading">{t('payments.title')}</h2>
      {!payments.length && <Empty>{t('payments.none')}</Empty>}
      <ul className="cards">
        {payments.map((p) => (
          <li key={p.id} data-testid="document-payment">
            <strong>
              {t('payments.received', { amount: formatMoney(p.amount, p.currency), date: formatDate(p.receivedAt) })}
            </strong>
            {p.counterAccount && <> {t('payments.from', { account: p.counterAccount })}</>} ·{' '}
            <span className="badge">
              {p.matchStatus === 'AUTO_MATCHED' ? t('payments.auto') : t('payments.manual')}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function DocumentHistory({ doc, entries, payments }: { doc: Doc; entries: Entry[]; payments: PaymentRow[] }) {
  const { t } = useTranslation('documents');
  return (
    <section aria-labelledby="history-heading">
      <h2 id="history-heading">{t('history.title')}</h2>
      <ol className="timeline" data-testid="history">
        {historyOf(t, doc, entries, payments).map((h, k) => (
          <li key={k}>
            <time dateTime={h.at}>{formatDateTime(h.at)}</time> {h.what}
          </li>
        ))}
      </ol>
    </section>
  );
}
