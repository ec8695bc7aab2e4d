import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import { eventHandler, useAction } from '../../components/action';
import { Empty, ErrorBox, Notice } from '../../components/feedback';
import { DataTable } from '../../components/table';
import { problemOf } from '../../errors';
import { formatDate, formatMoney, pragueDay } from '../../format';
import type { DashboardInvoiceFragment } from '../../gql/graphql';
import { daysBetween, today } from './days';
import { overdueLink } from './links';
import { DashboardInvoicesDocument, SendReminderDocument } from './operations';

/** How many overdue invoices the dashboard lists; the rest are behind the link to the list. */
const SHOWN = 10;

/** Unpaid invoices due before today, the longest overdue first, each with a one-click reminder. */
export function OverdueInvoices({ canRemind }: { canRemind: boolean }) {
  const { t } = useTranslation(['dashboard', 'common']);
  const day = today();
  const [{ data, error }] = useQuery({ query: DashboardInvoicesDocument, variables: { today: day } });
  const send = useAction(SendReminderDocument);
  const [sent, setSent] = useState<string | null>(null);
  const overdue = (data?.overdue.data ?? [])
    .filter((d) => Number(d.remainingAmount) > 0)
    .map((d) => ({ ...d, days: daysBetween(pragueDay(d.dueAt), day) }))
    .sort((a, b) => b.days - a.days || a.number.localeCompare(b.number));
  const remind = eventHandler(async (doc: DashboardInvoiceFragment) => {
    setSent(null);
    if (await send.run({ id: doc.id })) setSent(doc.number);
  });
  return (
    <section aria-labelledby="overdue-heading" className="dash-card dash-wide" data-testid="dashboard-overdue">
      <h2 id="overdue-heading">
        <Link to={overdueLink(day)}>{t('overdue.heading')}</Link>
      </h2>
      <ErrorBox problem={problemOf(error) ?? send.problem} />
      {sent && <Notice>{t('overdue.reminded', { number: sent })}</Notice>}
      {data && overdue.length === 0 && <Empty>{t('overdue.none')}</Empty>}
      {overdue.length > 0 && (
        <>
          <DataTable
            rows={overdue.slice(0, SHOWN)}
            rowKey={(d) => d.id}
            rowTestId={(d) => `overdue-${d.number}`}
            columns={[
              { label: t('overdue.number'), cell: (d) => <Link to={`/documents/${d.id}`}>{d.number}</Link> },
              { label: t('overdue.client'), cell: (d) => d.clientName ?? '—' },
              { label: t('overdue.dueAt'), cell: (d) => formatDate(d.dueAt) },
              { label: t('overdue.daysOverdue'), num: true, cell: (d) => t('common:counts.day', { count: d.days }) },
              { label: t('overdue.remaining'), num: true, cell: (d) => formatMoney(d.remainingAmount, d.currency) },
              ...(canRemind
                ? [
                    {
                      label: t('overdue.action'),
                      cell: (d: DashboardInvoiceFragment) => (
                        <button
                          type="button"
                          disabled={send.busy}
                          aria-label={t('overdue.remindLabel', { number: d.number })}
                          onClick={() => remind(d)}
                        >
                          {t('overdue.remind')}
                        </button>
                      ),
                    },
                  ]
                : []),
            ]}
          />
          {overdue.length > SHOWN && <p>{t('overdue.more', { count: overdue.length - SHOWN })}</p>}
          <p>
            <Link to={overdueLink(day)}>{t('overdue.all')}</Link>
          </p>
        </>
      )}
    </section>
  );
}
