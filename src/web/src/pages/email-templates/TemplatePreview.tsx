import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { SelectField } from '../../components/form';
import { ErrorBox } from '../../components/feedback';
import { useSettled } from '../../components/settled';
import { problemOf } from '../../errors';
import { formatDate, pragueDay } from '../../format';
import type { PreviewDocumentsQuery } from '../../gql/graphql';
import { EmailTemplatePreviewDocument, PreviewDocumentsDocument } from './operations';

type PreviewDocument = PreviewDocumentsQuery['documents']['data'][number];

const RECENT_DAYS = 31;

/**
 * Invoices to preview with, newest first: those issued in the last month, else (none there) the
 * company's first ones. The list is oldest first, so "newest" is the newest of what one page holds.
 */
export function usePreviewDocuments(allowed: boolean): PreviewDocument[] {
  const from = pragueDay(new Date(Date.now() - RECENT_DAYS * 86_400_000));
  const [{ data: recent }] = useQuery({ query: PreviewDocumentsDocument, variables: { from }, pause: !allowed });
  const none = recent !== undefined && recent.documents.data.length === 0;
  const [{ data: any }] = useQuery({
    query: PreviewDocumentsDocument,
    variables: { from: null },
    pause: !allowed || !none,
  });
  return [...((none ? any : recent)?.documents.data ?? [])].reverse();
}

/**
 * The template as typed, rendered by the server with a document's values 400 ms after the person
 * stops typing (the wording is not saved for it). The problem is the server's: an unknown variable
 * names the field.
 */
export function useLivePreview(input: {
  documentId: string | undefined;
  kind: string;
  language: string;
  /** A reminder step's days; null: the kind's general wording. */
  step: number | null;
  subject: string;
  body: string;
}) {
  const { settled, pending } = useSettled(input, 400);
  const complete = Boolean(settled.documentId && settled.subject.trim() && settled.body.trim());
  const [{ data, error, fetching }] = useQuery({
    query: EmailTemplatePreviewDocument,
    variables: { input: { ...settled, documentId: settled.documentId ?? '' } },
    pause: !complete,
  });
  return {
    preview: complete && !error ? (data?.emailTemplatePreview ?? null) : null,
    problem: complete ? problemOf(error) : null,
    pending: pending || fetching,
  };
}

export function TemplatePreview({
  allowed,
  documents,
  documentId,
  onDocument,
  live,
}: {
  allowed: boolean;
  documents: PreviewDocument[];
  documentId: string | undefined;
  onDocument: (id: string) => void;
  live: ReturnType<typeof useLivePreview>;
}) {
  const { t } = useTranslation('email-templates');
  return (
    <section className="stack-form" aria-labelledby="preview-heading" aria-busy={live.pending}>
      <h2 id="preview-heading">
        {t('preview.heading')} {live.pending && <span className="muted">{t('preview.updating')}</span>}
      </h2>
      {!allowed ? (
        <p className="muted">{t('preview.needsDocuments')}</p>
      ) : documents.length === 0 ? (
        <p className="muted">{t('preview.noDocuments')}</p>
      ) : (
        <SelectField
          label={t('preview.document')}
          name="previewDocument"
          problem={null}
          value={documentId}
          onChange={(e) => onDocument(e.target.value)}
          options={documents.map((d) => ({
            value: d.id,
            label: `${d.number} ${d.clientName ?? ''} (${formatDate(d.issuedAt)})`,
          }))}
        />
      )}
      <ErrorBox problem={live.problem} />
      {live.preview && (
        <div data-testid="template-preview">
          <p>
            <strong>{t('preview.subject')}</strong> <span data-testid="preview-subject">{live.preview.subject}</span>
          </p>
          <pre className="email-text" data-testid="preview-text">
            {live.preview.text}
          </pre>
        </div>
      )}
    </section>
  );
}
