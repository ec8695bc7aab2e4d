import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';

dayjs.extend(utc);
dayjs.extend(timezone);

export const CZ_TZ = 'Europe/Prague';

/** The only source of time for business rules. */
export interface Clock {
  now(): Date;
}

export class SystemClock implements Clock {
  now(): Date {
    return new Date();
  }
}

/** Real time shifted by an offset that the test controls move. Time keeps flowing. */
export class AdjustableClock implements Clock {
  private offsetMs = 0;

  /** `startAt`: the instant the clock shows now (tests start at a fixed one, whatever the wall clock). */
  constructor(startAt?: Date) {
    if (startAt) this.set(startAt);
  }

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  set(now: Date): void {
    this.offsetMs = now.getTime() - Date.now();
  }

  advance(seconds: number): void {
    this.offsetMs += seconds * 1000;
  }
}

/** The Czech calendar date (YYYY-MM-DD) of an instant. */
export function czechDate(at: Date): string {
  return dayjs(at).tz(CZ_TZ).format('YYYY-MM-DD');
}

/** Unix seconds of the next 1st of the month, 00:00 UTC. */
export function nextUtcMonthStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
}

/** First day of the UTC month of `at`, as YYYY-MM-01. */
export function utcMonthKey(at: Date): string {
  return `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}-01`;
}

export { dayjs };
