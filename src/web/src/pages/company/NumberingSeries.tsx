import { useQuery } from 'urql';
import type { NumberingRestart, NumberingSeriesName } from '../../gql/graphql';
import { useAction, submitHandler } from '../../components/action';
import { ErrorBox } from '../../components/feedback';
import { FormError, SelectField, TextField, formText, optionsOf } from '../../components/form';
import { problemOf } from '../../errors';
import { can, useSession } from '../../session';
import { NumberingSeriesDocument, UpdateNumberingSeriesDocument } from './operations';

const SERIES_LABELS: Record<NumberingSeriesName, string> = {
  INVOICE: 'Invoices',
  PROFORMA: 'Proforma invoices',
  QUOTE: 'Quotes',
  ORDER: 'Orders',
  DELIVERY_NOTE: 'Delivery notes',
  CREDIT_NOTE: 'Credit notes',
  ADVANCE_TAX_DOCUMENT: 'Advance tax documents',
  COST: 'Received costs',
};

const RESTART_LABELS: Record<NumberingRestart, string> = { YEARLY: 'Every year', NEVER: 'Never' };
const MASK_HINT = '{YYYY} or {YY} year, {MM} month, {NNNN} the counter with its digits; e.g. FV{YYYY}-{NNNN}';

/** Every series in one form: mask, restart and next number; the server answers the next number each will give. */
export function NumberingSeries() {
  const { person } = useSession();
  const writer = can(person, 'company_settings', 'write');
  const [{ data, error }, refetch] = useQuery({ query: NumberingSeriesDocument });
  const update = useAction(UpdateNumberingSeriesDocument);
  if (!data) return <ErrorBox problem={problemOf(error)} />;
  const series = data.numberingSeries;
  const fields = series.flatMap((_, i) => [`series[${i}].format`, `series[${i}].restart`, `series[${i}].nextNumber`]);
  return (
    <section aria-labelledby="series-heading">
      <h2 id="series-heading">Numbering series</h2>
      <form
        onSubmit={submitHandler(async (form) => {
          const done = await update.run({
            series: series.map((s, i) => ({
              documentType: s.documentType,
              format: formText(form, `series[${i}].format`),
              restart: formText(form, `series[${i}].restart`) as NumberingRestart,
              nextNumber: Number(formText(form, `series[${i}].nextNumber`)),
            })),
          });
          if (done) refetch({ requestPolicy: 'network-only' });
        })}
      >
        <FormError problem={update.problem} fields={['series', ...fields]} />
        <ul className="cards">
          {series.map((s, i) => (
            <li key={s.documentType} data-testid={`series-${s.documentType}`}>
              <h3>{SERIES_LABELS[s.documentType]}</h3>
              <div className="grid-fields">
                <TextField
                  label={`${SERIES_LABELS[s.documentType]}: format`}
                  name={`series[${i}].format`}
                  defaultValue={s.format}
                  hint={MASK_HINT}
                  maxLength={40}
                  problem={update.problem}
                  disabled={!writer}
                />
                <SelectField
                  label={`${SERIES_LABELS[s.documentType]}: counter restarts`}
                  name={`series[${i}].restart`}
                  defaultValue={s.restart}
                  options={optionsOf(RESTART_LABELS)}
                  problem={update.problem}
                  disabled={!writer}
                />
                <TextField
                  label={`${SERIES_LABELS[s.documentType]}: next number`}
                  name={`series[${i}].nextNumber`}
                  type="number"
                  defaultValue={s.nextNumber}
                  problem={update.problem}
                  disabled={!writer}
                />
              </div>
              <p className="muted">
                Next: <code data-testid="series-preview">{s.preview}</code>
              </p>
            </li>
          ))}
        </ul>
        {writer && (
          <button type="submit" className="primary" disabled={update.busy}>
            Save numbering
          </button>
        )}
      </form>
    </section>
  );
}
