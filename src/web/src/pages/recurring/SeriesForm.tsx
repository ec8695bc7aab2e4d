import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useQuery } from 'urql';
import type {
  RecurringDocumentType,
  RecurringScheduleInput,
  RecurringSeriesInput,
  RecurringUnit,
} from '../../gql/graphql';
import { submitHandler, useAction } from '../../components/action';
import { CheckboxField, FormError, SelectField, TextField } from '../../components/form';
import { ItemRows } from '../documents/ItemRows';
import { blankRow, isBlank, nextRowKey, onFormRows, sentRows, type Row } from '../documents/form-rows';
import { ContactField } from '../documents/ContactField';
import { ProductChoicesDocument } from '../documents/operations';
import { useLiveTotals } from '../documents/Totals';
import { DOCUMENT_LANGUAGES, type Series } from './labels';
import { CreateRecurringSeriesDocument, UpdateRecurringSeriesDocument } from './operations';
import { SchedulePreview } from './SchedulePreview';

/** How the series ends: never, on a date, or after a number of documents. */
type End = 'NONE' | 'DATE' | 'COUNT';
const ENDS = [
  ['NONE', 'form.endNone'],
  ['DATE', 'form.endDate'],
  ['COUNT', 'form.endCount'],
] as const;
const TYPES: readonly RecurringDocumentType[] = ['INVOICE', 'PROFORMA'];
const UNITS: readonly RecurringUnit[] = ['DAY', 'WEEK', 'MONTH', 'YEAR'];

/** The fields this form shows (any other message of the server goes to the form's own error box). */
const FIELDS = [
  'name',
  'documentType',
  'contactId',
  'currency',
  'items',
  'note',
  'tags',
  'dueInDays',
  'language',
  'startDate',
  'unit',
  'every',
  'lastDayOfMonth',
  'endDate',
  'count',
  'issueAndSend',
];

/** The form's fields as typed (strings for the number inputs). */
interface Head {
  name: string;
  documentType: RecurringDocumentType;
  contactId: string;
  currency: string;
  note: string;
  tags: string;
  dueInDays: string;
  language: string;
  startDate: string;
  unit: RecurringUnit;
  every: string;
  lastDayOfMonth: boolean;
  end: End;
  endDate: string;
  count: string;
  issueAndSend: boolean;
}

function headOf(s: Series | undefined): Head {
  return {
    name: s?.name ?? '',
    documentType: s?.documentType ?? 'INVOICE',
    contactId: s?.contactId ?? '',
    currency: s?.currency ?? 'CZK',
    note: s?.note ?? '',
    tags: s?.tags.join(', ') ?? '',
    dueInDays: String(s?.dueInDays ?? 14),
    language: s?.language ?? '',
    startDate: s?.startDate ?? '',
    unit: s?.unit ?? 'MONTH',
    every: String(s?.every ?? 1),
    lastDayOfMonth: s?.lastDayOfMonth ?? false,
    end: s?.count != null ? 'COUNT' : s?.endDate ? 'DATE' : 'NONE',
    endDate: s?.endDate ?? '',
    count: String(s?.count ?? 12),
    issueAndSend: s?.issueAndSend ?? false,
  };
}

const rowsOf = (s: Series | undefined): Row[] =>
  s ? s.items.map((item) => ({ key: nextRowKey(), ...item })) : [blankRow()];

/** A whole number typed in a number input (the server names a bad one). */
const wholeNumber = (text: string): number => Math.trunc(Number(text) || 0);

/** Months and years may fall on the last day of the month; days and weeks may not. */
const isMonthly = (unit: RecurringUnit): boolean => unit === 'MONTH' || unit === 'YEAR';

/** The schedule as typed, as the API takes it (saved with the series, or previewed before). */
function scheduleOf(head: Head): RecurringScheduleInput {
  return {
    startDate: head.startDate,
    unit: head.unit,
    every: wholeNumber(head.every),
    lastDayOfMonth: isMonthly(head.unit) && head.lastDayOfMonth,
    endDate: head.end === 'DATE' ? head.endDate || null : null,
    count: head.end === 'COUNT' ? wholeNumber(head.count) : null,
  };
}

/** The template (document type, contact, items, …) and the schedule of a series, saved in one request. */
export function SeriesForm({ series }: { series?: Series }) {
  const { t } = useTranslation('recurring');
  const navigate = useNavigate();
  const [head, setHead] = useState(() => headOf(series));
  const [rows, setRows] = useState(() => rowsOf(series));
  const [saved, setSaved] = useState<number[]>([]);
  const [{ data: products }] = useQuery({ query: ProductChoicesDocument });
  const live = useLiveTotals(rows);
  const create = useAction(CreateRecurringSeriesDocument);
  const update = useAction(UpdateRecurringSeriesDocument);
  const problem = onFormRows(series ? update.problem : create.problem, saved);
  const monthly = isMonthly(head.unit);
  const setField = (patch: Partial<Head>) => setHead((h) => ({ ...h, ...patch }));

  const save = async () => {
    const { items, indexes } = sentRows(rows, (r) => !isBlank(r));
    setSaved(indexes);
    const input: RecurringSeriesInput = {
      name: head.name,
      documentType: head.documentType,
      contactId: head.contactId,
      currency: head.currency,
      items,
      note: head.note.trim() || null,
      tags: head.tags
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
      dueInDays: wholeNumber(head.dueInDays),
      language: head.language || null,
      ...scheduleOf(head),
      issueAndSend: head.issueAndSend,
    };
    if (series) {
      if (await update.run({ id: series.id, input })) await navigate(`/recurring/${series.id}`);
    } else {
      const done = await create.run({ input });
      if (done) await navigate(`/recurring/${done.createRecurringSeries.id}`);
    }
  };

  return (
    <form className="document-form" data-testid="series-form" onSubmit={submitHandler(save)}>
      <FormError problem={problem} fields={FIELDS} />
      <fieldset>
        <legend>{t('form.template')}</legend>
        <div className="grid-fields">
          <TextField
            label={t('form.name')}
            name="name"
            problem={problem}
            value={head.name}
            onChange={(e) => setField({ name: e.target.value })}
            required
          />
          <SelectField
            label={t('form.documentType')}
            name="documentType"
            problem={problem}
            value={head.documentType}
            onChange={(e) => setField({ documentType: e.target.value as RecurringDocumentType })}
            options={TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
          />
          <ContactField
            value={head.contactId}
            onChange={(contactId) => setField({ contactId })}
            problem={problem}
            noneLabel={t('form.pickContact')}
          />
          <TextField
            label={t('form.currency')}
            name="currency"
            problem={problem}
            value={head.currency}
            maxLength={3}
            onChange={(e) => setField({ currency: e.target.value.toUpperCase() })}
          />
          <SelectField
            label={t('form.language')}
            name="language"
            problem={problem}
            value={head.language}
            onChange={(e) => setField({ language: e.target.value })}
            options={[
              { value: '', label: t('detail.contactLanguage') },
              ...DOCUMENT_LANGUAGES.map((language) => ({ value: language, label: t(`languages.${language}`) })),
            ]}
          />
          <TextField
            label={t('form.dueInDays')}
            name="dueInDays"
            type="number"
            min={0}
            max={365}
            problem={problem}
            value={head.dueInDays}
            onChange={(e) => setField({ dueInDays: e.target.value })}
          />
          <TextField
            label={t('form.tags')}
            name="tags"
            problem={problem}
            value={head.tags}
            onChange={(e) => setField({ tags: e.target.value })}
            hint={t('form.tagsHint')}
          />
        </div>
      </fieldset>
      <ItemRows
        rows={rows}
        setRows={setRows}
        problem={problem}
        live={live}
        currency={/^[A-Z]{3}$/.test(head.currency) ? head.currency : 'CZK'}
        products={products?.products.data ?? []}
      />
      <p className="hint">
        {t('form.placeholders', {
          month: '{{period.month}}',
          year: '{{period.year}}',
          from: '{{period.from}}',
          to: '{{period.to}}',
        })}
      </p>
      <TextField
        label={t('form.note')}
        name="note"
        problem={problem}
        value={head.note}
        onChange={(e) => setField({ note: e.target.value })}
      />
      <fieldset>
        <legend>{t('form.schedule')}</legend>
        <div className="grid-fields">
          <TextField
            label={t('form.startDate')}
            name="startDate"
            type="date"
            problem={problem}
            value={head.startDate}
            onChange={(e) => setField({ startDate: e.target.value })}
            required
          />
          <TextField
            label={t('form.every')}
            name="every"
            type="number"
            min={1}
            problem={problem}
            value={head.every}
            onChange={(e) => setField({ every: e.target.value })}
          />
          <SelectField
            label={t('form.unit')}
            name="unit"
            problem={problem}
            value={head.unit}
            onChange={(e) => setField({ unit: e.target.value as RecurringUnit })}
            options={UNITS.map((unit) => ({ value: unit, label: t(`units.${unit}`) }))}
          />
          <SelectField
            label={t('form.ends')}
            name="end"
            problem={null}
            value={head.end}
            onChange={(e) => setField({ end: e.target.value as End })}
            options={ENDS.map(([value, key]) => ({ value, label: t(key) }))}
          />
          {head.end === 'DATE' && (
            <TextField
              label={t('form.endDateField')}
              name="endDate"
              type="date"
              problem={problem}
              value={head.endDate}
              onChange={(e) => setField({ endDate: e.target.value })}
            />
          )}
          {head.end === 'COUNT' && (
            <TextField
              label={t('form.count')}
              name="count"
              type="number"
              min={1}
              problem={problem}
              value={head.count}
              onChange={(e) => setField({ count: e.target.value })}
            />
          )}
        </div>
        {monthly && (
          <CheckboxField
            label={t('form.lastDayOfMonth')}
            name="lastDayOfMonth"
            problem={problem}
            checked={head.lastDayOfMonth}
            onChange={(e) => setField({ lastDayOfMonth: e.target.checked })}
          />
        )}
        <CheckboxField
          label={t('form.issueAndSend')}
          name="issueAndSend"
          problem={problem}
          checked={head.issueAndSend}
          onChange={(e) => setField({ issueAndSend: e.target.checked })}
        />
      </fieldset>
      <SchedulePreview schedule={scheduleOf(head)} />
      <div className="actions">
        <button type="submit" className="primary" disabled={create.busy || update.busy}>
          {series ? t('form.save') : t('form.create')}
        </button>
        <Link to={series ? `/recurring/${series.id}` : '/recurring'}>{t('form.cancel')}</Link>
      </div>
    </form>
  );
}
