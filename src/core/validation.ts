import { z } from 'zod';
import { ValidationError, type ErrorDetail } from './errors';
import { MAX } from './fields';

/**
 * An error answer stays a few kilobytes however many elements of the input were wrong: the first
 * DETAIL_LIMIT issues are shown, each bounded, and the rest only counted (`omittedDetails`).
 */
export const DETAIL_LIMIT = 20;
const DETAIL_TEXT_LIMIT = 200;
const MESSAGE_LIMIT = 1000;
/** Issues spelled out in the message itself; `details` has the rest of the first DETAIL_LIMIT. */
const MESSAGE_ISSUES = 5;

export function boundText(text: string, limit: number): string {
  return text.length > limit ? `${text.slice(0, limit - 1)}…` : text;
}

/** The first DETAIL_LIMIT issues, each path and message bounded, and how many were left out. */
export function boundDetails(details: readonly ErrorDetail[]): { details: ErrorDetail[]; omitted: number } {
  const kept = details.slice(0, DETAIL_LIMIT).map((d) => ({
    ...d,
    path: boundText(String(d.path), DETAIL_TEXT_LIMIT),
    message: boundText(String(d.message), DETAIL_TEXT_LIMIT),
  }));
  return { details: kept, omitted: Math.max(0, details.length - DETAIL_LIMIT) };
}

/**
 * Bounds an error body (REST `{ message, details }` or GraphQL extensions) wherever it was built:
 * the message, and `details` when it is a list of issues.
 */
export function boundErrorBody<T extends { message?: unknown; details?: unknown }>(
  body: T,
): T & { omittedDetails?: number } {
  const out: T & { omittedDetails?: number } = { ...body };
  if (typeof out.message === 'string') out.message = boundText(out.message, MESSAGE_LIMIT);
  if (Array.isArray(out.details)) {
    const { details, omitted } = boundDetails(out.details as ErrorDetail[]);
    out.details = details;
    if (omitted) out.omittedDetails = omitted;
  }
  return out;
}

/** 400 VALIDATION_FAILED whose message lists the first issues (and counts the rest). */
export function validationFailed(details: ErrorDetail[]): ValidationError {
  const shown = boundDetails(details.slice(0, MESSAGE_ISSUES)).details;
  const listed = shown.map((d) => `${d.path}: ${d.message}`).join('; ');
  const more = details.length - shown.length;
  const message = `${boundText(`Invalid input: ${listed}`, MESSAGE_LIMIT - 40)}${more ? ` (and ${more} more)` : ''}`;
  return new ValidationError(message, details);
}

/** Parses input with a zod schema; wrong types become 400 VALIDATION_FAILED with details. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const details = result.error.issues.map((issue) => ({
    path:
      issue.path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`)).join('') ||
      '(body)',
    message: issue.message,
  }));
  throw validationFailed(details);
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
