/** A reminder step's days in words: "3 days before the due date", "on the due date", "7 days after it". */
export function stepText(days: number): string {
  if (days === 0) return 'on the due date';
  const n = Math.abs(days);
  return `${n} ${n === 1 ? 'day' : 'days'} ${days < 0 ? 'before' : 'after'} the due date`;
}
