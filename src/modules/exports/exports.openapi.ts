import * as oa from '../../core/openapi/builders';
import { EXPORT_FORMATS, EXPORT_RESOURCES, EXPORT_STATUSES } from './export.entity';
import { createExportInput, listExportsQuery } from './exports.inputs';

const CALLER = { authenticated: true } as const;
const tags = ['Exports'];
const ACCESS =
  'An export needs read access to its resource’s section (documents and products: documents; costs; payments; contacts), to create, see and download it.';

const exportRecord = oa.object({
  id: oa.uuid,
  resource: { type: 'string', enum: [...EXPORT_RESOURCES] },
  format: { type: 'string', enum: [...EXPORT_FORMATS] },
  status: { type: 'string', enum: [...EXPORT_STATUSES] },
  progress: oa.object({
    done: oa.integer,
    total: { type: ['integer', 'null'], description: 'null until the job has counted the rows' },
  }),
  columns: { type: 'array', items: oa.string },
  filters: { type: 'object', additionalProperties: true, description: 'The list filters, as validated' },
  separator: { type: 'string', enum: [',', ';'] },
  decimalComma: oa.boolean,
  sizeBytes: { type: ['integer', 'null'] },
  error: { ...oa.nullableString, description: 'Why the export FAILED' },
  createdAt: oa.dateTime,
  startedAt: { type: ['string', 'null'], format: 'date-time' },
  finishedAt: { type: ['string', 'null'], format: 'date-time' },
  downloadUrl: {
    type: ['string', 'null'],
    description: 'When DONE: downloads the file without a credential until downloadExpiresAt',
  },
  downloadExpiresAt: { type: ['string', 'null'], format: 'date-time' },
});

const file = {
  description: 'The file (CSV, XLSX or ZIP), streamed',
  schema: { type: 'string', format: 'binary' },
  contentType: 'application/octet-stream',
};

export const exportsOpenApi: oa.PathItems = {
  '/api/v1/exports': {
    post: oa.operation({
      operationId: 'createExport',
      summary: 'Export a list to a file, in the background',
      description: `${ACCESS} \`filters\` are the query parameters of the resource’s GET list other than limit and cursor, checked by the same rules (an unknown or bad one is 400 VALIDATION_FAILED naming it); \`columns\` choose and order the columns (an unknown one is 400). CSV is UTF-8 with a BOM, RFC 4180 quoting, dates YYYY-MM-DD (Prague), amounts exact decimals; \`separator\` ';' and \`decimalComma\` for Czech Excel. XLSX has number and date cells. isdoc-zip and pdf-zip hold one file per document (documents only, else 400 EXPORT_FORMAT_UNSUPPORTED). At most 5 exports of a company are queued or running at once: 409 EXPORT_LIMIT_REACHED. The job's end records export.completed or export.failed and a notification.`,
      tags,
      access: CALLER,
      body: createExportInput,
      ok: {
        status: '202',
        description: 'The export, QUEUED',
        schema: oa.object({ id: oa.uuid, status: { type: 'string', enum: ['QUEUED'] } }),
      },
      errors: ['400', '409'],
    }),
    get: oa.operation({
      operationId: 'listExports',
      summary: 'The company’s exports, newest first',
      description: `Only exports of resources the caller may read. Finished exports are kept 7 days.`,
      tags,
      access: CALLER,
      parameters: oa.queryParameters(listExportsQuery, { status: 'Only exports in this status' }),
      ok: { description: 'A page of exports', schema: oa.pageOf(exportRecord) },
      errors: ['400'],
    }),
  },
  '/api/v1/exports/{id}': {
    get: oa.operation({
      operationId: 'getExport',
      summary: 'One export: its status, progress and, when DONE, a download link valid 24 hours',
      description: ACCESS,
      tags,
      access: CALLER,
      parameters: [oa.idParameter],
      ok: { description: 'The export', schema: exportRecord },
      errors: ['404'],
    }),
  },
  '/api/v1/exports/{id}/download': {
    get: oa.operation({
      operationId: 'downloadExport',
      summary: 'The file of a DONE export (409 EXPORT_NOT_READY before)',
      description: ACCESS,
      tags,
      access: CALLER,
      parameters: [oa.idParameter],
      ok: file,
      errors: ['404', '409'],
    }),
  },
  '/api/v1/exports/{id}/file': {
    get: oa.operation({
      operationId: 'downloadExportByLink',
      summary: 'The file of a DONE export through its download link (no credential)',
      description:
        'The link of GET /exports/{id} (downloadUrl): its token signs the export and an expiry 24 hours after it was given. An expired or altered token is 403 EXPORT_LINK_INVALID.',
      tags,
      access: { public: true },
      parameters: [
        oa.idParameter,
        oa.queryParameter('token', { type: 'string', maxLength: 64 }, 'The token of downloadUrl'),
      ],
      ok: file,
      errors: ['404', '409'],
      otherResponses: { '403': { $ref: '#/components/responses/Forbidden' } },
    }),
  },
};
