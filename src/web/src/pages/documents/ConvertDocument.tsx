import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DocumentType } from '../../gql/graphql';
import { FormError, SelectField, CheckboxField, formText } from '../../components/form';
import { useAction, submitHandler } from '../../components/action';
import { ConvertDocumentDocument } from './operations';
import type { Doc } from './DocumentDetail';

/**
 * "Convert to…": a new document of one of the types the server allows now (convertibleTo), a draft or
 * issued at once, with this one's customer, currency, items and note; the page moves to it.
 */
export function ConvertDocument({ doc }: { doc: Doc }) {
  const { t } = useTranslation('documents');
  const navigate = useNavigate();
  const convert = useAction(ConvertDocumentDocument);
  const [open, setOpen] = useState(false);
  if (doc.convertibleTo.length === 0) return null;
  if (!open)
    return (
      <button type="button" onClick={() => setOpen(true)}>
        {t('convert.open')}
      </button>
    );
  return (
    <form
      className="stack-form"
      aria-label={t('convert.label')}
      onSubmit={submitHandler(async (form) => {
        const type = formText(form, 'type') as DocumentType;
        const issue = (form.elements.namedItem('issue') as HTMLInputElement | null)?.checked ?? false;
        const done = await convert.run({ id: doc.id, input: { type, issue } });
        if (done) await navigate(`/documents/${done.convertDocument.id}`);
      })}
    >
      <FormError problem={convert.problem} fields={['type', 'issue']} />
      <SelectField
        label={t('convert.type')}
        name="type"
        problem={convert.problem}
        options={doc.convertibleTo.map((type) => ({ value: type, label: t(`type.${type}`) }))}
      />
      <CheckboxField label={t('convert.issue')} name="issue" problem={convert.problem} />
      <div className="actions">
        <button type="submit" className="primary" disabled={convert.busy}>
          {t('convert.submit')}
        </button>
        <button type="button" onClick={() => setOpen(false)}>
          {t('convert.cancel')}
        </button>
      </div>
    </form>
  );
}
