import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { DocumentType } from '../../gql/graphql';
import { FormError, SelectField, CheckboxField, formText } from '../../components/form';
import { useAction, submitHandler } from '../../components/action';
import { ConvertDocumentDocument } from './operations';
import type { Doc } from './DocumentDetail';
import { TYPE_LABELS } from './labels';

/**
 * "Convert to…": a new document of one of the types the server allows now (convertibleTo), a draft or
 * issued at once, with this one's customer, currency, items and note; the page moves to it.
 */
export function ConvertDocument({ doc }: { doc: Doc }) {
  const navigate = useNavigate();
  const convert = useAction(ConvertDocumentDocument);
  const [open, setOpen] = useState(false);
  if (doc.convertibleTo.length === 0) return null;
  if (!open)
    return (
      <button type="button" onClick={() => setOpen(true)}>
        Convert to…
      </button>
    );
  return (
    <form
      className="stack-form"
      aria-label="Convert to"
      onSubmit={submitHandler(async (form) => {
        const type = formText(form, 'type') as DocumentType;
        const issue = (form.elements.namedItem('issue') as HTMLInputElement | null)?.checked ?? false;
        const done = await convert.run({ id: doc.id, input: { type, issue } });
        if (done) await navigate(`/documents/${done.convertDocument.id}`);
      })}
    >
      <FormError problem={convert.problem} fields={['type', 'issue']} />
      <SelectField
        label="New document"
        name="type"
        problem={convert.problem}
        options={doc.convertibleTo.map((type) => ({ value: type, label: TYPE_LABELS[type] }))}
      />
      <CheckboxField label="Issue it now (else a draft)" name="issue" problem={convert.problem} />
      <div className="actions">
        <button type="submit" className="primary" disabled={convert.busy}>
          Convert
        </button>
        <button type="button" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
