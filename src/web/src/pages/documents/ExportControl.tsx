import { useEffect, useState } from 'react';
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

const FORMATS = [
  { value: 'csv', label: 'CSV' },
  { value: 'xlsx', label: 'Excel (XLSX)' },
  { value: 'pdf-zip', label: 'PDFs (ZIP)' },
  { value: 'isdoc-zip', label: 'ISDOC (ZIP)' },
];

/**
 * The documents list's Export (issue 27 point 4): exports the documents the filters show as a
 * background job, polls it every second and offers its download link once it is done.
 */
export function ExportControl({ filters }: { filters: Record<string, string | undefined> }) {
  const [format, setFormat] = useState('csv');
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
      <summary>Export</summary>
      <div className="filters">
        <SelectField
          label="Format"
          name="exportFormat"
          problem={action.problem}
          value={format}
          onChange={(e) => setFormat(e.target.value)}
          options={FORMATS}
        />
        {format === 'csv' && (
          <CheckboxField
            label="For Czech Excel (; and decimal comma)"
            name="czechExcel"
            problem={action.problem}
            checked={czechExcel}
            onChange={(e) => setCzechExcel(e.target.checked)}
          />
        )}
        <button type="button" disabled={action.busy || running} onClick={start}>
          Export the documents shown
        </button>
      </div>
      <ErrorBox problem={action.problem} />
      {record && (
        <p role="status">
          {running && `Exporting… ${record.progress.done} of ${record.progress.total ?? '?'} documents`}
          {record.status === 'FAILED' && `The export failed: ${record.error}`}
          {record.status === 'DONE' && record.downloadUrl && (
            <a href={record.downloadUrl} download>
              Download the export ({record.progress.done} documents, link valid 24 hours)
            </a>
          )}
        </p>
      )}
    </details>
  );
}
