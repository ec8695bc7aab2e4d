import { expect } from 'chai';
import {
  dueBy,
  occurrenceAt,
  occurrenceDate,
  scheduleProblem,
  upcoming,
  type Schedule,
} from '../../src/modules/recurring/schedule';

const monthly = (over: Partial<Schedule> = {}): Schedule => ({
  startDate: '2027-01-31',
  unit: 'MONTH',
  every: 1,
  lastDayOfMonth: false,
  endDate: null,
  count: null,
  ...over,
});

const dates = (schedule: Schedule, n = 6) => upcoming(schedule, 0, n).map((o) => o.date);

describe('unit: recurring series schedule', () => {
  it("monthly from 31 January clamps to February's last day and returns to the 31st, never drifting", () => {
    expect(dates(monthly())).to.deep.equal([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
      '2027-05-31',
      '2027-06-30',
    ]);
    expect(dates(monthly({ startDate: '2028-01-31' }), 3)).to.deep.equal(['2028-01-31', '2028-02-29', '2028-03-31']);
  });

  it('"last day of the month" puts every occurrence on its month\'s last day (28/29 February)', () => {
    const lastDay = monthly({ startDate: '2027-01-15', lastDayOfMonth: true });
    expect(dates(lastDay, 4)).to.deep.equal(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30']);
    expect(dates({ ...lastDay, startDate: '2028-01-01' }, 2)).to.deep.equal(['2028-01-31', '2028-02-29']);
  });

  it('is calendar days, so a DST change moves nothing (29 March and 25 October 2026)', () => {
    expect(dates(monthly({ startDate: '2026-02-28' }), 3)).to.deep.equal(['2026-02-28', '2026-03-28', '2026-04-28']);
    expect(dates({ ...monthly(), startDate: '2026-03-28', unit: 'DAY' }, 3)).to.deep.equal([
      '2026-03-28',
      '2026-03-29',
      '2026-03-30',
    ]);
    expect(dates({ ...monthly(), startDate: '2026-10-18', unit: 'WEEK' }, 3)).to.deep.equal([
      '2026-10-18',
      '2026-10-25',
      '2026-11-01',
    ]);
  });

  it('every N days, weeks, months and years, across year ends and leap days', () => {
    expect(dates({ ...monthly(), startDate: '2026-12-30', unit: 'DAY', every: 2 }, 3)).to.deep.equal([
      '2026-12-30',
      '2027-01-01',
      '2027-01-03',
    ]);
    expect(dates({ ...monthly(), startDate: '2026-12-17', unit: 'WEEK', every: 2 }, 3)).to.deep.equal([
      '2026-12-17',
      '2026-12-31',
      '2027-01-14',
    ]);
    expect(dates(monthly({ startDate: '2026-11-30', every: 3 }), 3)).to.deep.equal([
      '2026-11-30',
      '2027-02-28',
      '2027-05-30',
    ]);
    expect(dates({ ...monthly(), startDate: '2028-02-29', unit: 'YEAR' }, 5)).to.deep.equal([
      '2028-02-29',
      '2029-02-28',
      '2030-02-28',
      '2031-02-28',
      '2032-02-29',
    ]);
  });

  it('ends after its count or on its end date (inclusive)', () => {
    expect(dates(monthly({ count: 3 }), 12)).to.deep.equal(['2027-01-31', '2027-02-28', '2027-03-31']);
    expect(occurrenceAt(monthly({ count: 3 }), 3)).to.equal(null);
    expect(dates(monthly({ endDate: '2027-04-30' }), 12)).to.deep.equal([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
    ]);
    expect(dates(monthly({ endDate: '2027-04-29' }), 12)).to.have.length(3);
  });

  it('catches up the occurrences due by a day in order, from where the series is', () => {
    const series = monthly({ startDate: '2027-01-15' });
    expect(dueBy(series, 1, '2027-04-14', 50)).to.deep.equal([
      { index: 1, date: '2027-02-15' },
      { index: 2, date: '2027-03-15' },
    ]);
    expect(dueBy(series, 1, '2027-04-15', 50).map((o) => o.index)).to.deep.equal([1, 2, 3]);
    expect(dueBy(series, 1, '2027-04-15', 2).map((o) => o.index)).to.deep.equal([1, 2]);
    expect(dueBy(monthly({ startDate: '2027-01-15', count: 2 }), 0, '2028-01-01', 50)).to.have.length(2);
    expect(occurrenceDate(series, 12)).to.equal('2028-01-15');
  });

  it('names impossible schedules', () => {
    expect(scheduleProblem(monthly())).to.equal(null);
    expect(scheduleProblem(monthly({ every: 0 }))).to.match(/every/);
    expect(scheduleProblem({ ...monthly(), unit: 'WEEK', lastDayOfMonth: true })).to.match(/lastDayOfMonth/);
    expect(scheduleProblem(monthly({ count: 0 }))).to.match(/count/);
    expect(scheduleProblem(monthly({ endDate: '2027-01-30' }))).to.match(/endDate/);
  });
});
