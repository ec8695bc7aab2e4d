import { expect } from 'chai';
import { periodOf, renderPeriod, unknownPlaceholders } from '../../src/modules/recurring/period-placeholders';
import type { Schedule } from '../../src/modules/recurring/schedule';

const monthly: Schedule = {
  startDate: '2027-01-31',
  unit: 'MONTH',
  every: 1,
  lastDayOfMonth: true,
  endDate: null,
  count: null,
};

describe('recurring series: period placeholders', () => {
  it('a period runs from its issue date to the day before the next scheduled one, the last as if the schedule went on', () => {
    expect(periodOf(monthly, 0)).to.deep.equal({ from: '2027-01-31', to: '2027-02-27' });
    expect(periodOf(monthly, 1)).to.deep.equal({ from: '2027-02-28', to: '2027-03-30' });
    expect(periodOf({ ...monthly, count: 2 }, 1)).to.deep.equal({ from: '2027-02-28', to: '2027-03-30' });
    const weekly: Schedule = { ...monthly, startDate: '2027-12-27', unit: 'WEEK', every: 2, lastDayOfMonth: false };
    expect(periodOf(weekly, 0)).to.deep.equal({ from: '2027-12-27', to: '2028-01-09' });
    const monthStart: Schedule = { ...monthly, startDate: '2028-02-01', lastDayOfMonth: false };
    expect(periodOf(monthStart, 0)).to.deep.equal({ from: '2028-02-01', to: '2028-02-29' });
  });

  it('renders month, year, from and to in cs, en and de, nominative month names with diacritics', () => {
    const text = '{{period.month}} {{period.year}}: {{period.from}} – {{ period.to }}';
    const march = { from: '2027-03-01', to: '2027-03-31' };
    expect(renderPeriod(text, march, 'cs')).to.equal('březen 2027: 1. 3. 2027 – 31. 3. 2027');
    expect(renderPeriod(text, march, 'en')).to.equal('March 2027: 2027-03-01 – 2027-03-31');
    expect(renderPeriod(text, march, 'de')).to.equal('März 2027: 01.03.2027 – 31.03.2027');
    const months = Array.from({ length: 12 }, (_, i) =>
      renderPeriod('{{period.month}}', { from: `2027-${String(i + 1).padStart(2, '0')}-01`, to: '2027-12-31' }, 'cs'),
    );
    expect(months).to.deep.equal([
      'leden',
      'únor',
      'březen',
      'duben',
      'květen',
      'červen',
      'červenec',
      'srpen',
      'září',
      'říjen',
      'listopad',
      'prosinec',
    ]);
    expect(renderPeriod('{{period.month}}', { from: '2027-01-05', to: '2027-02-04' }, 'de')).to.equal('Januar');
    expect(renderPeriod('No placeholder {x}', march, 'cs')).to.equal('No placeholder {x}');
  });

  it('names each text with an unknown placeholder by its field path', () => {
    expect(unknownPlaceholders({ items: [{ name: 'Hosting {{period.month}}' }], note: null })).to.deep.equal([]);
    const details = unknownPlaceholders({
      items: [{ name: 'a {{period.month}}' }, { name: '{{ period.day }} {{x}}' }],
      note: '{{}}',
    });
    expect(details.map((d) => d.path)).to.deep.equal(['items[1].name', 'note']);
    expect(details[0].message).to.match(/^unknown placeholder \{\{period\.day\}\}, \{\{x\}\};/);
  });
});
