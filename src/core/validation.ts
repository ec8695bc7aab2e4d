import { z } from 'zod';
import { ValidationError } from './errors';
import { MAX } from './fields';

/** Parses input with a zod schema; wrong types become 400 VALIDATION_FAILED with details. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const details = result.error.issues.map((issue) => ({
    path: issue.path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`)).join('') || '(body)',
    message: issue.message,
  }));
  throw new ValidationError(`Invalid input: ${details.map((d) => `${d.path}: ${d.message}`).join('; ')}`, details);
}

export const paginationInput = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().min(1).max(MAX.token).optional(),
});
export type Pagination = z.infer<typeof paginationInput>;

/** A boolean filter: GraphQL sends a boolean, a query string sends "true" or "false". */
export const booleanParam = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

export interface Page<T> {
  data: T[];
  nextCursor: string | null;
}

export { z };
