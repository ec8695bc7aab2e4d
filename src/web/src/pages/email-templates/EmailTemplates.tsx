import { useState } from 'react';
import { useQuery } from 'urql';
import { eventHandler, submitHandler, useAction } from '../../components/action';
import { ErrorBox, Notice, PageHeader } from '../../components/feedback';
import { FormError, SelectField, TextAreaField, TextField, optionsOf } from '../../components/form';
import { problemOf } from '../../errors';
import type { EmailTemplatesQuery } from '../../gql/graphql';
import { LANGUAGE_LABELS, type Language } from '../../languages';
import { can, useSession } from '../../session';
import { KIND_LABELS, VARIABLES, type Kind } from './labels';
import { EmailTemplatesDocument, ResetEmailTemplateDocument, SaveEmailTemplateDocument } from './operations';
import { TemplatePreview, useLivePreview, usePreviewDocuments } from './TemplatePreview';

type Template = EmailTemplatesQuery['emailTemplates'][number];

/** The company's e-mail texts: one kind in one language at a time, with the variables and a live preview. */
export function EmailTemplates() {
  const [{ data, error }, refetch] = useQuery({ query: EmailTemplatesDocument });
  const [kind, setKind] = useState<Kind>('DOCUMENT');
  const [language, setLanguage] = useState<Language>('cs');
  const [notice, setNotice] = useState<string | null>(null);
  const { person } = useSession();
  const allowed = can(person, 'documents', 'read');
  const documents = usePreviewDocuments(allowed);
  const [chosen, setChosen] = useState<string | null>(null);
  const preview = { allowed, documents, documentId: chosen ?? documents[0]?.id, onDocument: setChosen };
  const template = data?.emailTemplates.find((t) => t.kind === kind && t.language === language);
  const reload = (message: string) => {
    setNotice(message);
    refetch({ requestPolicy: 'network-only' });
  };
  return (
    <>
      <PageHeader title="E-mail templates" />
      <div className="row-form">
        <SelectField
          label="E-mail"
          name="kind"
          problem={null}
          value={kind}
          onChange={(e) => {
            setNotice(null);
            setKind(e.target.value as Kind);
          }}
          options={optionsOf(KIND_LABELS)}
        />
        <SelectField
          label="Language"
          name="language"
          problem={null}
          value={language}
          onChange={(e) => {
            setNotice(null);
            setLanguage(e.target.value as Language);
          }}
          options={optionsOf(LANGUAGE_LABELS)}
        />
      </div>
      {!template ? (
        <ErrorBox problem={problemOf(error)} />
      ) : (
        <TemplateEditor
          // A new template, or the one just saved or reset: the fields start from what the server keeps.
          key={`${kind}-${language}-${template.custom}-${template.updatedAt}`}
          template={template}
          notice={notice}
          onChanged={reload}
          preview={preview}
        />
      )}
    </>
  );
}

function TemplateEditor({
  template,
  notice,
  onChanged,
  preview,
}: {
  template: Template;
  notice: string | null;
  onChanged: (notice: string) => void;
  preview: Omit<Parameters<typeof TemplatePreview>[0], 'live'>;
}) {
  const { person } = useSession();
  const writer = can(person, 'company_settings', 'write');
  const [subject, setSubject] = useState(template.subject);
  const [body, setBody] = useState(template.body);
  const save = useAction(SaveEmailTemplateDocument);
  const reset = useAction(ResetEmailTemplateDocument);
  const { kind, language } = template;
  const live = useLivePreview({ documentId: preview.documentId, kind, language, subject, body });
  const label = `${KIND_LABELS[kind as Kind]}, ${LANGUAGE_LABELS[language as Language]}`;
  // The server's word on what is typed: a refused save, else the live preview's unknown variable.
  const problem = save.problem ?? live.problem;

  return (
    <div className="template-editor">
      <form
        className="stack-form"
        aria-label={`Template: ${label}`}
        onSubmit={submitHandler(async () => {
          if (await save.run({ input: { kind, language, subject, body } })) onChanged('Template saved.');
        })}
      >
        <h2>
          {label}{' '}
          <span className="badge" data-testid="template-state">
            {template.custom ? 'Custom' : 'Faktura’s default'}
          </span>
        </h2>
        <FormError problem={save.problem ?? reset.problem} fields={['subject', 'body']} />
        {notice && <Notice>{notice}</Notice>}
        <TextField
          label="Subject"
          name="subject"
          value={subject}
          onChange={(e) => {
            save.clear();
            setSubject(e.target.value);
          }}
          maxLength={300}
          problem={problem}
          disabled={!writer}
          required
        />
        <TextAreaField
          label="Body"
          name="body"
          value={body}
          onChange={(e) => {
            save.clear();
            setBody(e.target.value);
          }}
          rows={14}
          maxLength={10_000}
          problem={problem}
          disabled={!writer}
          required
        />
        <h3 id="variables-heading">Variables</h3>
        <ul className="variables" aria-labelledby="variables-heading" data-testid="template-variables">
          {Object.entries(VARIABLES).map(([name, meaning]) => (
            <li key={name}>
              <code>{`{{${name}}}`}</code> {meaning}
            </li>
          ))}
        </ul>
        {writer && (
          <div className="actions">
            <button type="submit" className="primary" disabled={save.busy}>
              Save template
            </button>
            {template.custom && (
              <button
                type="button"
                disabled={reset.busy}
                onClick={eventHandler(async () => {
                  if (await reset.run({ kind, language })) onChanged('Back to Faktura’s default text.');
                })}
              >
                Reset to default
              </button>
            )}
          </div>
        )}
      </form>
      <TemplatePreview {...preview} live={live} />
    </div>
  );
}
