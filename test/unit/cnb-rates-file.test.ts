import { expect } from 'chai';
import { MalformedRatesFile, parseCnbFixing } from '../../src/modules/rates/cnb-rates-file';
import { cnbFile } from '../helpers/cnb-server';

describe('unit: ČNB denni_kurz.txt', () => {
  it('reads the date, the sequence and each line, a decimal comma and per-100 quotes as published', () => {
    const text = cnbFile('25.11.2026', 228, ['EMU|euro|1|EUR|24,280', 'Japonsko|jen|100|JPY|15,437']).replace(
      /\n/g,
      '\r\n',
    );
    expect(parseCnbFixing(text)).to.deep.equal({
      publishedOn: '2026-11-25',
      sequence: 228,
      rates: [
        { currency: 'EUR', amount: 1, rate: '24.28' },
        { currency: 'JPY', amount: 100, rate: '15.437' },
      ],
    });
  });

  const malformed: [string, string, RegExp][] = [
    ['an empty file', '', /line 1/],
    ['a first line without the sequence', 'země|měna|množství|kód|kurz\n', /line 1/],
    ['an impossible date', cnbFile('31.02.2026', 1, ['EMU|euro|1|EUR|24,280']), /not a date/],
    ['another header', '25.11.2026 #228\nzeme|mena|mnozstvi|kod|kurz\nEMU|euro|1|EUR|24,280\n', /line 2/],
    ['no rates', cnbFile('25.11.2026', 228, []), /no rates/],
    ['a missing field', cnbFile('25.11.2026', 228, ['EMU|euro|EUR|24,280']), /line 3: expected 5 fields/],
    ['a decimal point', cnbFile('25.11.2026', 228, ['EMU|euro|1|EUR|24.280']), /line 3: rate/],
    ['a zero rate', cnbFile('25.11.2026', 228, ['EMU|euro|1|EUR|0,000']), /not positive/],
    ['a zero amount', cnbFile('25.11.2026', 228, ['EMU|euro|0|EUR|24,280']), /amount/],
    ['a lower-case code', cnbFile('25.11.2026', 228, ['EMU|euro|1|eur|24,280']), /ISO 4217/],
    ['a currency twice', cnbFile('25.11.2026', 228, ['EMU|euro|1|EUR|24,280', 'EMU|euro|1|EUR|24,290']), /twice/],
    ['an HTML page', '<!DOCTYPE html><html><body>Chyba</body></html>', /line 1/],
  ];
  for (const [what, text, message] of malformed) {
    it(`refuses ${what}`, () => {
      expect(() => parseCnbFixing(text))
        .to.throw(MalformedRatesFile)
        .with.property('message')
        .that.matches(message);
    });
  }
});
