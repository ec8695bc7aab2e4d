import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { submitHandler, useAction } from '../../components/action';
import { Empty, ErrorBox, Notice, PageHeader } from '../../components/feedback';
import { CheckboxField, FormError, SelectField } from '../../components/form';
import { DataTable } from '../../components/table';
import { problemOf } from '../../errors';
import { formatCount, formatDateTime } from '../../format';
import { ExportsDocument, StartExportDocument } from './operations';

const RESOURCES = ['documents', 'costs', 'payments', 'contacts', 'products'] as const;
type Resource = (typeof RESOURCES)[number];
const FORMATS = ['csv', 'xlsx', 'pdf-zip', 'isdoc-zip'] as const;
type Format = (typeof FORMATS)[number];
/** The ZIPs of PDFs and ISDOC files exist for documents only (POST /exports). */
const formatsOf = (resource: Resource): readonly Format[] => (resource === 'documents' ? FORMATS : ['csv', 'xlsx']);

const isResource = (value: string): value is Resource => (RESOURCES as readonly string[]).includes(value);
const isFormat = (value: string): value is Format => (FORMATS as readonly string[]).includes(value);

/** Exports (issue 27): start one of a whole list, follow its progress (polled every second), download it. */
export function Exports() {
  const { t } = useTranslation('exports');
  const [resource, setResource] = useState<Resource>('documents');
  const [format, setFormat] = useState<Format>('csv');
  const [czechExcel, setCzechExcel] = useState(true);
  const [started, setStarted] = useState(false);
  const start = useAction(StartExportDocument);
  const [{ data, error }, refresh] = useQuery({ query: ExportsDocument, requestPolicy: 'cache-and-network' });
  const exports = data?.exports.data ?? [];
  const running = exports.some((e) => e.status === 'QUEUED' || e.status === 'RUNNING');
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => refresh({ requestPolicy: 'network-only' }), 1000);
    return () => clearInterval(timer);
  }, [running, refresh]);

  const resourceLabel = (r: string) => (isResource(r) ? t(`resources.${r}`) : r);
  const onSubmit = submitHandler(async () => {
    setStarted(false);
    const created = await start.run({
      input: { resource, format, ...(format === 'csv' && czechExcel ? { separator: ';', decimalComma: true } : {}) },
    });
    if (created) {
      setStarted(true);
      refresh({ requestPolicy: 'network-only' });
    }
  });

  return (
    <>
      <PageHeader title={t('title')} />
      <section aria-labelledby="start-heading">
        <h2 id="start-heading">{t('start.heading')}</h2>
        <form className="filters" onSubmit={onSubmit} aria-labelledby="start-heading" data-testid="export-start">
          <SelectField
            label={t('start.resource')}
            name="resource"
            problem={start.problem}
            value={resource}
            onChange={(e) => {
              const next = e.currentTarget.value;
              if (!isResource(next)) return;
              setResource(next);
              if (!formatsOf(next).includes(format)) setFormat('csv');
            }}
            options={RESOURCES.map((r) => ({ value: r, label: t(`resources.${r}`) }))}
          />
          <SelectField
            label={t('start.format')}
            name="format"
            problem={start.problem}
            value={format}
            onChange={(e) => {
              const next = e.currentTarget.value;
              if (isFormat(next)) setFormat(next);
            }}
            options={formatsOf(resource).map((f) => ({ value: f, label: t(`formats.${f}`) }))}
          />
          {format === 'csv' && (
            <CheckboxField
              label={t('start.czechExcel')}
              name="czechExcel"
              problem={start.problem}
              checked={czechExcel}
              onChange={(e) => setCzechExcel(e.currentTarget.checked)}
            />
          )}
          <button type="submit" className="primary" disabled={start.busy}>
            {t('start.submit')}
          </button>
          <FormError problem={start.problem} fields={['resource', 'format']} />
        </form>
        {started && <Notice>{t('start.started')}</Notice>}
      </section>
      <section aria-labelledby="list-heading">
        <h2 id="list-heading">{t('list.heading')}</h2>
        <ErrorBox problem={problemOf(error)} />
        {data && exports.length === 0 && <Empty>{t('list.none')}</Empty>}
        {exports.length > 0 && (
          <DataTable
            testId="exports"
            rows={exports}
            rowKey={(e) => e.id}
            rowTestId={(e) => `export-${e.id}`}
            columns={[
              { label: t('list.created'), cell: (e) => formatDateTime(e.createdAt) },
              { label: t('list.resource'), cell: (e) => resourceLabel(e.resource) },
              { label: t('list.format'), cell: (e) => (isFormat(e.format) ? t(`formats.${e.format}`) : e.format) },
              {
                label: t('list.status'),
                cell: (e) => (
                  <span role={e.status === 'QUEUED' || e.status === 'RUNNING' ? 'status' : undefined}>
                    {e.status === 'QUEUED' || e.status === 'RUNNING'
                      ? t('list.progress', {
                          done: formatCount(e.progress.done),
                          total: e.progress.total === null ? '?' : formatCount(e.progress.total),
                        })
                      : e.status === 'FAILED'
                        ? t('list.failed', { error: e.error ?? '' })
                        : t(`status.${e.status}`)}
                  </span>
                ),
              },
              {
                label: t('list.file'),
                cell: (e) =>
                  e.status === 'DONE' && e.downloadUrl ? (
                    <>
                      <a
                        href={e.downloadUrl}
                        download
                        aria-label={t('list.downloadLabel', {
                          resource: resourceLabel(e.resource),
                          date: formatDateTime(e.createdAt),
                        })}
                      >
                        {t('list.download')}
                      </a>{' '}
                      <small className="muted">
                        {t('list.expires', { date: formatDateTime(e.downloadExpiresAt) })}
                      </small>
                    </>
                  ) : (
                    '—'
                  ),
              },
            ]}
          />
        )}
      </section>
    </>
  );
}
