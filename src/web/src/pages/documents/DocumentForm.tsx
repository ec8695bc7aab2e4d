import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQuery } from 'urql';
import type { DocumentType, ReverseChargeRegime } from '../../gql/graphql';
import { SelectField, TextField, FormError, optionsOf } from '../../components/form';
import { LANGUAGE_LABELS } from '../../languages';
import { CzkAmounts } from './CzkAmounts';
import { useAction } from '../../components/action';
import { ProductChoicesDocument, CreateDocumentDocument, UpdateDocumentDocument } from './operations';
import { type Head, type Row, isBlank, onFormRows, reverseChargeInput, sentRows } from './form-rows';
import { Totals, useLiveTotals } from './Totals';
import { ItemRows } from './ItemRows';
import { ContactField } from './ContactField';
import type { Existing } from './DocumentEditor';
import { CREATABLE_TYPES, REVERSE_CHARGE_LABELS, TYPE_LABELS } from './labels';

const HEAD_FIELDS = [
  'type',
  'contactId',
  'clientName',
  'issuedAt',
  'taxableSupplyDate',
  'dueAt',
  'variableSymbol',
  'note',
  'reverseCharge',
  'reverseCharge.code',
  'validUntil',
  'language',
  'currency',
  'exchangeRate',
  'items',
  'status',
];

/** The head of a document, its item rows with the server's live totals, and the note; saved in one request. */
export function DocumentForm({
  existing,
  head: initialHead,
  rows: initialRows,
}: {
  existing?: Existing;
  head: Head;
  rows: Row[];
}) {
  const navigate = useNavigate();
  const [head, setHead] = useState(initialHead);
  const [rows, setRows] = useState(initialRows);
  const [{ data: products }] = useQuery({ query: ProductChoicesDocument });
  const live = useLiveTotals(rows, reverseChargeInput(head));
  const create = useAction(CreateDocumentDocument);
  const update = useAction(UpdateDocumentDocument);
  const [saved, setSaved] = useState<number[]>([]);
  const problem = onFormRows(existing ? update.problem : create.problem, saved);
  const busy = create.busy || update.busy;
  const currency = /^[A-Z]{3}$/.test(head.currency) ? head.currency : 'CZK';
  const foreign = head.currency !== 'CZK';

  const setField = (patch: Partial<Head>) => setHead((h) => ({ ...h, ...patch }));

  const save = async (issue: boolean) => {
    const { items, indexes } = sentRows(rows, (r) => !isBlank(r));
    setSaved(indexes);
    const common = {
      contactId: head.contactId || null,
      clientName: head.clientName.trim() || null,
      issuedAt: head.issuedAt || undefined,
      taxableSupplyDate: head.taxableSupplyDate || null,
      dueAt: head.dueAt || undefined,
      variableSymbol: head.variableSymbol.trim() || null,
      note: head.note.trim() || null,
      reverseCharge: reverseChargeInput(head),
      validUntil: head.type === 'QUOTE' ? head.validUntil || null : undefined,
      // Fixed once issued: only a draft's language changes.
      ...(!existing || existing.status === 'DRAFT' ? { language: head.language || null } : {}),
      currency: head.currency,
      // A foreign currency without a rate takes the ČNB fixing of the taxable supply date.
      ...(foreign ? { exchangeRate: head.exchangeRate.trim().replace(',', '.') || null } : {}),
      items,
    };
    if (existing) {
      const done = await update.run({ id: existing.id, input: common });
      if (done) await navigate(`/documents/${existing.id}`);
    } else {
      const done = await create.run({ input: { ...common, type: head.type, status: issue ? 'ISSUED' : 'DRAFT' } });
      if (done) await navigate(`/documents/${done.createDocument.id}`);
    }
  };

  return (
    <form
      className="document-form"
      onSubmit={(e) => {
        e.preventDefault();
        void save(false);
      }}
    >
      <FormError problem={problem} fields={HEAD_FIELDS} />
      <fieldset>
        <legend>Document</legend>
        <div className="grid-fields">
          {!existing && (
            <SelectField
              label="Type"
              name="type"
              problem={problem}
              value={head.type}
              onChange={(e) => setField({ type: e.target.value as DocumentType })}
              options={CREATABLE_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
            />
          )}
          <ContactField
            value={head.contactId}
            onChange={(contactId) => setField({ contactId })}
            problem={problem}
            noneLabel="No contact"
          />
          <SelectField
            label="Reverse charge"
            name="reverseCharge"
            problem={problem}
            value={head.reverseCharge}
            onChange={(e) => setField({ reverseCharge: e.target.value as ReverseChargeRegime | '' })}
            options={[
              { value: '', label: 'No (VAT charged)' },
              ...Object.entries(REVERSE_CHARGE_LABELS).map(([value, label]) => ({ value, label })),
            ]}
          />
          {head.reverseCharge === 'DOMESTIC' && (
            <TextField
              label="Supply code"
              name="reverseCharge.code"
              inputMode="numeric"
              problem={problem}
              value={head.reverseChargeCode}
              onChange={(e) => setField({ reverseChargeCode: e.target.value })}
              hint="Kód předmětu plnění, e.g. 4 construction work, 5 waste and scrap, 14 mobile phones"
            />
          )}
          <TextField
            label="Client name"
            name="clientName"
            problem={problem}
            value={head.clientName}
            onChange={(e) => setField({ clientName: e.target.value })}
            hint="Defaults to the contact's name"
          />
          <TextField
            label="Issue date"
            name="issuedAt"
            type="date"
            problem={problem}
            value={head.issuedAt}
            onChange={(e) => setField({ issuedAt: e.target.value })}
          />
          <TextField
            label="Taxable supply date"
            name="taxableSupplyDate"
            type="date"
            problem={problem}
            value={head.taxableSupplyDate}
            onChange={(e) => setField({ taxableSupplyDate: e.target.value })}
            hint="DUZP; empty: the issue date"
          />
          <TextField
            label="Due date"
            name="dueAt"
            type="date"
            problem={problem}
            value={head.dueAt}
            onChange={(e) => setField({ dueAt: e.target.value })}
            hint="Defaults to 14 days after issue"
          />
          <TextField
            label="Variable symbol"
            name="variableSymbol"
            inputMode="numeric"
            problem={problem}
            value={head.variableSymbol}
            onChange={(e) => setField({ variableSymbol: e.target.value })}
            hint="Defaults to the number's digits"
          />
          {head.type === 'QUOTE' && (
            <TextField
              label="Valid until"
              name="validUntil"
              type="date"
              problem={problem}
              value={head.validUntil}
              onChange={(e) => setField({ validUntil: e.target.value })}
              hint="The last day the customer can accept the quote; empty: no limit"
            />
          )}
          <TextField
            label="Currency"
            name="currency"
            problem={problem}
            value={head.currency}
            maxLength={3}
            onChange={(e) => setField({ currency: e.target.value.toUpperCase() })}
            hint="ISO 4217, e.g. CZK, EUR"
          />
          {foreign && (
            <TextField
              label="Exchange rate"
              name="exchangeRate"
              inputMode="decimal"
              problem={problem}
              value={head.exchangeRate}
              onChange={(e) => setField({ exchangeRate: e.target.value })}
              hint={`CZK per 1 ${head.currency}; empty: the ČNB rate of the taxable supply date`}
            />
          )}
          <SelectField
            label="Document language"
            name="language"
            problem={problem}
            value={head.language}
            disabled={existing && existing.status !== 'DRAFT'}
            onChange={(e) => setField({ language: e.target.value })}
            options={[{ value: '', label: "The contact's, else the company's" }, ...optionsOf(LANGUAGE_LABELS)]}
          />
        </div>
      </fieldset>

      <ItemRows
        rows={rows}
        setRows={setRows}
        problem={problem}
        live={live}
        currency={currency}
        products={products?.products.data ?? []}
      />

      <Totals preview={live.preview} pending={live.pending} currency={currency} />
      {existing && <CzkAmounts doc={existing} title="In CZK (as saved)" />}

      <TextField
        label="Note"
        name="note"
        problem={problem}
        value={head.note}
        onChange={(e) => setField({ note: e.target.value })}
      />
      <div className="actions">
        <button type="submit" className={existing ? 'primary' : undefined} disabled={busy}>
          {existing ? 'Save' : 'Save as draft'}
        </button>
        {!existing && (
          <button type="button" className="primary" disabled={busy} onClick={() => void save(true)}>
            Save and issue
          </button>
        )}
        <Link to={existing ? `/documents/${existing.id}` : '/documents'}>Cancel</Link>
      </div>
    </form>
  );
}
