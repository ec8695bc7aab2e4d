import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useQuery } from 'urql';
import { graphql } from '../../gql';
import type { DocumentItemInput, DocumentType, DocumentTotalsPreviewQuery, EditDocumentQuery } from '../../gql/graphql';
import { useAction } from '../../components/action';
import { ErrorBox, PageHeader } from '../../components/feedback';
import { CheckboxField, FormError, SelectField, TextField } from '../../components/form';
import { DataTable } from '../../components/table';
import { problemOf, type Problem } from '../../errors';
import { formatMoney, formatRate, pragueDay } from '../../format';
import { can, useSession } from '../../session';
import { NotFound } from '../../shell/NotFound';
import { ContactChoicesDocument } from './Documents';
import { EDITABLE, TYPES, TYPE_LABELS } from './labels';

const ProductChoicesDocument = graphql(`
  query ProductChoices {
    products(limit: 200, active: true) {
      data {
        id
        name
        sku
        unit
        price
        vatRate
      }
    }
  }
`);

const DocumentTotalsPreviewDocument = graphql(`
  query DocumentTotalsPreview($items: [DocumentItemInput!]!) {
    documentTotalsPreview(items: $items) {
      items {
        base
        vat
        total
      }
      vatRates {
        vatRate
        subtotal
        vatTotal
        total
      }
      subtotal
      vatTotal
      total
    }
  }
`);

const EditDocumentDocument = graphql(`
  query EditDocument($id: ID!) {
    document(id: $id) {
      id
      type
      status
      number
      contactId
      clientName
      currency
      variableSymbol
      note
      issuedAt
      taxableSupplyDate
      dueAt
      items {
        name
        quantity
        unit
        unitPrice
        vatRate
        priceIncludesVat
      }
    }
  }
`);

const CreateDocumentDocument = graphql(`
  mutation CreateDocument($input: CreateDocumentInput!) {
    createDocument(input: $input) {
      id
      number
    }
  }
`);

const UpdateDocumentDocument = graphql(`
  mutation UpdateDocument($id: ID!, $input: UpdateDocumentInput!) {
    updateDocument(id: $id, input: $input) {
      id
    }
  }
`);

/** One line of the form as typed: strings, checked only by the server. */
interface Row {
  key: number;
  name: string;
  quantity: string;
  unit: string;
  unitPrice: string;
  vatRate: string;
  priceIncludesVat: boolean;
}

interface Head {
  type: DocumentType;
  contactId: string;
  clientName: string;
  issuedAt: string;
  taxableSupplyDate: string;
  dueAt: string;
  variableSymbol: string;
  note: string;
}

const VAT_RATES = ['21', '12', '0'];
let rowKeys = 0;
const blankRow = (): Row => ({
  key: ++rowKeys,
  name: '',
  quantity: '1',
  unit: 'ks',
  unitPrice: '',
  vatRate: '21',
  priceIncludesVat: false,
});
const isBlank = (r: Row) => !r.name.trim() && !r.unitPrice.trim();
const isComplete = (r: Row) => !!r.name.trim() && !!r.quantity.trim() && !!r.unitPrice.trim() && !!r.vatRate.trim();

function itemInput(r: Row): DocumentItemInput {
  return {
    name: r.name,
    quantity: r.quantity.replace(',', '.'),
    unit: r.unit,
    unitPrice: r.unitPrice.replace(',', '.'),
    vatRate: r.vatRate,
    priceIncludesVat: r.priceIncludesVat,
  };
}

/** The rows a request carries and, for each, its index in the form, so `items[k]` messages land on the right row. */
function sentRows(rows: Row[], keep: (r: Row) => boolean) {
  const indexes: number[] = [];
  const items: DocumentItemInput[] = [];
  rows.forEach((r, i) => {
    if (keep(r)) {
      indexes.push(i);
      items.push(itemInput(r));
    }
  });
  return { items, indexes };
}

/** A problem about the sent rows renamed to the form's rows: `items[1].quantity` of the request may be row 3. */
function onFormRows(problem: Problem | null, indexes: number[]): Problem | null {
  if (!problem) return null;
  const fields: Record<string, string> = {};
  for (const [path, message] of Object.entries(problem.fields)) {
    fields[path.replace(/^items\[(\d+)\]/, (_, k: string) => `items[${indexes[Number(k)] ?? k}]`)] = message;
  }
  return { ...problem, fields };
}

type Preview = DocumentTotalsPreviewQuery['documentTotalsPreview'];

/**
 * The server's totals of the complete rows, asked 300 ms after the person stops typing (the same
 * code that totals a saved document), with the row each computed line belongs to.
 */
function useLiveTotals(rows: Row[]) {
  const { items, indexes } = sentRows(rows, isComplete);
  const key = JSON.stringify(items);
  const [settled, setSettled] = useState(key);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(key), 300);
    return () => clearTimeout(timer);
  }, [key]);
  const [{ data, error, fetching }] = useQuery({
    query: DocumentTotalsPreviewDocument,
    variables: { items: JSON.parse(settled) as DocumentItemInput[] },
    pause: settled === '[]',
  });
  const current = settled === key && !fetching;
  const preview: Preview | null = settled === '[]' ? null : (data?.documentTotalsPreview ?? null);
  const lineOf = (rowIndex: number) => {
    const k = indexes.indexOf(rowIndex);
    return current && preview && k >= 0 ? preview.items[k] : undefined;
  };
  return {
    preview: key === '[]' ? null : preview,
    problem: onFormRows(problemOf(error), indexes),
    pending: !current && key !== '[]',
    lineOf,
  };
}

export function NewDocument() {
  return (
    <>
      <PageHeader title="New document" />
      <DocumentForm
        head={{
          type: 'INVOICE',
          contactId: '',
          clientName: '',
          issuedAt: pragueDay(new Date()),
          taxableSupplyDate: '',
          dueAt: '',
          variableSymbol: '',
          note: '',
        }}
        rows={[blankRow()]}
      />
    </>
  );
}

export function DocumentEditor() {
  const { id = '' } = useParams();
  const [{ data, error }] = useQuery({ query: EditDocumentDocument, variables: { id }, requestPolicy: 'network-only' });
  const problem = problemOf(error);
  if (problem?.code === 'NOT_FOUND') return <NotFound />;
  if (!data) return <ErrorBox problem={problem} />;
  const d = data.document;
  return (
    <>
      <PageHeader title={`Edit ${TYPE_LABELS[d.type].toLowerCase()} ${d.number}`} />
      {EDITABLE.includes(d.status) ? (
        <DocumentForm existing={d} head={headOf(d)} rows={d.items.map(rowOf)} />
      ) : (
        <p role="alert">A {d.status.toLowerCase()} document can no longer be edited.</p>
      )}
    </>
  );
}

type Existing = EditDocumentQuery['document'];

function headOf(d: Existing): Head {
  return {
    type: d.type,
    contactId: d.contactId ?? '',
    clientName: d.clientName ?? '',
    issuedAt: pragueDay(d.issuedAt),
    taxableSupplyDate: d.taxableSupplyDate === d.issuedAt ? '' : pragueDay(d.taxableSupplyDate),
    dueAt: pragueDay(d.dueAt),
    variableSymbol: d.variableSymbol ?? '',
    note: d.note ?? '',
  };
}

function rowOf(i: Existing['items'][number]): Row {
  return {
    key: ++rowKeys,
    name: i.name,
    quantity: String(i.quantity),
    unit: i.unit,
    unitPrice: String(i.unitPrice),
    vatRate: String(i.vatRate),
    priceIncludesVat: i.priceIncludesVat,
  };
}

const HEAD_FIELDS = [
  'type',
  'contactId',
  'clientName',
  'issuedAt',
  'taxableSupplyDate',
  'dueAt',
  'variableSymbol',
  'note',
  'items',
  'status',
];

function DocumentForm({
  existing,
  head: initialHead,
  rows: initialRows,
}: {
  existing?: Existing;
  head: Head;
  rows: Row[];
}) {
  const { person } = useSession();
  const navigate = useNavigate();
  const [head, setHead] = useState(initialHead);
  const [rows, setRows] = useState(initialRows);
  const [{ data: contacts }] = useQuery({ query: ContactChoicesDocument, pause: !can(person, 'contacts', 'read') });
  const [{ data: products }] = useQuery({ query: ProductChoicesDocument });
  const live = useLiveTotals(rows);
  const create = useAction(CreateDocumentDocument);
  const update = useAction(UpdateDocumentDocument);
  const [saved, setSaved] = useState<number[]>([]);
  const problem = onFormRows(existing ? update.problem : create.problem, saved);
  const busy = create.busy || update.busy;
  const currency = existing?.currency ?? 'CZK';

  const setRow = (index: number, patch: Partial<Row>) =>
    setRows((rs) => rs.map((r, i) => (i === index ? { ...r, ...patch } : r)));
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
      items,
    };
    if (existing) {
      const done = await update.run({ id: existing.id, input: common });
      if (done) navigate(`/documents/${existing.id}`);
    } else {
      const done = await create.run({ input: { ...common, type: head.type, status: issue ? 'ISSUED' : 'DRAFT' } });
      if (done) navigate(`/documents/${done.createDocument.id}`);
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
              options={TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
            />
          )}
          {contacts && (
            <SelectField
              label="Contact"
              name="contactId"
              problem={problem}
              value={head.contactId}
              onChange={(e) => setField({ contactId: e.target.value })}
              options={[
                { value: '', label: 'No contact' },
                ...contacts.contacts.data.map((c) => ({ value: c.id, label: c.name })),
              ]}
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
        </div>
      </fieldset>

      <fieldset>
        <legend>Items</legend>
        <ErrorBox problem={live.problem && !Object.keys(live.problem.fields).length ? live.problem : null} />
        <ol className="item-rows">
          {rows.map((r, i) => {
            const rowProblem = problem ?? live.problem;
            const line = live.lineOf(i);
            return (
              <li key={r.key} className="item-row" data-testid="item-row">
                {products && products.products.data.length > 0 && (
                  <SelectField
                    label={`Product for item ${i + 1}`}
                    name={`product-${i}`}
                    problem={null}
                    value=""
                    onChange={(e) => {
                      const p = products.products.data.find((x) => x.id === e.target.value);
                      if (p)
                        setRow(i, {
                          name: p.name,
                          unit: p.unit,
                          unitPrice: p.price,
                          vatRate: String(Number(p.vatRate)),
                          priceIncludesVat: false,
                        });
                    }}
                    options={[
                      { value: '', label: 'Pick a product…' },
                      ...products.products.data.map((p) => ({
                        value: p.id,
                        label: p.sku ? `${p.name} (${p.sku})` : p.name,
                      })),
                    ]}
                  />
                )}
                <TextField
                  label={`Item ${i + 1} name`}
                  name={`items[${i}].name`}
                  problem={rowProblem}
                  value={r.name}
                  onChange={(e) => setRow(i, { name: e.target.value })}
                  className="wide"
                />
                <TextField
                  label="Quantity"
                  name={`items[${i}].quantity`}
                  inputMode="decimal"
                  problem={rowProblem}
                  value={r.quantity}
                  onChange={(e) => setRow(i, { quantity: e.target.value })}
                />
                <TextField
                  label="Unit"
                  name={`items[${i}].unit`}
                  problem={rowProblem}
                  value={r.unit}
                  onChange={(e) => setRow(i, { unit: e.target.value })}
                />
                <TextField
                  label="Unit price"
                  name={`items[${i}].unitPrice`}
                  inputMode="decimal"
                  problem={rowProblem}
                  value={r.unitPrice}
                  onChange={(e) => setRow(i, { unitPrice: e.target.value })}
                />
                <SelectField
                  label="VAT rate"
                  name={`items[${i}].vatRate`}
                  problem={rowProblem}
                  value={r.vatRate}
                  onChange={(e) => setRow(i, { vatRate: e.target.value })}
                  options={[...new Set([...VAT_RATES, r.vatRate])].map((v) => ({ value: v, label: `${v} %` }))}
                />
                <CheckboxField
                  label="Price includes VAT"
                  name={`items[${i}].priceIncludesVat`}
                  problem={rowProblem}
                  checked={r.priceIncludesVat}
                  onChange={(e) => setRow(i, { priceIncludesVat: e.target.checked })}
                />
                <p className="line-total" data-testid="line-total" aria-live="polite">
                  {line
                    ? `${formatMoney(line.base, currency)} + VAT ${formatMoney(line.vat, currency)} = ${formatMoney(line.total, currency)}`
                    : '—'}
                </p>
                {rows.length > 1 && (
                  <button type="button" onClick={() => setRows((rs) => rs.filter((_, k) => k !== i))}>
                    Remove item {i + 1}
                  </button>
                )}
              </li>
            );
          })}
        </ol>
        <button type="button" onClick={() => setRows((rs) => [...rs, blankRow()])}>
          Add item
        </button>
        {problem?.fields['items'] && <small className="field-error">{problem.fields['items']}</small>}
      </fieldset>

      <Totals preview={live.preview} pending={live.pending} currency={currency} />

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

/** The server's recapitulation per VAT rate and the totals; marked as updating while a newer preview is on its way. */
function Totals({ preview, pending, currency }: { preview: Preview | null; pending: boolean; currency: string }) {
  return (
    <section className="totals" aria-labelledby="totals-heading" aria-busy={pending}>
      <h2 id="totals-heading">Totals {pending && <span className="muted">(updating…)</span>}</h2>
      {!preview ? (
        <p className="muted">Fill in an item to see the totals.</p>
      ) : (
        <>
          <DataTable
            caption="VAT recapitulation"
            rows={preview.vatRates}
            rowKey={(r) => r.vatRate}
            rowTestId={(r) => `rate-${Number(r.vatRate)}`}
            columns={[
              { label: 'VAT rate', cell: (r) => formatRate(r.vatRate) },
              { label: 'Base', num: true, cell: (r) => formatMoney(r.subtotal, currency) },
              { label: 'VAT', num: true, cell: (r) => formatMoney(r.vatTotal, currency) },
              { label: 'Total', num: true, cell: (r) => formatMoney(r.total, currency) },
            ]}
          />
          <dl className="sums">
            <dt>Without VAT</dt>
            <dd data-testid="subtotal">{formatMoney(preview.subtotal, currency)}</dd>
            <dt>VAT</dt>
            <dd data-testid="vat-total">{formatMoney(preview.vatTotal, currency)}</dd>
            <dt>Total</dt>
            <dd data-testid="total">{formatMoney(preview.total, currency)}</dd>
          </dl>
        </>
      )}
    </section>
  );
}
