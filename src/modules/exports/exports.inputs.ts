import { z } from '../../core/validation';
import { paginationInput } from '../../core/validation';
import { EXPORT_FORMATS, EXPORT_RESOURCES, EXPORT_STATUSES } from './export.entity';

/** A list's filter count and a column list are small; the values are checked by the list's own schema. */
const MAX_FILTERS = 20;
export const MAX_COLUMNS = 50;

export const createExportInput = z.object({
  resource: z.enum(EXPORT_RESOURCES),
  format: z.enum(EXPORT_FORMATS).meta({ description: 'isdoc-zip and pdf-zip: documents only' }),
  filters: z
    .record(z.string().max(50), z.unknown())
    .refine((f) => Object.keys(f).length <= MAX_FILTERS, { message: `at most ${MAX_FILTERS} filters` })
    .default({})
    .meta({ description: 'The query parameters of the resource’s GET list other than limit and cursor' }),
  columns: z
    .array(z.string().min(1).max(50))
    .min(1)
    .max(MAX_COLUMNS)
    .optional()
    .meta({ description: 'Column keys in the file’s order (csv, xlsx); default: all, in their order' }),
  separator: z.enum([',', ';']).default(',').meta({ description: 'CSV: the field separator' }),
  decimalComma: z.boolean().default(false).meta({ description: 'CSV: numbers with a decimal comma' }),
});
export type CreateExportInput = z.infer<typeof createExportInput>;

export const listExportsQuery = paginationInput.extend({
  status: z.enum(EXPORT_STATUSES).optional(),
});
