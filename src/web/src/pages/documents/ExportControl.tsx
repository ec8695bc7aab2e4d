import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { eventHandler, useAction } from '../../components/action';
import { ErrorBox } from '../../components/feedback';
import { CheckboxField, SelectField } from '../../components/form';
import { graphql } from '../../gql';

export const CreateDocumentExportDocument = graphql(`
  mutation CreateDocumentExport($input: CreateExportInput!) {
    createExport(input: $input) {
      id
      status
    }
  }
`);

export const DocumentExportStatusDocument = graphql(`
  query DocumentExportStatus($id: ID!) {
    export(id: $id) {
      id
      status
      progress {
        done
        total
      }
      error
      downloadUrl
    }
  }
`);

const FORMATS = ['csv', 'xlsx', 'pdf-zip', 'isdoc-zip'] as const;

/**
 * The documents list's Export (issue 27 point 4): exports the documents the filters show as a
 * background job, polls it every second and offers its download link once it is done.
 */
export function ExportControl({ filters }: { filters: Record<string, string | undefined> }) {
  const { t } = useTranslation('documents');
  const [format, setFormat] = useState<string>('csv');
  const [czechExcel, setCzechExcel] = useState(true);
  const [exportId, setExportId] = useState<string | null>(null);
  const action = useAction(CreateDocumentExportDocument);
  const [{ data }, refresh] = useQuery({
    query: DocumentExportStatusDocument,
    variables: { id: exportId ?? '' },
    pause: !exportId,
    requestPolicy: 'network-only',
  });
  const record = data?.export;
  const running = record?.status === 'QUEUED' || record?.status === 'RUNNING';
  // Asks every second while the export runs (an answer that did not change must not end the asking).
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => refresh({ requestPolicy: 'network-only' }), 1000);
    return () => clearInterval(timer);
  }, [running, refresh]);

  const start = eventHandler(async () => {
    const given = Object.entries(filters).filter((e): e is [string, string] => Boolean(e[1]));
    const created = await action.run({
      input: {
        resource: 'documents',
        format,
        filters: given.map(([name, value]) => ({ name, value })),
        ...(format === 'csv' && czechExcel ? { separator: ';', decimalComma: true } : {}),
      },
    });
    if (created) setExportId(created.createExport.id);
  });

  return (
    <details className="export" data-testid="document-export">
      <summary>{t('export.summary')}</summary>
      <div className="filters">
        <SelectField
          label={t('export.format')}
          name="exportFormat"
          problem={action.problem}
          value={format}
          onChange={(e) => setFormat(e.target.value)}
          options={FORMATS.map((value) => ({ value, label: t(`export.formats.${value}`) }))}
        />
        {format === 'csv' && (
          <CheckboxField
            label={t('export.czechExcel')}
            name="czechExcel"
            problem={action.problem}
            checked={czechExcel}
            onChange={(e) => setCzechExcel(e.target.checked)}
          />
        )}
        <button type="button" disabled={action.busy || running} onClick={start}>
          {t('export.start')}
        </button>
      </div>
      <ErrorBox problem={action.problem} />
      {record && (
        <p role="status">
          {running && t('export.running', { done: record.progress.done, total: record.progress.total ?? '?' })}
          {record.status === 'FAILED' && t('export.failed', { error: record.error ?? '' })}
          {record.status === 'DONE' && record.downloadUrl && (
            <a href={record.downloadUrl} download>
              {t('export.download', { count: record.progress.done })}
            </a>
          )}
        </p>
      )}
    </details>
  );
}
