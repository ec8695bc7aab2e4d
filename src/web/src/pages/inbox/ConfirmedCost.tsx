import { useQuery } from 'urql';
import { ErrorBox } from '../../components/feedback';
import { problemOf } from '../../errors';
import { formatMoney } from '../../format';
import { InboxCostDocument } from './operations';

/** The cost a confirmed item became. */
export function ConfirmedCost({ costId }: { costId: string }) {
  const [{ data, error }] = useQuery({ query: InboxCostDocument, variables: { id: costId } });
  const cost = data?.cost;
  return (
    <section aria-labelledby="cost-heading" data-testid="confirmed-cost">
      <h2 id="cost-heading">The cost</h2>
      <ErrorBox problem={problemOf(error)} />
      {cost && (
        <dl className="facts">
          <dt>Number</dt>
          <dd data-testid="cost-number">{cost.number}</dd>
          <dt>Supplier</dt>
          <dd>{cost.supplier.name}</dd>
          <dt>Supplier’s number</dt>
          <dd>{cost.supplierDocumentNumber ?? '—'}</dd>
          <dt>Variable symbol</dt>
          <dd data-testid="cost-variable-symbol">{cost.variableSymbol ?? '—'}</dd>
          <dt>Total</dt>
          <dd data-testid="cost-total">{formatMoney(cost.total, cost.currency)}</dd>
          <dt>Attachment</dt>
          <dd>{cost.attachments.map((a) => a.filename).join(', ') || '—'}</dd>
        </dl>
      )}
    </section>
  );
}
