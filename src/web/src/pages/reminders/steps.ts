import type { TFunction } from 'i18next';

/** A reminder step's days in words: "3 days before the due date", "on the due date", "7 days after the due date". */
export function stepText(t: TFunction<'reminders'>, days: number): string {
  if (days === 0) return t('step.onDue');
  const count = Math.abs(days);
  return days < 0 ? t('step.before', { count }) : t('step.after', { count });
}
