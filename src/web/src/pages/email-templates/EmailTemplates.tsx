import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useQuery } from 'urql';
import { eventHandler, submitHandler, useAction } from '../../components/action';
import { ErrorBox, Notice, PageHeader } from '../../components/feedback';
import { FormError, SelectField, TextAreaField, TextField } from '../../components/form';
import { problemOf } from '../../errors';
import type { EmailTemplatesQuery } from '../../gql/graphql';
import { LANGUAGE_LABELS, type Language } from '../../languages';
import { can, useSession } from '../../session';
import { ReminderStepsDocument } from '../reminders/operations';
import { stepText } from '../reminders/steps';
import { KINDS, VARIABLES, type Kind } from './labels';
import { EmailTemplatesDocument, ResetEmailTemplateDocument, SaveEmailTemplateDocument } from './operations';
import { PaymentThanks } from './PaymentThanks';
import { TemplatePreview, useLivePreview, usePreviewDocuments } from './TemplatePreview';

type Template = EmailTemplatesQuery['emailTemplates'][number];

/** The step selector's value of the general REMINDER wording (a step's is its days). */
const GENERAL = '';

/**
 * The template to edit: the kind's general one, or a reminder step's own; a step without one starts
 * from the general REMINDER wording (not custom: nothing of the step's is kept).
 */
function templateOf(templates: Template[], kind: Kind, language: Language, step: number | null): Template | undefined {
  const general = templates.find((t) => t.kind === kind && t.language === language && t.step == null);
  if (step === null || !general) return general;
  const own = templates.find((t) => t.kind === kind && t.language === language && t.step === step);
  return own ?? { ...general, step, custom: false };
}

/**
 * The reminder steps to word on their own, by days: the company's steps and any step with a template
 * of its own, "(custom)" where it has one in `language`.
 */
function stepOptions(
  t: TFunction<'email-templates'>,
  tr: TFunction<'reminders'>,
  steps: number[],
  templates: Template[],
  language: Language,
) {
  const own = templates.filter((o) => o.kind === 'REMINDER' && o.step != null);
  const days = [...new Set([...steps, ...own.map((o) => o.step as number)])].sort((a, b) => a - b);
  return [
    { value: GENERAL, label: t('choose.allSteps') },
    ...days.map((d) => ({
      value: String(d),
      label: own.some((o) => o.step === d && o.language === language)
        ? t('choose.customStep', { step: stepText(tr, d) })
        : stepText(tr, d),
    })),
  ];
}

/** The company's e-mail texts: one kind in one language at a time, with the variables and a live preview. */
export function EmailTemplates() {
  const { t } = useTranslation('email-templates');
  const { t: tr } = useTranslation('reminders');
  const [{ data, error }, refetch] = useQuery({ query: EmailTemplatesDocument });
  const [{ data: reminders }] = useQuery({ query: ReminderStepsDocument });
  const [kind, setKind] = useState<Kind>('DOCUMENT');
  const [language, setLanguage] = useState<Language>('cs');
  const [stepChoice, setStepChoice] = useState(GENERAL);
  const [notice, setNotice] = useState<string | null>(null);
  const { person } = useSession();
  const allowed = can(person, 'documents', 'read');
  const documents = usePreviewDocuments(allowed);
  const [chosen, setChosen] = useState<string | null>(null);
  const preview = { allowed, documents, documentId: chosen ?? documents[0]?.id, onDocument: setChosen };
  const templates = data?.emailTemplates ?? [];
  const step = kind === 'REMINDER' && stepChoice !== GENERAL ? Number(stepChoice) : null;
  const template = templateOf(templates, kind, language, step);
  const reload = (message: string) => {
    setNotice(message);
    refetch({ requestPolicy: 'network-only' });
  };
  return (
    <>
      <PageHeader title={t('title')} />
      <PaymentThanks />
      <div className="row-form">
        <SelectField
          label={t('choose.kind')}
          name="kind"
          problem={null}
          value={kind}
          onChange={(e) => {
            setNotice(null);
            setKind(e.target.value as Kind);
          }}
          options={KINDS.map((value) => ({ value, label: t(`kinds.${value}`) }))}
        />
        {kind === 'REMINDER' && (
          <SelectField
            label={t('choose.step')}
            name="step"
            problem={null}
            value={stepChoice}
            onChange={(e) => {
              setNotice(null);
              setStepChoice(e.target.value);
            }}
            options={stepOptions(t, tr, reminders?.reminderSteps.map((s) => s.days) ?? [], templates, language)}
          />
        )}
        <SelectField
          label={t('choose.language')}
          name="language"
          problem={null}
          value={language}
          onChange={(e) => {
            setNotice(null);
            setLanguage(e.target.value as Language);
          }}
          options={(Object.keys(LANGUAGE_LABELS) as Language[]).map((value) => ({
            value,
            label: t(`languages.${value}`),
          }))}
        />
      </div>
      {!template ? (
        <ErrorBox problem={problemOf(error)} />
      ) : (
        <TemplateEditor
          // A new template, or the one just saved or reset: the fields start from what the server keeps.
          key={`${kind}-${language}-${template.step}-${template.custom}-${template.updatedAt}`}
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
  const { t } = useTranslation('email-templates');
  const { t: tr } = useTranslation('reminders');
  const { person } = useSession();
  const writer = can(person, 'company_settings', 'write');
  const [subject, setSubject] = useState(template.subject);
  const [body, setBody] = useState(template.body);
  const save = useAction(SaveEmailTemplateDocument);
  const reset = useAction(ResetEmailTemplateDocument);
  const { kind, language } = template;
  const step = template.step ?? null;
  // A reminder step without its own wording: the fields hold the general one, saved as the step's own.
  const inherited = step !== null && !template.custom;
  const live = useLivePreview({ documentId: preview.documentId, kind, language, step, subject, body });
  const label = [
    t(`kinds.${kind as Kind}`),
    step === null ? null : stepText(tr, step),
    t(`languages.${language as Language}`),
  ]
    .filter(Boolean)
    .join(', ');
  // The server's word on what is typed: a refused save, else the live preview's unknown variable.
  const problem = save.problem ?? live.problem;

  return (
    <div className="template-editor">
      <form
        className="stack-form"
        aria-label={t('editor.label', { label })}
        onSubmit={submitHandler(async () => {
          if (await save.run({ input: { kind, language, step, subject, body } })) onChanged(t('editor.saved'));
        })}
      >
        <h2>
          {label}{' '}
          <span className="badge" data-testid="template-state">
            {inherited ? t('editor.inherited') : template.custom ? t('editor.custom') : t('editor.default')}
          </span>
        </h2>
        {inherited && step <= 0 && (
          <p className="muted">{step < 0 ? t('editor.inheritedBefore') : t('editor.inheritedOnDue')}</p>
        )}
        <FormError problem={save.problem ?? reset.problem} fields={['subject', 'body']} />
        {notice && <Notice>{notice}</Notice>}
        <TextField
          label={t('editor.subject')}
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
          label={t('editor.body')}
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
        <h3 id="variables-heading">{t('editor.variables')}</h3>
        <ul className="variables" aria-labelledby="variables-heading" data-testid="template-variables">
          {VARIABLES.map((name) => (
            <li key={name}>
              <code>{`{{${name}}}`}</code> {t(`variables.${name}`)}
            </li>
          ))}
        </ul>
        {writer && (
          <div className="actions">
            <button type="submit" className="primary" disabled={save.busy}>
              {t('editor.save')}
            </button>
            {template.custom && (
              <button
                type="button"
                disabled={reset.busy}
                onClick={eventHandler(async () => {
                  if (await reset.run({ kind, language, step }))
                    onChanged(step === null ? t('editor.resetDone') : t('editor.useGeneralDone'));
                })}
              >
                {step === null ? t('editor.reset') : t('editor.useGeneral')}
              </button>
            )}
          </div>
        )}
      </form>
      <TemplatePreview {...preview} live={live} />
    </div>
  );
}
