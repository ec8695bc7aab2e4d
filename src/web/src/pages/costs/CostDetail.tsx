import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import type { PaymentMethod } from '../../gql/graphql';
import { submitHandler, useAction } from '../../components/action';
import { ConfirmButton } from '../../components/confirm';
import { Empty, ErrorBox, Notice, PageHeader } from '../../components/feedback';
import {
  FormError,
  SaveOrCancel,
  SelectField,
  TextAreaField,
  TextField,
  formText,
  optionalText,
} from '../../components/form';
import { DataTable } from '../../components/table';
import { problemOf } from '../../errors';
import { formatCount, formatDate, formatMoney, formatRate, pragueDay } from '../../format';
import { can, useSession } from '../../session';
import {
  CancelCostDocument,
  CostDocument,
  DeleteCostDocument,
  PayCostDocument,
  UpdateCostDocument,
} from './operations';
import { PAYMENT_METHODS } from './labels';
import { VatSummary } from './VatSummary';

const EDIT_FIELDS = ['supplierDocumentNumber', 'variableSymbol', 'dueAt', 'note'];
const PAY_FIELDS = ['amount', 'receivedAt', 'method', 'note'];

/** A received cost: its facts, items, VAT per rate, attachments, payments; pay, edit, cancel, delete. */
export function CostDetail() {
  const { id = '' } = useParams();
  const { t } = useTranslation('costs');
  const navigate = useNavigate();
  const { person } = useSession();
  const writer = can(person, 'costs', 'write');
  const payer = can(person, 'payments', 'write');
  const [{ data, error }, refetch] = useQuery({ query: CostDocument, variables: { id } });
  const cost = data?.cost;
  const cancel = useAction(CancelCostDocument);
  const remove = useAction(DeleteCostDocument);
  const [editing, setEditing] = useState(false);
  /** What the last payment recorded here was (kept here: the form goes once the cost is paid). */
  const [paid, setPaid] = useState<string | null>(null);
  const reload = () => refetch({ requestPolicy: 'network-only' });

  if (!cost)
    return (
      <>
        <PageHeader title={t('detail.loading')} />
        <ErrorBox problem={problemOf(error)} />
      </>
    );
  const open = cost.status === 'OPEN';
  const payments = data?.payments.data ?? [];
  type Item = (typeof cost.items)[number];
  type Pay = (typeof payments)[number];
  return (
    <>
      <PageHeader title={t('detail.title', { number: cost.number })}>
        <Link to="..">{t('new.back')}</Link>
      </PageHeader>
      <p>
        <span className="badge" data-testid="cost-status">
          {cost.overdue ? t('status.overdue') : t(`status.${cost.status}`)}
        </span>
      </p>
      <dl className="facts">
        <dt>{t('fields.supplier')}</dt>
        <dd>
          {cost.supplier.name}
          {cost.supplier.taxId && ` · ${t('fields.taxId')} ${cost.supplier.taxId}`}
          {cost.supplier.vatId && ` · ${t('fields.vatId')} ${cost.supplier.vatId}`}
        </dd>
        <dt>{t('fields.kind')}</dt>
        <dd>{t(`kind.${cost.kind}`)}</dd>
        <dt>{t('fields.supplierDocumentNumber')}</dt>
        <dd data-testid="cost-supplier-number">{cost.supplierDocumentNumber ?? '—'}</dd>
        <dt>{t('fields.variableSymbol')}</dt>
        <dd>{cost.variableSymbol ?? '—'}</dd>
        <dt>{t('fields.issuedAt')}</dt>
        <dd>{formatDate(cost.issuedAt)}</dd>
        <dt>{t('fields.taxableSupplyDate')}</dt>
        <dd>{formatDate(cost.taxableSupplyDate)}</dd>
        <dt>{t('fields.vatClaimDate')}</dt>
        <dd>{formatDate(cost.vatClaimDate)}</dd>
        <dt>{t('fields.dueAt')}</dt>
        <dd data-testid="cost-due">{formatDate(cost.dueAt)}</dd>
        <dt>{t('fields.reverseCharge')}</dt>
        <dd>{cost.reverseCharge ? t('detail.yes') : t('detail.no')}</dd>
        <dt>{t('fields.paidAmount')}</dt>
        <dd data-testid="cost-paid">{formatMoney(cost.paidAmount, cost.currency)}</dd>
        <dt>{t('fields.remaining')}</dt>
        <dd data-testid="cost-remaining">{formatMoney(cost.remainingAmount, cost.currency)}</dd>
        {cost.note && (
          <>
            <dt>{t('fields.note')}</dt>
            <dd>{cost.note}</dd>
          </>
        )}
      </dl>

      <section aria-labelledby="cost-items-heading">
        <h2 id="cost-items-heading">{t('new.items')}</h2>
        <DataTable<Item>
          rows={cost.items}
          rowKey={(_, i) => String(i)}
          columns={[
            { label: t('items.name'), cell: (i) => i.name },
            { label: t('items.quantity'), num: true, cell: (i) => `${i.quantity} ${i.unit}` },
            { label: t('items.unitPrice'), num: true, cell: (i) => formatMoney(i.unitPrice, cost.currency) },
            { label: t('vat.rate'), num: true, cell: (i) => formatRate(i.vatRate) },
            { label: t('vat.base'), num: true, cell: (i) => formatMoney(i.base, cost.currency) },
            { label: t('vat.vat'), num: true, cell: (i) => formatMoney(i.vat, cost.currency) },
          ]}
        />
        <div className="totals">
          <VatSummary
            rows={cost.vatSummary}
            currency={cost.currency}
            subtotal={cost.subtotal}
            vatTotal={cost.vatTotal}
            total={cost.total}
          />
        </div>
      </section>

      <section aria-labelledby="cost-attachments-heading">
        <h2 id="cost-attachments-heading">{t('attachments.title')}</h2>
        {cost.attachments.length === 0 ? (
          <Empty>{t('attachments.none')}</Empty>
        ) : (
          <ul>
            {cost.attachments.map((a) => (
              <li key={a.id}>
                <a
                  href={`/api/v1/costs/${encodeURIComponent(cost.id)}/attachments/${encodeURIComponent(a.id)}`}
                  download={a.filename}
                >
                  {t('attachments.download', { name: a.filename })}
                </a>{' '}
                <span className="muted">{t('attachments.size', { size: formatCount(Math.ceil(a.size / 1024)) })}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="cost-payments-heading">
        <h2 id="cost-payments-heading">{t('payments.title')}</h2>
        {payments.length === 0 ? (
          <Empty>{t('payments.none')}</Empty>
        ) : (
          <DataTable<Pay>
            testId="cost-payments"
            rows={payments}
            rowKey={(p) => p.id}
            columns={[
              { label: t('payments.date'), cell: (p) => formatDate(p.receivedAt) },
              { label: t('payments.method'), cell: (p) => (p.method ? t(`method.${p.method}`) : '—') },
              { label: t('fields.note'), cell: (p) => p.note ?? '—' },
              { label: t('payments.amount'), num: true, cell: (p) => formatMoney(p.amount, p.currency) },
            ]}
          />
        )}
        {paid && <Notice>{paid}</Notice>}
        {open && payer && (
          <PayCost
            costId={cost.id}
            currency={cost.currency}
            remaining={cost.remainingAmount}
            onPaid={(text) => {
              setPaid(text);
              reload();
            }}
          />
        )}
      </section>

      {writer && (
        <section aria-labelledby="cost-actions-heading">
          <h2 id="cost-actions-heading">{t('detail.actions')}</h2>
          <ErrorBox problem={cancel.problem ?? remove.problem} />
          {editing ? (
            <EditCost
              id={cost.id}
              values={cost}
              onDone={() => {
                setEditing(false);
                reload();
              }}
            />
          ) : (
            <div className="actions">
              {open && (
                <button type="button" onClick={() => setEditing(true)}>
                  {t('edit.open')}
                </button>
              )}
              {open && (
                <ConfirmButton
                  label={t('cancel.button')}
                  title={t('cancel.title')}
                  confirmLabel={t('cancel.confirm')}
                  onConfirm={async () => {
                    if (await cancel.run({ id: cost.id })) reload();
                  }}
                >
                  {t('cancel.text')}
                </ConfirmButton>
              )}
              <ConfirmButton
                label={t('delete.button')}
                title={t('delete.title')}
                confirmLabel={t('delete.confirm')}
                onConfirm={async () => {
                  if (await remove.run({ id: cost.id })) await navigate('..', { relative: 'path' });
                }}
              >
                {t('delete.text')}
              </ConfirmButton>
            </div>
          )}
        </section>
      )}
    </>
  );
}

function EditCost({
  id,
  values,
  onDone,
}: {
  id: string;
  values: {
    supplierDocumentNumber?: string | null;
    variableSymbol?: string | null;
    dueAt: string;
    note?: string | null;
  };
  onDone: () => void;
}) {
  const { t } = useTranslation('costs');
  const update = useAction(UpdateCostDocument);
  return (
    <form
      className="stack-form"
      aria-label={t('edit.title')}
      onSubmit={submitHandler(async (form) => {
        const done = await update.run({
          id,
          input: {
            supplierDocumentNumber: optionalText(form, 'supplierDocumentNumber'),
            variableSymbol: optionalText(form, 'variableSymbol'),
            dueAt: formText(form, 'dueAt') || undefined,
            note: optionalText(form, 'note'),
          },
        });
        if (done) onDone();
      })}
    >
      <FormError problem={update.problem} fields={EDIT_FIELDS} />
      <TextField
        label={t('fields.supplierDocumentNumber')}
        name="supplierDocumentNumber"
        problem={update.problem}
        defaultValue={values.supplierDocumentNumber ?? ''}
        maxLength={100}
      />
      <TextField
        label={t('fields.variableSymbol')}
        name="variableSymbol"
        problem={update.problem}
        defaultValue={values.variableSymbol ?? ''}
        maxLength={10}
      />
      <TextField
        label={t('fields.dueAt')}
        name="dueAt"
        type="date"
        problem={update.problem}
        defaultValue={pragueDay(values.dueAt)}
      />
      <TextAreaField
        label={t('fields.note')}
        name="note"
        problem={update.problem}
        defaultValue={values.note ?? ''}
        maxLength={2000}
      />
      <SaveOrCancel busy={update.busy} onCancel={onDone} />
    </form>
  );
}

/** An outgoing payment of this cost recorded by hand (matched to it at once). */
function PayCost({
  costId,
  currency,
  remaining,
  onPaid,
}: {
  costId: string;
  currency: string;
  remaining: string;
  /** With the notice to show of the payment recorded. */
  onPaid: (notice: string) => void;
}) {
  const { t } = useTranslation('costs');
  const pay = useAction(PayCostDocument);
  return (
    <>
      <details className="create">
        <summary>{t('pay.open')}</summary>
        <form
          className="stack-form"
          aria-label={t('pay.title')}
          onSubmit={submitHandler(async (form) => {
            const done = await pay.run({
              input: {
                amount: formText(form, 'amount').replace(/\s/g, '').replace(',', '.'),
                currency,
                receivedAt: formText(form, 'receivedAt'),
                method: formText(form, 'method') as PaymentMethod,
                direction: 'OUT',
                costId,
                note: optionalText(form, 'note'),
              },
            });
            if (done) {
              onPaid(t('pay.done', { amount: formatMoney(done.createPayment.amount, done.createPayment.currency) }));
            }
          })}
        >
          <FormError problem={pay.problem} fields={PAY_FIELDS} />
          <TextField
            label={t('payments.amount')}
            name="amount"
            problem={pay.problem}
            inputMode="decimal"
            defaultValue={remaining}
            maxLength={20}
            required
          />
          <TextField
            label={t('payments.date')}
            name="receivedAt"
            type="date"
            problem={pay.problem}
            defaultValue={pragueDay(new Date())}
            required
          />
          <SelectField
            label={t('payments.method')}
            name="method"
            problem={pay.problem}
            options={PAYMENT_METHODS.map((m) => ({ value: m, label: t(`method.${m}`) }))}
          />
          <TextField label={t('fields.note')} name="note" problem={pay.problem} maxLength={2000} />
          <button type="submit" className="primary" disabled={pay.busy}>
            {t('pay.submit')}
          </button>
        </form>
      </details>
    </>
  );
}
