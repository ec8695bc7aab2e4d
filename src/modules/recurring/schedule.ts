/**
 * The schedule arithmetic of a recurring series, on Czech calendar days (YYYY-MM-DD): pure, no time
 * zone (a Czech day is a calendar date, so DST changes cannot move an occurrence), no Clock.
 *
 * Occurrence n (0-based) is always counted from the start date, never from the previous occurrence,
 * so a monthly series started on 31 January runs 31 Jan, 28/29 Feb, 31 Mar, 30 Apr, … (the day
 * clamped to each month's length) instead of drifting to the 28th.
 */

export const SCHEDULE_UNITS = ['DAY', 'WEEK', 'MONTH', 'YEAR'] as const;
export type ScheduleUnit = (typeof SCHEDULE_UNITS)[number];

export interface Schedule {
  /** The first occurrence's Czech day, YYYY-MM-DD. */
  startDate: string;
  unit: ScheduleUnit;
  /** Every N units (N ≥ 1). */
  every: number;
  /** MONTH / YEAR only: every occurrence on the last day of its month (start date's month included). */
  lastDayOfMonth: boolean;
  /** The last day an occurrence may fall on, inclusive; null = no end date. */
  endDate: string | null;
  /** How many occurrences in all; null = no count. */
  count: number | null;
}

export interface Occurrence {
  /** 0-based index from the start date. */
  index: number;
  /** Its Czech day, YYYY-MM-DD. */
  date: string;
}

const DAY_MS = 86_400_000;

function parts(date: string): { year: number; month: number; day: number } {
  const [year, month, day] = date.split('-').map(Number);
  return { year, month, day };
}

function format(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Days in a month (month 1–12). */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** A Czech day `days` later. */
export function addDays(date: string, days: number): string {
  const { year, month, day } = parts(date);
  return new Date(Date.UTC(year, month - 1, day) + days * DAY_MS).toISOString().slice(0, 10);
}

function addMonths(date: string, months: number, lastDayOfMonth: boolean): string {
  const { year, month, day } = parts(date);
  const monthIndex = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(monthIndex / 12);
  const targetMonth = (monthIndex % 12) + 1;
  const length = daysInMonth(targetYear, targetMonth);
  return format(targetYear, targetMonth, lastDayOfMonth ? length : Math.min(day, length));
}

/** The Czech day of occurrence `index`, ignoring the end (see `isWithinEnd`). */
export function occurrenceDate(schedule: Schedule, index: number): string {
  const steps = index * schedule.every;
  switch (schedule.unit) {
    case 'DAY':
      return addDays(schedule.startDate, steps);
    case 'WEEK':
      return addDays(schedule.startDate, steps * 7);
    case 'MONTH':
      return addMonths(schedule.startDate, steps, schedule.lastDayOfMonth);
    case 'YEAR':
      return addMonths(schedule.startDate, steps * 12, schedule.lastDayOfMonth);
  }
}

/** Whether occurrence `index` on `date` is still within the series' count and end date. */
export function isWithinEnd(schedule: Schedule, occurrence: Occurrence): boolean {
  if (schedule.count !== null && occurrence.index >= schedule.count) return false;
  return schedule.endDate === null || occurrence.date <= schedule.endDate;
}

/** Occurrence `index`, or null when the series has ended before it. */
export function occurrenceAt(schedule: Schedule, index: number): Occurrence | null {
  const occurrence = { index, date: occurrenceDate(schedule, index) };
  return isWithinEnd(schedule, occurrence) ? occurrence : null;
}

/** Up to `limit` occurrences from index `fromIndex` on, in order, stopping at the series' end. */
export function upcoming(schedule: Schedule, fromIndex: number, limit: number): Occurrence[] {
  const found: Occurrence[] = [];
  for (let index = fromIndex; found.length < limit; index++) {
    const occurrence = occurrenceAt(schedule, index);
    if (!occurrence) break;
    found.push(occurrence);
  }
  return found;
}

/**
 * The occurrences from index `fromIndex` on whose day has come by Czech day `today` (inclusive), in
 * order, at most `limit` (a worker back after months catches up each of them, dated as it should
 * have been).
 */
export function dueBy(schedule: Schedule, fromIndex: number, today: string, limit: number): Occurrence[] {
  const found: Occurrence[] = [];
  for (let index = fromIndex; found.length < limit; index++) {
    const occurrence = occurrenceAt(schedule, index);
    if (!occurrence || occurrence.date > today) break;
    found.push(occurrence);
  }
  return found;
}

/** Why a schedule is impossible, or null when it is fine (the service turns it into a 400). */
export function scheduleProblem(schedule: Schedule): string | null {
  if (!Number.isInteger(schedule.every) || schedule.every < 1) return 'every must be a whole number ≥ 1';
  if (schedule.lastDayOfMonth && (schedule.unit === 'DAY' || schedule.unit === 'WEEK'))
    return 'lastDayOfMonth needs unit MONTH or YEAR';
  if (schedule.count !== null && (!Number.isInteger(schedule.count) || schedule.count < 1))
    return 'count must be a whole number ≥ 1';
  if (schedule.endDate !== null && schedule.endDate < occurrenceDate(schedule, 0))
    return 'endDate is before the first occurrence';
  return null;
}

/** The day after a Czech day. */
export const dayAfter = (date: string): string => addDays(date, 1);

/**
 * The index of the first occurrence on or after `day` (the series' end not considered; the
 * occurrences grow with the index, so the walk stops; dates are bounded by the inputs' range).
 */
export function firstIndexOnOrAfter(schedule: Schedule, day: string): number {
  let index = 0;
  while (occurrenceDate(schedule, index) < day) index++;
  return index;
}
