import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import type { NumberingRestart } from '../../gql/graphql';
import { useAction, submitHandler } from '../../components/action';
import { ErrorBox } from '../../components/feedback';
import { FormError, SelectField, TextField, formText } from '../../components/form';
import { problemOf } from '../../errors';
import { can, useSession } from '../../session';
import { NumberingSeriesDocument, UpdateNumberingSeriesDocument } from './operations';

const RESTARTS: NumberingRestart[] = ['YEARLY', 'NEVER'];

/** Every series in one form: mask, restart and next number; the server answers the next number each will give. */
export function NumberingSeries() {
  const { t } = useTranslation('company');
  const { person } = useSession();
  const writer = can(person, 'company_settings', 'write');
  const [{ data, error }, refetch] = useQuery({ query: NumberingSeriesDocument });
  const update = useAction(UpdateNumberingSeriesDocument);
  if (!data) return <ErrorBox problem={problemOf(error)} />;
  const series = data.numberingSeries;
  const fields = series.flatMap((_, i) => [`series[${i}].format`, `series[${i}].restart`, `series[${i}].nextNumber`]);
  return (
    <section aria-labelledby="series-heading">
      <h2 id="series-heading">{t('series.heading')}</h2>
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
          {series.map((s, i) => {
            const name = t(`series.names.${s.documentType}`);
            return (
              <li key={s.documentType} data-testid={`series-${s.documentType}`}>
                <h3>{name}</h3>
                <div className="grid-fields">
                  <TextField
                    label={t('series.format', { series: name })}
                    name={`series[${i}].format`}
                    defaultValue={s.format}
                    hint={t('series.maskHint')}
                    maxLength={40}
                    problem={update.problem}
                    disabled={!writer}
                  />
                  <SelectField
                    label={t('series.restart', { series: name })}
                    name={`series[${i}].restart`}
                    defaultValue={s.restart}
                    options={RESTARTS.map((value) => ({ value, label: t(`series.restarts.${value}`) }))}
                    problem={update.problem}
                    disabled={!writer}
                  />
                  <TextField
                    label={t('series.nextNumber', { series: name })}
                    name={`series[${i}].nextNumber`}
                    type="number"
                    defaultValue={s.nextNumber}
                    problem={update.problem}
                    disabled={!writer}
                  />
                </div>
                <p className="muted">
                  {t('series.next')} <code data-testid="series-preview">{s.preview}</code>
                </p>
              </li>
            );
          })}
        </ul>
        {writer && (
          <button type="submit" className="primary" disabled={update.busy}>
            {t('series.save')}
          </button>
        )}
      </form>
    </section>
  );
}
