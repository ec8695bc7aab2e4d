import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { useParams } from 'react-router';
import { ErrorBox, PageHeader } from '../../components/feedback';
import { problemOf } from '../../errors';
import { NotFound } from '../../shell/NotFound';
import type { EditDocumentQuery } from '../../gql/graphql';
import { pragueDay } from '../../format';
import { DocumentForm } from './DocumentForm';
import { EditDocumentDocument } from './operations';
import { type Head, type Row, blankRow, nextRowKey } from './form-rows';
import { EDITABLE } from './labels';

export function NewDocument() {
  const { t } = useTranslation('documents');
  return (
    <>
      <PageHeader title={t('editor.new')} />
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
          reverseCharge: '',
          reverseChargeCode: '',
          validUntil: '',
          language: '',
          currency: 'CZK',
          exchangeRate: '',
        }}
        rows={[blankRow()]}
      />
    </>
  );
}

export function DocumentEditor() {
  const { t } = useTranslation('documents');
  const { id = '' } = useParams();
  const [{ data, error }] = useQuery({ query: EditDocumentDocument, variables: { id }, requestPolicy: 'network-only' });
  const problem = problemOf(error);
  if (problem?.code === 'NOT_FOUND') return <NotFound />;
  if (!data) return <ErrorBox problem={problem} />;
  const d = data.document;
  return (
    <>
      <PageHeader title={t('editor.edit', { type: t(`type.${d.type}`).toLowerCase(), number: d.number })} />
      {EDITABLE.includes(d.status) ? (
        <DocumentForm existing={d} head={headOf(d)} rows={d.items.map(rowOf)} />
      ) : (
        <p role="alert">{t('editor.locked', { status: t(`statusLower.${d.status}`) })}</p>
      )}
    </>
  );
}

export type Existing = EditDocumentQuery['document'];

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
    reverseCharge: d.reverseCharge?.regime ?? '',
    reverseChargeCode: d.reverseCharge?.code ?? '',
    validUntil: d.validUntil ? pragueDay(d.validUntil) : '',
    language: d.language ?? '',
    currency: d.currency,
    exchangeRate: d.currency === 'CZK' ? '' : (d.exchangeRate ?? ''),
  };
}

function rowOf(i: Existing['items'][number]): Row {
  return {
    key: nextRowKey(),
    name: i.name,
    quantity: String(i.quantity),
    unit: i.unit,
    unitPrice: String(i.unitPrice),
    vatRate: String(i.vatRate),
    priceIncludesVat: i.priceIncludesVat,
  };
}
