import { useTranslation } from 'react-i18next';
import type { ContactType, ContactsQuery } from '../../gql/graphql';
import { SelectField, TextField, formText } from '../../components/form';
import { type Problem } from '../../errors';

export type Contact = ContactsQuery['contacts']['data'][number];

export const CONTACT_TYPES: readonly ContactType[] = ['CLIENT', 'SUPPLIER', 'BOTH'];

/** The languages of a contact's documents, as the API names them. */
export const DOCUMENT_LANGUAGES = ['cs', 'en', 'de'] as const;
export type DocumentLanguage = (typeof DOCUMENT_LANGUAGES)[number];

export function isDocumentLanguage(value: string | null | undefined): value is DocumentLanguage {
  return (DOCUMENT_LANGUAGES as readonly (string | null | undefined)[]).includes(value);
}

export const FIELDS = [
  'type',
  'name',
  'email',
  'phone',
  'taxId',
  'vatId',
  'street',
  'city',
  'zip',
  'country',
  'language',
];

/** The form's values as the API takes them: blank optional fields are sent as null (cleared). */
export function contactInput(form: HTMLFormElement) {
  const optional = (name: string) => formText(form, name).trim() || null;
  return {
    type: formText(form, 'type') as ContactType,
    name: formText(form, 'name'),
    email: optional('email'),
    phone: optional('phone'),
    taxId: optional('taxId'),
    vatId: optional('vatId'),
    street: optional('street'),
    city: optional('city'),
    zip: optional('zip'),
    country: optional('country'),
    language: optional('language'),
  };
}

export function ContactFields({ contact, problem }: { contact?: Contact; problem: Problem | null }) {
  const { t } = useTranslation('contacts');
  return (
    <div className="grid-fields">
      <TextField label={t('fields.name')} name="name" defaultValue={contact?.name} problem={problem} required />
      <SelectField
        label={t('fields.type')}
        name="type"
        defaultValue={contact?.type ?? 'CLIENT'}
        problem={problem}
        options={CONTACT_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
      />
      <TextField
        label={t('fields.email')}
        name="email"
        type="email"
        defaultValue={contact?.email ?? ''}
        problem={problem}
      />
      <TextField
        label={t('fields.phone')}
        name="phone"
        type="tel"
        defaultValue={contact?.phone ?? ''}
        problem={problem}
      />
      <TextField
        label={t('fields.taxId')}
        name="taxId"
        inputMode="numeric"
        defaultValue={contact?.taxId ?? ''}
        problem={problem}
      />
      <TextField label={t('fields.vatId')} name="vatId" defaultValue={contact?.vatId ?? ''} problem={problem} />
      <TextField label={t('fields.street')} name="street" defaultValue={contact?.street ?? ''} problem={problem} />
      <TextField label={t('fields.city')} name="city" defaultValue={contact?.city ?? ''} problem={problem} />
      <TextField label={t('fields.zip')} name="zip" defaultValue={contact?.zip ?? ''} problem={problem} />
      <TextField label={t('fields.country')} name="country" defaultValue={contact?.country ?? ''} problem={problem} />
      <SelectField
        label={t('fields.language')}
        name="language"
        defaultValue={contact?.language ?? ''}
        problem={problem}
        options={[
          { value: '', label: t('fields.companyLanguage') },
          ...DOCUMENT_LANGUAGES.map((language) => ({ value: language, label: t(`languages.${language}`) })),
        ]}
      />
    </div>
  );
}
