import { CronExpressionParser } from 'cron-parser';
import { CZ_TZ } from '../../core/clock';

/** Why `expression` is not a five-field cron expression, or null when it is one. */
export function cronProblem(expression: string): string | null {
  const fields = expression.trim().split(/\s+/);
  if (fields.length !== 5)
    return `must have exactly five fields (minute hour day-of-month month day-of-week), got ${fields.length}`;
  try {
    CronExpressionParser.parse(expression, { tz: CZ_TZ });
    return null;
  } catch (err) {
    return `is not a valid cron expression (${(err as Error).message})`;
  }
}

/** The first occurrence after `after`, in Europe/Prague wall-clock time (cron-parser handles DST). */
export function nextOccurrence(expression: string, after: Date): Date {
  return CronExpressionParser.parse(expression, { currentDate: after, tz: CZ_TZ }).next().toDate();
}
