import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { InboxItemFieldsFragment } from '../../gql/graphql';
import { fieldError, type Problem } from '../../errors';
import { formatMoney, formatRate } from '../../format';
import { readingNote } from './ReviewField';

type ExtractedVat = NonNullable<InboxItemFieldsFragment['fields']>['vat'][number];

export interface VatRow {
  rate: string;
  base: string;
  vat: string | null;
  confidence: number | null;
}

const RATES = ['21', '12', '0'];

/** The VAT recapitulation read from the file; nothing read: one empty row at 21 % to fill in. */
export function vatRowsOf(vat: readonly ExtractedVat[]): VatRow[] {
  return vat.length ? vat.map((v) => ({ ...v })) : [{ rate: '21', base: '', vat: null, confidence: null }];
}

/** One base per VAT rate; the server computes the VAT of each (the VAT read is shown to compare). */
export function VatRows({ rows, problem }: { rows: VatRow[]; problem: Problem | null }) {
  const { t } = useTranslation('inbox');
  const id = useId();
  return (
    <fieldset>
      <legend>{t('vat.legend')}</legend>
      {rows.map((row, i) => {
        const note = readingNote(t, row.confidence === null ? null : { value: row.base, confidence: row.confidence });
        const error = fieldError(problem, `items[${i}]`) ?? (i === 0 ? fieldError(problem, 'items') : undefined);
        return (
          <div
            key={i}
            className={`vat-row${note.low ? ' low-confidence' : ''}`}
            data-testid={`review-vat-${i}`}
            data-low-confidence={note.low ? 'true' : undefined}
          >
            <div className="field">
              <label htmlFor={`${id}-rate-${i}`}>{t('vat.rate')}</label>
              <select id={`${id}-rate-${i}`} name="vatRate" defaultValue={row.rate}>
                {RATES.map((r) => (
                  <option key={r} value={r}>
                    {formatRate(r)}
                  </option>
                ))}
              </select>
            </div>
            <div className={`field${note.low ? ' low-confidence' : ''}${error ? ' invalid' : ''}`}>
              <label htmlFor={`${id}-base-${i}`}>{t('vat.base')}</label>
              <input
                id={`${id}-base-${i}`}
                name="vatBase"
                inputMode="decimal"
                defaultValue={row.base}
                aria-invalid={error ? true : undefined}
                aria-describedby={`${id}-note-${i}${error ? ` ${id}-error-${i}` : ''}`}
              />
              <small id={`${id}-note-${i}`} className="confidence">
                {note.text}
                {row.vat !== null && ` · ${t('vat.read', { amount: formatMoney(row.vat) })}`}
              </small>
              {error && (
                <small id={`${id}-error-${i}`} className="field-error">
                  {error}
                </small>
              )}
            </div>
          </div>
        );
      })}
    </fieldset>
  );
}
