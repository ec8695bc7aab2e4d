import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import { ErrorBox, PageHeader } from '../../components/feedback';
import { DataTable } from '../../components/table';
import { problemOf } from '../../errors';
import { formatMoney } from '../../format';
import { can, useSession } from '../../session';
import { AgingBar } from './AgingBar';
import { CashFlow } from './CashFlow';
import { monthOf, today } from './days';
import { Failing } from './Failing';
import { Inbox } from './Inbox';
import { documentsLink } from './links';
import { DashboardStatisticsDocument } from './operations';
import { OverdueInvoices } from './OverdueInvoices';
import './dashboard.css';

interface MonthFigures {
  invoiced: string;
  paid: string;
  outstanding: string;
  count: number;
}

/** Invoiced, paid and outstanding this month against the last (statistics by month, in CZK). */
function Months() {
  const { t } = useTranslation(['dashboard', 'common']);
  const day = today();
  const [last, current] = [monthOf(day, -1), monthOf(day)];
  const [{ data, error }] = useQuery({
    query: DashboardStatisticsDocument,
    variables: { from: last.from, to: day },
  });
  const stats = data?.statistics;
  const figures = (month: string): MonthFigures => {
    const found = stats?.periods.find((p) => p.period === month);
    const invoiced = found?.invoiced.total ?? '0.00';
    const paid = found?.paid ?? '0.00';
    // Decimal strings with two places: subtracting in cents keeps them exact.
    const cents = Math.round(Number(invoiced) * 100) - Math.round(Number(paid) * 100);
    return { invoiced, paid, outstanding: (cents / 100).toFixed(2), count: found?.invoiced.documentCount ?? 0 };
  };
  const months = [
    { key: 'thisMonth', range: { ...current, to: day }, figures: figures(current.month) },
    { key: 'lastMonth', range: last, figures: figures(last.month) },
  ] as const;
  const rows = [
    { key: 'invoiced', status: undefined },
    { key: 'paid', status: 'PAID' },
    { key: 'outstanding', status: undefined },
  ] as const;
  const linkLabel = {
    invoiced: 'months.linkInvoiced',
    paid: 'months.linkPaid',
    outstanding: 'months.linkOutstanding',
  } as const;
  return (
    <>
      <section aria-labelledby="months-heading" className="dash-card" data-testid="dashboard-months">
        <h2 id="months-heading">{t('months.heading')}</h2>
        <ErrorBox problem={problemOf(error)} />
        {stats && (
          <>
            <DataTable
              rows={rows}
              rowKey={(r) => r.key}
              rowTestId={(r) => `month-${r.key}`}
              columns={[
                { label: t('months.figure'), cell: (r) => t(`months.${r.key}`) },
                ...months.map((m) => ({
                  label: t(`months.${m.key}`),
                  num: true,
                  cell: (r: (typeof rows)[number]) => (
                    <Link
                      to={documentsLink({ type: 'INVOICE', status: r.status, from: m.range.from, to: m.range.to })}
                      aria-label={`${t(linkLabel[r.key], { month: m.range.month })}: ${formatMoney(m.figures[r.key])}`}
                      data-testid={`${m.key}-${r.key}`}
                    >
                      {formatMoney(m.figures[r.key])}
                    </Link>
                  ),
                })),
              ]}
            />
            <p className="muted" data-testid="month-counts">
              {t('months.thisMonth')}: {t('common:counts.invoice', { count: months[0].figures.count })} ·{' '}
              {t('months.lastMonth')}: {t('common:counts.invoice', { count: months[1].figures.count })}
            </p>
          </>
        )}
      </section>
      {stats && <AgingBar aging={stats.aging} />}
    </>
  );
}

/** The home page: what is due and what came in, each figure a link to the list it sums up. */
export function Dashboard() {
  const { t } = useTranslation('dashboard');
  const { person, organization } = useSession();
  return (
    <>
      <PageHeader title={organization.name} />
      <div className="dash-grid" role="region" aria-label={t('title')}>
        {can(person, 'reports', 'read') && <Months />}
        {can(person, 'documents', 'read') && <OverdueInvoices canRemind={can(person, 'documents', 'write')} />}
        {can(person, 'payments', 'read') && <CashFlow />}
        {can(person, 'costs', 'read') && <Inbox />}
        {can(person, 'automations', 'read') && <Failing />}
      </div>
    </>
  );
}
