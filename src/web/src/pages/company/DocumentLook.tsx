import { useTranslation } from 'react-i18next';
import type { CompanySettingsQuery } from '../../gql/graphql';
import { eventHandler, useAction, submitHandler } from '../../components/action';
import { FormError, SelectField, TextField, formText, optionalText } from '../../components/form';
import { LANGUAGE_LABELS, type Language } from '../../languages';
import { DeleteCompanyLogoDocument, UpdateDocumentLookDocument, UploadCompanyLogoDocument } from './operations';

/** A file as base64, as the logo upload takes it. */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** The look of the company's documents: accent colour, language, footer and logo. */
export function DocumentLook({
  l,
  writer,
  onChanged,
}: {
  l: CompanySettingsQuery['documentLook'];
  writer: boolean;
  onChanged: () => void;
}) {
  const { t } = useTranslation('company');
  const look = useAction(UpdateDocumentLookDocument);
  const upload = useAction(UploadCompanyLogoDocument);
  const removeLogo = useAction(DeleteCompanyLogoDocument);
  return (
    <section aria-labelledby="look-heading">
      <h2 id="look-heading">{t('look.heading')}</h2>
      <form
        className="stack-form"
        onSubmit={submitHandler(async (form) => {
          const done = await look.run({
            input: {
              accentColor: formText(form, 'accentColor'),
              footerText: optionalText(form, 'footerText'),
              language: formText(form, 'language'),
            },
          });
          if (done) onChanged();
        })}
      >
        <FormError
          problem={look.problem ?? upload.problem ?? removeLogo.problem}
          fields={['accentColor', 'footerText', 'language', 'data', 'contentType']}
        />
        <fieldset disabled={!writer}>
          <legend>{t('look.legend')}</legend>
          <div className="grid-fields">
            <TextField
              label={t('look.accent')}
              name="accentColor"
              type="color"
              defaultValue={l.accentColor}
              problem={look.problem}
            />
            <SelectField
              label={t('look.language')}
              name="language"
              defaultValue={l.language}
              problem={look.problem}
              options={(Object.keys(LANGUAGE_LABELS) as Language[]).map((value) => ({
                value,
                label: t(`look.languages.${value}`),
              }))}
            />
          </div>
          <TextField
            label={t('look.footer')}
            name="footerText"
            defaultValue={l.footerText ?? ''}
            problem={look.problem}
          />
        </fieldset>
        {writer && (
          <button type="submit" className="primary" disabled={look.busy}>
            {t('look.save')}
          </button>
        )}
      </form>
      <div className="stack-form">
        <p>
          {t('look.logo')}{' '}
          {l.logoContentType ? (
            <span data-testid="logo-type">{l.logoContentType === 'image/svg+xml' ? 'SVG' : 'PNG'}</span>
          ) : (
            t('look.noLogo')
          )}
        </p>
        {writer && (
          <>
            <TextField
              label={t('look.upload')}
              name="data"
              type="file"
              accept="image/png,image/svg+xml"
              problem={upload.problem}
              onChange={eventHandler(async (e) => {
                const file = e.target.files?.[0];
                if (!file) return;
                if (await upload.run({ input: { contentType: file.type, data: await base64Of(file) } })) onChanged();
              })}
            />
            {l.logoContentType && (
              <button
                type="button"
                onClick={eventHandler(async () => {
                  if (await removeLogo.run({})) onChanged();
                })}
              >
                {t('look.removeLogo')}
              </button>
            )}
          </>
        )}
      </div>
    </section>
  );
}
