import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { SelectField } from '../../components/form';
import type { Problem } from '../../errors';
import { can, useSession } from '../../session';
import { ContactChoicesDocument } from './operations';

/** The contact of a document or series, picked from the active contacts; shown only to who may read contacts. */
export function ContactField({
  value,
  onChange,
  problem,
  noneLabel,
}: {
  value: string;
  onChange: (contactId: string) => void;
  problem: Problem | null;
  /** The first option, for no contact (yet). */
  noneLabel: string;
}) {
  const { t } = useTranslation('documents');
  const { person } = useSession();
  const [{ data }] = useQuery({ query: ContactChoicesDocument, pause: !can(person, 'contacts', 'read') });
  if (!data) return null;
  return (
    <SelectField
      label={t('editor.contact')}
      name="contactId"
      problem={problem}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      options={[{ value: '', label: noneLabel }, ...data.contacts.data.map((c) => ({ value: c.id, label: c.name }))]}
    />
  );
}
