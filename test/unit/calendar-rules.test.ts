import { expect } from 'chai';
import { CZ_TZ, czechDate, dayjs, nextUtcMonthStart, utcMonthKey } from '../../src/core/clock';
import { daysOverdue } from '../../src/modules/documents/overdue-check';
import { quotaPeriod, rateLimitHeaders, remaining, unixSeconds } from '../../src/modules/quota/quota-state';
import { canUpgrade, monthlyLimit } from '../../src/modules/quota/quota-plans';

const at = (iso: string) => new Date(iso);

describe('unit: the Czech day (Europe/Prague)', () => {
  it('changes at Prague midnight, not UTC midnight: UTC+1 in winter, UTC+2 in summer', () => {
    expect(czechDate(at('2026-01-14T22:59:59.999Z'))).to.equal('2026-01-14');
    expect(czechDate(at('2026-01-14T23:00:00Z'))).to.equal('2026-01-15');
    expect(czechDate(at('2026-07-14T21:59:59.999Z'))).to.equal('2026-07-14');
    expect(czechDate(at('2026-07-14T22:00:00Z'))).to.equal('2026-07-15');
  });

  it('stays right across the DST changes (the 23-hour and 25-hour days)', () => {
    // Spring forward on 29 March 2026: 02:00 CET → 03:00 CEST.
    expect(czechDate(at('2026-03-28T22:59:59Z'))).to.equal('2026-03-28');
    expect(czechDate(at('2026-03-28T23:00:00Z'))).to.equal('2026-03-29');
    expect(czechDate(at('2026-03-29T21:59:59Z'))).to.equal('2026-03-29');
    expect(czechDate(at('2026-03-29T22:00:00Z'))).to.equal('2026-03-30');
    // Fall back on 25 October 2026: 03:00 CEST → 02:00 CET.
    expect(czechDate(at('2026-10-24T21:59:59Z'))).to.equal('2026-10-24');
    expect(czechDate(at('2026-10-24T22:00:00Z'))).to.equal('2026-10-25');
    expect(czechDate(at('2026-10-25T22:59:59Z'))).to.equal('2026-10-25');
    expect(czechDate(at('2026-10-25T23:00:00Z'))).to.equal('2026-10-26');
  });

  it('crosses the year at Prague midnight', () => {
    expect(czechDate(at('2026-12-31T22:59:59Z'))).to.equal('2026-12-31');
    expect(czechDate(at('2026-12-31T23:00:00Z'))).to.equal('2027-01-01');
  });

  it("gives dayjs's Czech date through 2025 and 2026, every half hour around the DST changes", () => {
    const instants = [at('2000-01-01T00:30:00Z'), at('2100-12-31T22:30:00Z')];
    // Every 23 hours: each hour of the day in turn.
    for (let t = Date.parse('2025-01-01T00:00:00Z'); t < Date.parse('2027-01-01T00:00:00Z'); t += 23 * 3_600_000)
      instants.push(new Date(t));
    for (const day of [
      '2025-03-29',
      '2025-03-30',
      '2025-10-25',
      '2025-10-26',
      '2026-03-28',
      '2026-03-29',
      '2026-10-24',
      '2026-10-25',
    ])
      for (let q = 0; q < 48; q++) instants.push(new Date(Date.parse(`${day}T00:00:00Z`) + q * 1_800_000));
    for (const i of instants) expect(czechDate(i), i.toISOString()).to.equal(dayjs(i).tz(CZ_TZ).format('YYYY-MM-DD'));
    // A timestamptz a raw statement returns as the driver's text.
    expect(czechDate('2026-05-09 22:30:00+00' as unknown as Date)).to.equal('2026-05-10');
    expect(czechDate('2026-05-10 00:30:00+02' as unknown as Date)).to.equal('2026-05-10');
  });
});

describe('unit: days overdue', () => {
  it('counts whole Czech calendar days, whatever the hour', () => {
    const due = at('2026-03-10T23:00:00Z'); // 11 March 00:00 in Prague
    expect(daysOverdue(due, at('2026-03-11T22:59:59Z'))).to.equal(0);
    expect(daysOverdue(due, at('2026-03-11T23:00:00Z'))).to.equal(1);
    expect(daysOverdue(due, at('2026-03-21T07:00:00Z'))).to.equal(10);
  });

  it('is one day across Prague midnight even when only minutes pass', () => {
    expect(daysOverdue(at('2026-03-10T22:58:00Z'), at('2026-03-10T23:01:00Z'))).to.equal(1);
  });

  it('counts the 23-hour and 25-hour DST days as one day each', () => {
    expect(daysOverdue(at('2026-03-28T12:00:00Z'), at('2026-03-30T06:00:00Z'))).to.equal(2);
    expect(daysOverdue(at('2026-10-24T12:00:00Z'), at('2026-10-26T06:00:00Z'))).to.equal(2);
  });

  it('is negative before the due date', () => {
    expect(daysOverdue(at('2026-03-15T10:00:00Z'), at('2026-03-12T10:00:00Z'))).to.equal(-3);
  });
});

describe('unit: quota windows (UTC calendar month)', () => {
  it('keys the month in UTC and resets at the next 1st, 00:00 UTC', () => {
    expect(quotaPeriod(at('2026-02-14T12:00:00Z'))).to.deep.equal({
      period: '2026-02-01',
      resetAt: at('2026-03-01T00:00:00Z'),
    });
    expect(quotaPeriod(at('2026-02-28T23:59:59.999Z'))).to.deep.equal({
      period: '2026-02-01',
      resetAt: at('2026-03-01T00:00:00Z'),
    });
    expect(quotaPeriod(at('2026-03-01T00:00:00Z'))).to.deep.equal({
      period: '2026-03-01',
      resetAt: at('2026-04-01T00:00:00Z'),
    });
  });

  it('follows UTC, not Prague: 1 March 00:30 in Prague is still February', () => {
    expect(utcMonthKey(at('2026-02-28T23:30:00Z'))).to.equal('2026-02-01');
  });

  it('rolls over the year and handles leap years', () => {
    expect(quotaPeriod(at('2026-12-31T23:59:59Z'))).to.deep.equal({
      period: '2026-12-01',
      resetAt: at('2027-01-01T00:00:00Z'),
    });
    expect(nextUtcMonthStart(at('2028-02-29T10:00:00Z'))).to.deep.equal(at('2028-03-01T00:00:00Z'));
    expect(utcMonthKey(at('2028-02-29T10:00:00Z'))).to.equal('2028-02-01');
  });

  it('reports the window in the X-RateLimit headers; a downgrade never shows negative remaining', () => {
    const resetAt = at('2026-03-01T00:00:00Z');
    expect(unixSeconds(resetAt)).to.equal(1772323200);
    expect(rateLimitHeaders({ limit: 1000, used: 10, resetAt })).to.deep.equal({
      'X-RateLimit-Limit': '1000',
      'X-RateLimit-Remaining': '990',
      'X-RateLimit-Used': '10',
      'X-RateLimit-Reset': '1772323200',
    });
    expect(remaining({ limit: 1000, used: 25_000, resetAt })).to.equal(0);
    expect(remaining({ limit: null, used: 5, resetAt })).to.equal('unlimited');
  });

  it('knows each plan’s monthly limit and whether an upgrade exists', () => {
    expect(['FREE', 'BASIC', 'PRO', 'AI'].map(monthlyLimit)).to.deep.equal([1_000, 25_000, 250_000, null]);
    expect(['FREE', 'BASIC', 'PRO', 'AI'].map(canUpgrade)).to.deep.equal([true, true, true, false]);
    expect(() => monthlyLimit('GOLD')).to.throw('Unknown plan GOLD');
  });
});
