import { text } from '../../core/fields';
import { paginationInput, z } from '../../core/validation';

/** The lists a view can be saved of: each registers its query schema with SavedViewsService.register. */
export const SAVED_VIEW_RESOURCES = [
  'documents',
  'costs',
  'payments',
  'contacts',
  'products',
  'recurring-series',
] as const;
export type SavedViewResource = (typeof SAVED_VIEW_RESOURCES)[number];

export const SAVED_VIEW_LIMITS = {
  name: 100,
  columns: 30,
  filters: 30,
  /** Views one person (or the company's credentials without a person, together) may keep. */
  perPerson: 100,
} as const;

const column = z
  .string()
  .max(64)
  .regex(/^[A-Za-z][A-Za-z0-9_.]*$/, 'a column name: a letter, then letters, digits, _ or .');

export const savedViewInput = z.object({
  name: text(SAVED_VIEW_LIMITS.name),
  resource: z.enum(SAVED_VIEW_RESOURCES).meta({ description: 'The list the view is of' }),
  filters: z
    .record(z.string().max(64), z.unknown())
    .refine((f) => Object.keys(f).length <= SAVED_VIEW_LIMITS.filters, `at most ${SAVED_VIEW_LIMITS.filters} filters`)
    .default({})
    .meta({
      description:
        "The list's query parameters (its GET list filters, e.g. {status: 'ISSUED'}); limit, cursor and view are not filters. Unknown or invalid ones are 400 naming them (filters.<name>)",
    }),
  sort: z
    .string()
    .max(20)
    .nullable()
    .default(null)
    .meta({ description: "One of the list's sort values (createdAt, -createdAt, …); null: the list's default" }),
  columns: z
    .array(column)
    .max(SAVED_VIEW_LIMITS.columns)
    .default([])
    .refine((c) => new Set(c).size === c.length, 'columns must be distinct')
    .meta({ description: `The columns shown, in order (at most ${SAVED_VIEW_LIMITS.columns}); [] : the list's own` }),
  shared: z.boolean().default(false).meta({
    description:
      'true: every person of the company sees and uses it; false: only you. Credentials without a person (API keys) save shared views only',
  }),
});
export type SavedViewInput = z.infer<typeof savedViewInput>;

export const listSavedViewsQuery = paginationInput.extend({
  resource: z.enum(SAVED_VIEW_RESOURCES).optional().meta({ description: 'Only the views of this list' }),
});
