import type { ContactType, ContactsQuery } from '../../gql/graphql';
import { SelectField, TextField, formText, optionsOf } from '../../components/form';
import { type Problem } from '../../errors';
import { LANGUAGE_LABELS } from '../../languages';

export type Contact = ContactsQuery['contacts']['data'][number];

export const TYPE_LABELS: Record<ContactType, string> = {
  CLIENT: 'Client',
  SUPPLIER: 'Supplier',
  BOTH: 'Client and supplier',
};

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
  return (
    <div className="grid-fields">
      <TextField label="Name" name="name" defaultValue={contact?.name} problem={problem} required />
      <SelectField
        label="Type"
        name="type"
        defaultValue={contact?.type ?? 'CLIENT'}
        problem={problem}
        options={optionsOf(TYPE_LABELS)}
      />
      <TextField label="E-mail" name="email" type="email" defaultValue={contact?.email ?? ''} problem={problem} />
      <TextField label="Phone" name="phone" type="tel" defaultValue={contact?.phone ?? ''} problem={problem} />
      <TextField label="IČO" name="taxId" inputMode="numeric" defaultValue={contact?.taxId ?? ''} problem={problem} />
      <TextField label="DIČ" name="vatId" defaultValue={contact?.vatId ?? ''} problem={problem} />
      <TextField label="Street" name="street" defaultValue={contact?.street ?? ''} problem={problem} />
      <TextField label="City" name="city" defaultValue={contact?.city ?? ''} problem={problem} />
      <TextField label="ZIP" name="zip" defaultValue={contact?.zip ?? ''} problem={problem} />
      <TextField label="Country" name="country" defaultValue={contact?.country ?? ''} problem={problem} />
      <SelectField
        label="Document language"
        name="language"
        defaultValue={contact?.language ?? ''}
        problem={problem}
        options={[{ value: '', label: "The company's" }, ...optionsOf(LANGUAGE_LABELS)]}
      />
    </div>
  );
}
