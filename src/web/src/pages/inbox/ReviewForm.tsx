import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import type { ConfirmInboxItemInput, CostKind, DocumentItemInput, InboxItemFieldsFragment } from '../../gql/graphql';

import { submitHandler, useAction } from '../../components/action';
import { FormError, SelectField, formText, optionalText } from '../../components/form';
import { formatMoney } from '../../format';
import { ConfirmInboxItemDocument, InboxSuppliersDocument } from './operations';
import { ReviewField, readingNote } from './ReviewField';
import { SupplierReading } from './SupplierReading';
import { VatRows, vatRowsOf } from './VatRows';

/** Every field name the form shows: server messages for any other path are listed with the form's error. */
const FIELDS = [
  'supplierId',
  'kind',
  'supplierDocumentNumber',
  'variableSymbol',
  'issuedAt',
  'taxableSupplyDate',
  'dueAt',
  'currency',
  'items',
  'paymentAccount',
  'paymentAccount.iban',
  'paymentAccount.accountNumber',
] as const;

const KINDS: readonly CostKind[] = ['INVOICE', 'RECEIPT', 'OTHER'];

/** "19-2000145399/0800" → the account number and the bank code the cost keeps apart. */
function splitAccount(text: string): { accountNumber: string | null; bankCode: string | null } {
  const [number, bankCode] = text.split('/').map((p) => p.trim());
  return { accountNumber: number || null, bankCode: bankCode || null };
}

/**
 * One cost item per VAT rate whose base is filled in, named as the server names the proposal's
 * ("Doklad FV-12, DPH 21 %"); none filled in: the server's proposal stands.
 */
function itemsInput(data: FormData, documentNumber: string | null): DocumentItemInput[] | undefined {
  const text = (v: FormDataEntryValue | undefined) => (typeof v === 'string' ? v.trim() : '');
  const label = documentNumber ? `Doklad ${documentNumber}` : 'Přijatý doklad';
  const bases = data.getAll('vatBase');
  const items = data
    .getAll('vatRate')
    .map((rate, i) => ({ rate: text(rate), base: text(bases[i]) }))
    .filter((row) => row.base !== '')
    .map((row) => ({ name: `${label}, DPH ${row.rate} %`, quantity: '1', unitPrice: row.base, vatRate: row.rate }));
  return items.length ? items : undefined;
}

/** The draft cost to correct and confirm: what the person sees is what is sent (the server computes the VAT). */
export function ReviewForm({
  item,
  onConfirmed,
}: {
  item: InboxItemFieldsFragment;
  onConfirmed: (costNumber: string) => void;
}) {
  const { t } = useTranslation('inbox');
  const fields = item.fields!;
  const confirm = useAction(ConfirmInboxItemDocument);
  const [{ data: suppliers }] = useQuery({ query: InboxSuppliersDocument });
  const choices = (suppliers?.contacts.data ?? []).filter((c) => c.type !== 'CLIENT');

  return (
    <form
      className="stack-form"
      aria-label={t('review.draft')}
      onSubmit={submitHandler(async (form) => {
        const iban = optionalText(form, 'paymentAccount.iban');
        const account = optionalText(form, 'paymentAccount.accountNumber');
        const input: ConfirmInboxItemInput = {
          kind: formText(form, 'kind') as CostKind,
          supplierDocumentNumber: optionalText(form, 'supplierDocumentNumber'),
          variableSymbol: optionalText(form, 'variableSymbol'),
          items: itemsInput(new FormData(form), optionalText(form, 'supplierDocumentNumber')),
          paymentAccount: iban || account ? { iban, ...splitAccount(account ?? '') } : null,
        };
        const supplierId = formText(form, 'supplierId');
        if (supplierId) input.supplierId = supplierId;
        for (const name of ['issuedAt', 'taxableSupplyDate', 'dueAt', 'currency'] as const) {
          const value = optionalText(form, name);
          if (value) input[name] = value;
        }
        const done = await confirm.run({ id: item.id, input });
        if (done) onConfirmed(done.confirmInboxItem.cost.number);
      })}
    >
      <h2>{t('review.draft')}</h2>
      <div>
        <SelectField
          label={t('fields.supplier')}
          name="supplierId"
          problem={confirm.problem}
          defaultValue={item.supplierContactId ?? ''}
          options={[
            {
              value: '',
              label: item.supplierContactId ? t('review.matchedContact') : t('review.newSupplier'),
            },
            ...choices.map((c) => ({
              value: c.id,
              label: c.taxId ? t('review.contact', { name: c.name, ico: c.taxId }) : c.name,
            })),
          ]}
        />
        <SupplierReading fields={fields} matched={!!item.supplierContactId} />
      </div>
      <SelectField
        label={t('fields.kind')}
        name="kind"
        problem={confirm.problem}
        defaultValue="INVOICE"
        options={KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
      />
      <ReviewField
        label={t('fields.supplierDocumentNumber')}
        name="supplierDocumentNumber"
        reading={fields.documentNumber}
        problem={confirm.problem}
      />
      <ReviewField
        label={t('fields.variableSymbol')}
        name="variableSymbol"
        reading={fields.variableSymbol}
        problem={confirm.problem}
        inputMode="numeric"
      />
      <ReviewField
        label={t('fields.issuedAt')}
        name="issuedAt"
        type="date"
        reading={fields.issueDate}
        problem={confirm.problem}
      />
      <ReviewField
        label={t('fields.taxableSupplyDate')}
        name="taxableSupplyDate"
        type="date"
        reading={fields.taxableSupplyDate}
        problem={confirm.problem}
      />
      <ReviewField
        label={t('fields.dueAt')}
        name="dueAt"
        type="date"
        reading={fields.dueDate}
        problem={confirm.problem}
      />
      <ReviewField label={t('fields.currency')} name="currency" reading={fields.currency} problem={confirm.problem} />
      <VatRows rows={vatRowsOf(fields.vat)} problem={confirm.problem} />
      <p data-testid="review-total">
        {t('review.totalRead')}{' '}
        {fields.total ? formatMoney(fields.total.value, fields.currency?.value ?? 'CZK') : t('review.totalNotFound')}
        <span className="confidence muted"> ({readingNote(t, fields.total).text})</span>
      </p>
      <ReviewField
        label={t('fields.iban')}
        name="paymentAccount.iban"
        reading={fields.iban}
        problem={confirm.problem}
      />
      <ReviewField
        label={t('fields.accountNumber')}
        name="paymentAccount.accountNumber"
        reading={fields.accountNumber}
        problem={confirm.problem}
        placeholder="19-2000145399/0800"
      />
      <FormError problem={confirm.problem} fields={FIELDS} />
      <div className="actions">
        <button type="submit" className="primary" disabled={confirm.busy}>
          {t('review.confirm')}
        </button>
      </div>
    </form>
  );
}
