import { expect } from 'chai';
import fc from 'fast-check';
import { CZ_TZ, dayjs } from '../../src/core/clock';
import { DEFAULT_PAYMENT_DAYS, defaultDueAt } from '../../src/modules/documents/documents.service';

describe('unit: the default due date of a new document', () => {
  it('is the instant dayjs in Prague time gave, across DST changes and year ends', () => {
    const legacy = (at: Date) => dayjs(at).tz(CZ_TZ).add(DEFAULT_PAYMENT_DAYS, 'day').toDate();
    for (const at of ['2026-03-20T10:00:00Z', '2026-10-20T23:30:00Z', '2026-12-31T23:59:59.999Z'])
      expect(defaultDueAt(new Date(at))).to.deep.equal(legacy(new Date(at)));
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }), (at) => {
        expect(defaultDueAt(at)).to.deep.equal(legacy(at));
      }),
      { numRuns: 2000 },
    );
  });
});
