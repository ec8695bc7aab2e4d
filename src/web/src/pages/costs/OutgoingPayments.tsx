import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { Empty, ErrorBox } from '../../components/feedback';
import { Pager, usePaging } from '../../components/paging';
import { DataTable } from '../../components/table';
import { problemOf } from '../../errors';
import { formatDate, formatMoney } from '../../format';
import { OutgoingPaymentsDocument } from './operations';

/** The payments the company made (direction OUT), newest first, with the cost each pays. */
export function OutgoingPayments() {
  const { t } = useTranslation('costs');
  const paging = usePaging();
  const [{ data, error }] = useQuery({ query: OutgoingPaymentsDocument, variables: paging.variables });
  const rows = data?.payments.data ?? [];
  type Row = (typeof rows)[number];
  return (
    <section aria-labelledby="outgoing-heading">
      <h2 id="outgoing-heading">{t('outgoing.title')}</h2>
      <ErrorBox problem={problemOf(error)} />
      {data && !rows.length && <Empty>{t('outgoing.empty')}</Empty>}
      {rows.length > 0 && (
        <DataTable<Row>
          testId="outgoing-payments"
          rows={rows}
          rowKey={(p) => p.id}
          columns={[
            { label: t('payments.date'), cell: (p) => formatDate(p.receivedAt) },
            {
              label: t('outgoing.payee'),
              cell: (p) => p.counterAccountName ?? p.counterAccount ?? '—',
            },
            { label: t('fields.variableSymbol'), cell: (p) => p.variableSymbol ?? '—' },
            { label: t('payments.method'), cell: (p) => (p.method ? t(`method.${p.method}`) : t('outgoing.bank')) },
            {
              label: t('outgoing.cost'),
              cell: (p) => (p.costId ? <Link to={p.costId}>{t('outgoing.openCost')}</Link> : t('outgoing.unmatched')),
            },
            { label: t('payments.amount'), num: true, cell: (p) => formatMoney(p.amount, p.currency) },
          ]}
        />
      )}
      <Pager paging={paging} nextCursor={data?.payments.nextCursor} label={t('outgoing.title')} />
    </section>
  );
}
