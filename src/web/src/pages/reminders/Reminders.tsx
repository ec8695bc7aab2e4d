import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import { submitHandler, useAction } from '../../components/action';
import { ErrorBox, Notice, PageHeader } from '../../components/feedback';
import { CheckboxField, FormError, TextField } from '../../components/form';
import { problemOf, type Problem } from '../../errors';
import type { TFunction } from 'i18next';
import type { ReminderStepsQuery } from '../../gql/graphql';
import { can, useSession } from '../../session';
import { ReminderStepsDocument, SaveReminderStepsDocument } from './operations';
import { stepText } from './steps';

/** A step as typed: the days stay text until the list is saved. */
interface StepRow {
  key: number;
  days: string;
  active: boolean;
}

let keys = 0;

const rowsOf = (steps: ReminderStepsQuery['reminderSteps']): StepRow[] =>
  steps.map((s) => ({ key: ++keys, days: String(s.days), active: s.active }));

/** Whole days, negative before the due date: what the server's Int takes. */
const daysOf = (text: string): number | null =>
  /^\s*[-−]?\d{1,3}\s*$/.test(text) ? Number(text.replace('−', '-')) : null;

/** Rows whose days are no whole number, named as the server names fields; null when all are. */
function typingProblem(t: TFunction<'reminders'>, rows: StepRow[]): Problem | null {
  const fields: Record<string, string> = {};
  rows.forEach((r, i) => {
    if (daysOf(r.days) === null) fields[`steps[${i}].days`] = t('form.wholeDays');
  });
  return Object.keys(fields).length ? { code: 'VALIDATION_FAILED', message: t('form.checkSteps'), fields } : null;
}

/** The company's reminder steps: days relative to the due date, each active or not; saved as one list. */
export function Reminders() {
  const { t } = useTranslation('reminders');
  const [{ data, error }] = useQuery({ query: ReminderStepsDocument });
  return (
    <>
      <PageHeader title={t('title')} />
      <p className="muted">
        <Trans t={t} i18nKey="intro" components={{ templates: <Link to="/email-templates" /> }} />
      </p>
      {data ? <StepsForm steps={data.reminderSteps} /> : <ErrorBox problem={problemOf(error)} />}
    </>
  );
}

function StepsForm({ steps }: { steps: ReminderStepsQuery['reminderSteps'] }) {
  const { t } = useTranslation('reminders');
  const { person } = useSession();
  const writer = can(person, 'company_settings', 'write');
  const [rows, setRows] = useState(() => rowsOf(steps));
  const [typing, setTyping] = useState<Problem | null>(null);
  const [saved, setSaved] = useState(false);
  const save = useAction(SaveReminderStepsDocument);
  const problem = typing ?? save.problem;
  const setRow = (i: number, patch: Partial<StepRow>) => {
    setSaved(false);
    setRows((rs) => rs.map((r, k) => (k === i ? { ...r, ...patch } : r)));
  };
  const fields = ['steps', ...rows.flatMap((_, i) => [`steps[${i}].days`, `steps[${i}].active`])];

  return (
    <form
      className="stack-form"
      onSubmit={submitHandler(async () => {
        setSaved(false);
        const wrong = typingProblem(t, rows);
        setTyping(wrong);
        if (wrong) return;
        const done = await save.run({ steps: rows.map((r) => ({ days: daysOf(r.days) ?? 0, active: r.active })) });
        if (done) {
          setRows(rowsOf(done.saveReminderSteps));
          setSaved(true);
        }
      })}
    >
      <FormError problem={problem} fields={fields} />
      {saved && <Notice>{t('form.saved')}</Notice>}
      {!rows.length && <p className="muted">{t('form.none')}</p>}
      <ol className="item-rows">
        {rows.map((r, i) => {
          const days = daysOf(r.days);
          return (
            <li key={r.key} className="item-row" data-testid="reminder-step">
              <TextField
                label={t('form.days', { n: i + 1 })}
                name={`steps[${i}].days`}
                inputMode="numeric"
                value={r.days}
                onChange={(e) => setRow(i, { days: e.target.value })}
                hint={days === null ? t('form.negative') : stepText(t, days)}
                problem={problem}
                disabled={!writer}
                required
              />
              <CheckboxField
                label={t('form.active', { n: i + 1 })}
                name={`steps[${i}].active`}
                checked={r.active}
                onChange={(e) => setRow(i, { active: e.target.checked })}
                problem={problem}
                disabled={!writer}
              />
              {writer && (
                <button
                  type="button"
                  onClick={() => {
                    setSaved(false);
                    setRows((rs) => rs.filter((_, k) => k !== i));
                  }}
                >
                  {t('form.remove', { n: i + 1 })}
                </button>
              )}
            </li>
          );
        })}
      </ol>
      {writer && (
        <div className="actions">
          <button
            type="button"
            onClick={() => {
              setSaved(false);
              setRows((rs) => [...rs, { key: ++keys, days: '', active: true }]);
            }}
          >
            {t('form.add')}
          </button>
          <button type="submit" className="primary" disabled={save.busy}>
            {t('form.save')}
          </button>
        </div>
      )}
    </form>
  );
}
