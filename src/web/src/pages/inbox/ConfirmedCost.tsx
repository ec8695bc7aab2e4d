import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { ErrorBox } from '../../components/feedback';
import { problemOf } from '../../errors';
import { formatMoney } from '../../format';
import { InboxCostDocument } from './operations';

/** The cost a confirmed item became. */
export function ConfirmedCost({ costId }: { costId: string }) {
  const { t } = useTranslation('inbox');
  const [{ data, error }] = useQuery({ query: InboxCostDocument, variables: { id: costId } });
  const cost = data?.cost;
  return (
    <section aria-labelledby="cost-heading" data-testid="confirmed-cost">
      <h2 id="cost-heading">{t('cost.title')}</h2>
      <ErrorBox problem={problemOf(error)} />
      {cost && (
        <dl className="facts">
          <dt>{t('cost.number')}</dt>
          <dd data-testid="cost-number">
            <Link to={`/costs/${costId}`}>{cost.number}</Link>
          </dd>
          <dt>{t('fields.supplier')}</dt>
          <dd>{cost.supplier.name}</dd>
          <dt>{t('fields.supplierDocumentNumber')}</dt>
          <dd>{cost.supplierDocumentNumber ?? '—'}</dd>
          <dt>{t('fields.variableSymbol')}</dt>
          <dd data-testid="cost-variable-symbol">{cost.variableSymbol ?? '—'}</dd>
          <dt>{t('cost.total')}</dt>
          <dd data-testid="cost-total">{formatMoney(cost.total, cost.currency)}</dd>
          <dt>{t('cost.attachment')}</dt>
          <dd>{cost.attachments.map((a) => a.filename).join(', ') || '—'}</dd>
        </dl>
      )}
    </section>
  );
}
