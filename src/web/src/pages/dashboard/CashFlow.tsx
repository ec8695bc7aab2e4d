import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import { Empty, ErrorBox } from '../../components/feedback';
import { DataTable } from '../../components/table';
import { problemOf } from '../../errors';
import { formatDate, formatMoney } from '../../format';
import { currentLanguage } from '../../i18n';
import { LOCALES } from '../../i18n/texts';
import { addDays, today } from './days';
import { DashboardCashDocument } from './operations';

/** The days the chart covers: today and the 29 before it. */
const DAYS = 30;

interface CashDay {
  day: string;
  cashIn: number;
  cashOut: number;
}

/** The statistics' days (each with its CZK cash in and out) as the chart and the table take them. */
function cashDays(periods: { period: string; cashIn?: string | null; cashOut?: string | null }[]): CashDay[] {
  return periods.map((p) => ({ day: p.period, cashIn: Number(p.cashIn ?? 0), cashOut: Number(p.cashOut ?? 0) }));
}

function CashChart({ days, label }: { days: CashDay[]; label: string }) {
  const { t } = useTranslation('dashboard');
  const canvas = useRef<HTMLCanvasElement>(null);
  const language = currentLanguage();
  useEffect(() => {
    let chart: { destroy(): void } | null = null;
    let gone = false;
    const dayLabel = new Intl.DateTimeFormat(LOCALES[language], {
      day: 'numeric',
      month: 'numeric',
      timeZone: 'UTC',
    });
    // chart.js comes in its own chunk, loaded with the first chart.
    void import('./cash-chart').then(({ drawCashChart }) => {
      if (gone || !canvas.current) return;
      chart = drawCashChart(canvas.current, {
        labels: days.map((d) => dayLabel.format(new Date(`${d.day}T00:00:00Z`))),
        cashIn: days.map((d) => d.cashIn),
        cashOut: days.map((d) => d.cashOut),
        names: { in: t('cash.in'), out: t('cash.out') },
        locale: LOCALES[language],
      });
      canvas.current.dataset.drawn = 'true';
    });
    return () => {
      gone = true;
      chart?.destroy();
    };
  }, [days, language, t]);
  return (
    <div className="cash-chart">
      <canvas ref={canvas} role="img" aria-label={label} data-testid="cash-chart" />
    </div>
  );
}

/** The last 30 days' cash in and out (CZK payments by the day they were received or sent): a chart and a table. */
export function CashFlow() {
  const { t } = useTranslation('dashboard');
  const last = today();
  const [{ data, error }] = useQuery({
    query: DashboardCashDocument,
    variables: { from: addDays(last, 1 - DAYS), to: last },
  });
  // Null for a person limited to departments: payments belong to none.
  const limited = !!data?.statistics.periods.some((p) => p.cashIn === null);
  const days = useMemo(() => (data ? cashDays(data.statistics.periods) : []), [data]);
  const moved = days.filter((d) => d.cashIn !== 0 || d.cashOut !== 0);
  // Summed in hellers (whole numbers), so the total is exact.
  const cents = (key: 'cashIn' | 'cashOut') => moved.reduce((sum, d) => sum + Math.round(d[key] * 100), 0) / 100;
  const total = { cashIn: cents('cashIn'), cashOut: cents('cashOut') };
  const money = (n: number) => formatMoney(n.toFixed(2));
  return (
    <section aria-labelledby="cash-heading" className="dash-card dash-wide" data-testid="dashboard-cash">
      <h2 id="cash-heading">{t('cash.heading')}</h2>
      <ErrorBox problem={problemOf(error)} />
      {limited && <Empty>{t('cash.limited')}</Empty>}
      {data && !limited && moved.length === 0 && <Empty>{t('cash.none')}</Empty>}
      {moved.length > 0 && (
        <>
          <CashChart days={days} label={t('cash.chartLabel', { in: money(total.cashIn), out: money(total.cashOut) })} />
          <details data-testid="cash-table">
            <summary>{t('cash.showTable')}</summary>
            <DataTable
              caption={t('cash.table')}
              rows={[...moved, { day: '', ...total }]}
              rowKey={(d) => d.day || 'total'}
              rowTestId={(d) => `cash-${d.day || 'total'}`}
              columns={[
                { label: t('cash.day'), cell: (d) => (d.day ? formatDate(`${d.day}T12:00:00Z`) : t('cash.total')) },
                { label: t('cash.in'), num: true, cell: (d) => money(d.cashIn) },
                { label: t('cash.out'), num: true, cell: (d) => money(d.cashOut) },
              ]}
            />
          </details>
        </>
      )}
      <p>
        <Link to="/payments">{t('cash.payments')}</Link>
      </p>
    </section>
  );
}
