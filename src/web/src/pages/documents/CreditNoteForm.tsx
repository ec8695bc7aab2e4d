import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FormError, TextField } from '../../components/form';
import { useAction } from '../../components/action';
import { pragueDay } from '../../format';
import { CreateCreditNoteDocument } from './operations';
import { blankRow, isBlank, onFormRows, sentRows, type Row } from './form-rows';
import { ItemRows } from './ItemRows';
import { Totals, useLiveTotals } from './Totals';
import type { Doc } from './DocumentDetail';

/** Invoices a credit note may correct (the server refuses others with DOCUMENT_NOT_CORRECTABLE). */
export const correctable = (doc: Doc) =>
  doc.type === 'INVOICE' && (doc.status === 'ISSUED' || doc.status === 'SENT' || doc.status === 'PAID');

/**
 * A corrective tax document (opravný daňový doklad) of an invoice: the reason, the dates and the
 * differences (usually negative), each at one of the invoice's VAT rates; opens the new credit note.
 */
export function CreditNoteForm({ doc, onClose }: { doc: Doc; onClose: () => void }) {
  const { t } = useTranslation('documents');
  const navigate = useNavigate();
  const create = useAction(CreateCreditNoteDocument);
  const [reason, setReason] = useState('');
  const [issuedAt, setIssuedAt] = useState(pragueDay(new Date()));
  const [taxableSupplyDate, setTaxableSupplyDate] = useState('');
  const [rows, setRows] = useState<Row[]>(() => [
    { ...blankRow(), quantity: '-1', vatRate: String(doc.items[0]?.vatRate ?? '21') },
  ]);
  const live = useLiveTotals(rows);
  const [saved, setSaved] = useState<number[]>([]);
  const problem = onFormRows(create.problem, saved);

  const save = async () => {
    const { items, indexes } = sentRows(rows, (r) => !isBlank(r));
    setSaved(indexes);
    const done = await create.run({
      id: doc.id,
      input: { reason, issuedAt, taxableSupplyDate: taxableSupplyDate || null, items },
    });
    if (done) await navigate(`/documents/${done.createCreditNote.id}`);
  };

  return (
    <form
      className="document-form"
      aria-label={t('creditNote.label')}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <FormError problem={problem} fields={['reason', 'issuedAt', 'taxableSupplyDate', 'items']} />
      <fieldset>
        <legend>{t('creditNote.legend', { number: doc.number })}</legend>
        <div className="grid-fields">
          <TextField
            label={t('creditNote.reason')}
            name="reason"
            problem={problem}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            hint={t('creditNote.reasonHint')}
            required
          />
          <TextField
            label={t('creditNote.issuedAt')}
            name="issuedAt"
            type="date"
            problem={problem}
            value={issuedAt}
            onChange={(e) => setIssuedAt(e.target.value)}
          />
          <TextField
            label={t('creditNote.taxableSupplyDate')}
            name="taxableSupplyDate"
            type="date"
            problem={problem}
            value={taxableSupplyDate}
            onChange={(e) => setTaxableSupplyDate(e.target.value)}
            hint={t('creditNote.taxableSupplyDateHint')}
          />
        </div>
      </fieldset>
      <ItemRows rows={rows} setRows={setRows} problem={problem} live={live} currency={doc.currency} products={[]} />
      <Totals preview={live.preview} pending={live.pending} currency={doc.currency} />
      <div className="actions">
        <button type="submit" className="primary" disabled={create.busy}>
          {t('creditNote.submit')}
        </button>
        <button type="button" onClick={onClose}>
          {t('creditNote.cancel')}
        </button>
      </div>
    </form>
  );
}
