import { useState } from 'react';
import { useQuery } from 'urql';
import { graphql } from '../gql';
import { useAction, eventHandler } from '../components/action';
import { ErrorBox, Notice } from '../components/feedback';
import { CheckboxField, FormError, SelectField, TextField, formText } from '../components/form';
import { problemOf } from '../errors';
import { can, useSession } from '../session';

const CompanySettingsDocument = graphql(`
  query CompanySettings {
    companySettings {
      legalName
      taxId
      vatId
      street
      city
      zip
      country
      vatPayer
      iban
      accountNumber
      email
      phone
      registryText
    }
    documentLook {
      accentColor
      footerText
      language
      logoContentType
    }
  }
`);

const UpdateCompanySettingsDocument = graphql(`
  mutation UpdateCompanySettings($input: UpdateCompanySettingsInput!) {
    updateCompanySettings(input: $input) {
      accountNumber
    }
  }
`);

const UpdateDocumentLookDocument = graphql(`
  mutation UpdateDocumentLook($input: UpdateDocumentLookInput!) {
    updateDocumentLook(input: $input) {
      accentColor
    }
  }
`);

const UploadCompanyLogoDocument = graphql(`
  mutation UploadCompanyLogo($input: UploadLogoInput!) {
    uploadCompanyLogo(input: $input) {
      logoContentType
    }
  }
`);

const DeleteCompanyLogoDocument = graphql(`
  mutation DeleteCompanyLogo {
    deleteCompanyLogo {
      logoContentType
    }
  }
`);

const BILLING_FIELDS = [
  'legalName',
  'taxId',
  'vatId',
  'vatPayer',
  'street',
  'city',
  'zip',
  'country',
  'iban',
  'email',
  'phone',
  'registryText',
];

/** A file as base64, as the logo upload takes it. */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** The company's legal identification (what its documents print) and the look of its documents. */
export function CompanyBilling() {
  const { person } = useSession();
  const writer = can(person, 'company_settings', 'write');
  const [{ data, error }, refetch] = useQuery({ query: CompanySettingsDocument });
  const update = useAction(UpdateCompanySettingsDocument);
  const look = useAction(UpdateDocumentLookDocument);
  const upload = useAction(UploadCompanyLogoDocument);
  const removeLogo = useAction(DeleteCompanyLogoDocument);
  const [notice, setNotice] = useState<string | null>(null);
  if (!data) return <ErrorBox problem={problemOf(error)} />;
  const c = data.companySettings;
  const l = data.documentLook;
  const reload = () => refetch({ requestPolicy: 'network-only' });
  const optional = (form: HTMLFormElement, name: string) => formText(form, name).trim() || null;

  return (
    <>
      <section aria-labelledby="billing-heading">
        <h2 id="billing-heading">Billing data</h2>
        {notice && <Notice>{notice}</Notice>}
        <form
          className="stack-form"
          onSubmit={eventHandler(async (e) => {
            e.preventDefault();
            const form = e.currentTarget;
            setNotice(null);
            const done = await update.run({
              input: {
                legalName: optional(form, 'legalName'),
                taxId: optional(form, 'taxId'),
                vatId: optional(form, 'vatId'),
                vatPayer: new FormData(form).get('vatPayer') === 'on',
                street: optional(form, 'street'),
                city: optional(form, 'city'),
                zip: optional(form, 'zip'),
                country: optional(form, 'country'),
                iban: optional(form, 'iban'),
                email: optional(form, 'email'),
                phone: optional(form, 'phone'),
                registryText: optional(form, 'registryText'),
              },
            });
            if (done) {
              setNotice('Billing data saved.');
              reload();
            }
          })}
        >
          <FormError problem={update.problem} fields={BILLING_FIELDS} />
          <fieldset disabled={!writer}>
            <legend>Company</legend>
            <div className="grid-fields">
              <TextField
                label="Legal name"
                name="legalName"
                defaultValue={c.legalName ?? ''}
                problem={update.problem}
              />
              <TextField
                label="IČO"
                name="taxId"
                inputMode="numeric"
                defaultValue={c.taxId ?? ''}
                problem={update.problem}
                hint="8 digits"
              />
              <TextField
                label="DIČ"
                name="vatId"
                defaultValue={c.vatId ?? ''}
                problem={update.problem}
                hint="CZ and 8 to 10 digits"
              />
              <TextField label="Street" name="street" defaultValue={c.street ?? ''} problem={update.problem} />
              <TextField label="City" name="city" defaultValue={c.city ?? ''} problem={update.problem} />
              <TextField label="ZIP" name="zip" defaultValue={c.zip ?? ''} problem={update.problem} />
              <TextField label="Country" name="country" defaultValue={c.country ?? ''} problem={update.problem} />
              <TextField
                label="IBAN"
                name="iban"
                defaultValue={c.iban ?? ''}
                problem={update.problem}
                hint={c.accountNumber ? `Account ${c.accountNumber}` : 'Documents show a QR payment when it is set'}
              />
              <TextField
                label="E-mail"
                name="email"
                type="email"
                defaultValue={c.email ?? ''}
                problem={update.problem}
              />
              <TextField label="Phone" name="phone" type="tel" defaultValue={c.phone ?? ''} problem={update.problem} />
            </div>
            <TextField
              label="Commercial register"
              name="registryText"
              defaultValue={c.registryText ?? ''}
              problem={update.problem}
              hint="e.g. C 12345 vedená u Krajského soudu v Brně"
            />
            <CheckboxField label="VAT payer" name="vatPayer" defaultChecked={c.vatPayer} problem={update.problem} />
          </fieldset>
          {writer && (
            <button type="submit" className="primary" disabled={update.busy}>
              Save billing data
            </button>
          )}
        </form>
      </section>

      <section aria-labelledby="look-heading">
        <h2 id="look-heading">Document look</h2>
        <form
          className="stack-form"
          onSubmit={eventHandler(async (e) => {
            e.preventDefault();
            const form = e.currentTarget;
            const done = await look.run({
              input: {
                accentColor: formText(form, 'accentColor'),
                footerText: optional(form, 'footerText'),
                language: formText(form, 'language'),
              },
            });
            if (done) reload();
          })}
        >
          <FormError
            problem={look.problem ?? upload.problem ?? removeLogo.problem}
            fields={['accentColor', 'footerText', 'language', 'data', 'contentType']}
          />
          <fieldset disabled={!writer}>
            <legend>Look</legend>
            <div className="grid-fields">
              <TextField
                label="Accent colour"
                name="accentColor"
                type="color"
                defaultValue={l.accentColor}
                problem={look.problem}
              />
              <SelectField
                label="Document language"
                name="language"
                defaultValue={l.language}
                problem={look.problem}
                options={[
                  { value: 'cs', label: 'Czech' },
                  { value: 'en', label: 'English' },
                ]}
              />
            </div>
            <TextField label="Footer text" name="footerText" defaultValue={l.footerText ?? ''} problem={look.problem} />
          </fieldset>
          {writer && (
            <button type="submit" className="primary" disabled={look.busy}>
              Save look
            </button>
          )}
        </form>
        <div className="stack-form">
          <p>
            Logo:{' '}
            {l.logoContentType ? (
              <span data-testid="logo-type">{l.logoContentType === 'image/svg+xml' ? 'SVG' : 'PNG'}</span>
            ) : (
              'none'
            )}
          </p>
          {writer && (
            <>
              <TextField
                label="Upload a logo (PNG or SVG)"
                name="data"
                type="file"
                accept="image/png,image/svg+xml"
                problem={upload.problem}
                onChange={eventHandler(async (e) => {
                  const file = e.target.files?.[0];
                  if (!file) return;
                  if (await upload.run({ input: { contentType: file.type, data: await base64Of(file) } })) reload();
                })}
              />
              {l.logoContentType && (
                <button
                  type="button"
                  onClick={eventHandler(async () => {
                    if (await removeLogo.run({})) reload();
                  })}
                >
                  Remove logo
                </button>
              )}
            </>
          )}
        </div>
      </section>
    </>
  );
}
