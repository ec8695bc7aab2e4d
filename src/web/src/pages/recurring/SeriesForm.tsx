import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQuery } from 'urql';
import type { RecurringDocumentType, RecurringSeriesInput, RecurringUnit } from '../../gql/graphql';
import { submitHandler, useAction } from '../../components/action';
import { CheckboxField, FormError, SelectField, TextField, optionsOf } from '../../components/form';
import { LANGUAGE_LABELS } from '../../languages';
import { ItemRows } from '../documents/ItemRows';
import { blankRow, isBlank, nextRowKey, onFormRows, sentRows, type Row } from '../documents/form-rows';
import { ContactField } from '../documents/ContactField';
import { ProductChoicesDocument } from '../documents/operations';
import { useLiveTotals } from '../documents/Totals';
import { SERIES_TYPE_LABELS, UNIT_LABELS, type Series } from './labels';
import { CreateRecurringSeriesDocument, UpdateRecurringSeriesDocument } from './operations';

/** How the series ends: never, on a date, or after a number of documents. */
type End = 'NONE' | 'DATE' | 'COUNT';
const END_LABELS: Record<End, string> = { NONE: 'Never', DATE: 'On a date', COUNT: 'After a number of documents' };

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

/** The template (document type, contact, items, …) and the schedule of a series, saved in one request. */
export function SeriesForm({ series }: { series?: Series }) {
  const navigate = useNavigate();
  const [head, setHead] = useState(() => headOf(series));
  const [rows, setRows] = useState(() => rowsOf(series));
  const [saved, setSaved] = useState<number[]>([]);
  const [{ data: products }] = useQuery({ query: ProductChoicesDocument });
  const live = useLiveTotals(rows);
  const create = useAction(CreateRecurringSeriesDocument);
  const update = useAction(UpdateRecurringSeriesDocument);
  const problem = onFormRows(series ? update.problem : create.problem, saved);
  const monthly = head.unit === 'MONTH' || head.unit === 'YEAR';
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
      startDate: head.startDate,
      unit: head.unit,
      every: wholeNumber(head.every),
      lastDayOfMonth: monthly && head.lastDayOfMonth,
      endDate: head.end === 'DATE' ? head.endDate || null : null,
      count: head.end === 'COUNT' ? wholeNumber(head.count) : null,
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
    <form className="document-form" onSubmit={submitHandler(save)}>
      <FormError problem={problem} fields={FIELDS} />
      <fieldset>
        <legend>Template</legend>
        <div className="grid-fields">
          <TextField
            label="Series name"
            name="name"
            problem={problem}
            value={head.name}
            onChange={(e) => setField({ name: e.target.value })}
            required
          />
          <SelectField
            label="Document type"
            name="documentType"
            problem={problem}
            value={head.documentType}
            onChange={(e) => setField({ documentType: e.target.value as RecurringDocumentType })}
            options={optionsOf(SERIES_TYPE_LABELS)}
          />
          <ContactField
            value={head.contactId}
            onChange={(contactId) => setField({ contactId })}
            problem={problem}
            noneLabel="Pick a contact…"
          />
          <TextField
            label="Currency"
            name="currency"
            problem={problem}
            value={head.currency}
            maxLength={3}
            onChange={(e) => setField({ currency: e.target.value.toUpperCase() })}
          />
          <SelectField
            label="Language"
            name="language"
            problem={problem}
            value={head.language}
            onChange={(e) => setField({ language: e.target.value })}
            options={[{ value: '', label: "The contact's, else the company's" }, ...optionsOf(LANGUAGE_LABELS)]}
          />
          <TextField
            label="Due in days"
            name="dueInDays"
            type="number"
            min={0}
            max={365}
            problem={problem}
            value={head.dueInDays}
            onChange={(e) => setField({ dueInDays: e.target.value })}
          />
          <TextField
            label="Tags"
            name="tags"
            problem={problem}
            value={head.tags}
            onChange={(e) => setField({ tags: e.target.value })}
            hint="Separated by commas"
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
        Item names and the note may use {'{{period.month}}'}, {'{{period.year}}'}, {'{{period.from}}'} and{' '}
        {'{{period.to}}'}: filled in with each document&apos;s period, in its language.
      </p>
      <TextField
        label="Note"
        name="note"
        problem={problem}
        value={head.note}
        onChange={(e) => setField({ note: e.target.value })}
      />
      <fieldset>
        <legend>Schedule</legend>
        <div className="grid-fields">
          <TextField
            label="First issue date"
            name="startDate"
            type="date"
            problem={problem}
            value={head.startDate}
            onChange={(e) => setField({ startDate: e.target.value })}
            required
          />
          <TextField
            label="Every"
            name="every"
            type="number"
            min={1}
            problem={problem}
            value={head.every}
            onChange={(e) => setField({ every: e.target.value })}
          />
          <SelectField
            label="Unit"
            name="unit"
            problem={problem}
            value={head.unit}
            onChange={(e) => setField({ unit: e.target.value as RecurringUnit })}
            options={optionsOf(UNIT_LABELS)}
          />
          <SelectField
            label="Ends"
            name="end"
            problem={null}
            value={head.end}
            onChange={(e) => setField({ end: e.target.value as End })}
            options={optionsOf(END_LABELS)}
          />
          {head.end === 'DATE' && (
            <TextField
              label="End date"
              name="endDate"
              type="date"
              problem={problem}
              value={head.endDate}
              onChange={(e) => setField({ endDate: e.target.value })}
            />
          )}
          {head.end === 'COUNT' && (
            <TextField
              label="Number of documents"
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
            label="On the last day of the month"
            name="lastDayOfMonth"
            problem={problem}
            checked={head.lastDayOfMonth}
            onChange={(e) => setField({ lastDayOfMonth: e.target.checked })}
          />
        )}
        <CheckboxField
          label="Issue and e-mail each document (otherwise a draft)"
          name="issueAndSend"
          problem={problem}
          checked={head.issueAndSend}
          onChange={(e) => setField({ issueAndSend: e.target.checked })}
        />
      </fieldset>
      <div className="actions">
        <button type="submit" className="primary" disabled={create.busy || update.busy}>
          {series ? 'Save series' : 'Create series'}
        </button>
        <Link to={series ? `/recurring/${series.id}` : '/recurring'}>Cancel</Link>
      </div>
    </form>
  );
}
