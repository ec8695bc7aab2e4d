import { useTranslation } from 'react-i18next';
import type { InboxItemFieldsFragment } from '../../gql/graphql';
import { readingNote, type Reading } from './ReviewField';

type Fields = NonNullable<InboxItemFieldsFragment['fields']>;

/** What the file says of its supplier, each part with its confidence; a part below 0.8 or not found is marked. */
export function SupplierReading({ fields, matched }: { fields: Fields; matched: boolean }) {
  const { t } = useTranslation('inbox');
  const parts: [string, string, Reading | null | undefined][] = [
    ['supplierName', t('supplier.name'), fields.supplierName],
    ['supplierIco', t('supplier.ico'), fields.supplierIco],
    ['supplierDic', t('supplier.dic'), fields.supplierDic],
  ];
  return (
    <div className="supplier-reading" data-testid="review-supplier-read">
      <ul>
        {parts.map(([name, label, reading]) => {
          const note = readingNote(t, reading);
          return (
            <li
              key={name}
              className={note.low ? 'low-confidence' : undefined}
              data-testid={`review-${name}`}
              data-low-confidence={note.low ? 'true' : undefined}
            >
              {label}: {reading?.value ?? '—'} <span className="confidence">({note.text})</span>
            </li>
          );
        })}
      </ul>
      <p className="muted">{matched ? t('supplier.matched') : t('supplier.unmatched')}</p>
    </div>
  );
}
