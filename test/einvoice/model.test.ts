import { expect } from 'chai';
import { countryOf } from '../../src/modules/documents/einvoice/countries';
import { splitStreet } from '../../src/modules/documents/einvoice/einvoice-model';
import { unitCode } from '../../src/modules/documents/einvoice/einvoice-ubl';
import { escapeXml, XmlWriter } from '../../src/modules/documents/einvoice/xml-writer';

/** Issue 27: the pieces of the e-invoice mapping that read what people typed. */
describe('e-invoices: addresses, countries, units and XML text', () => {
  it('splits the building number off the street, and keeps a street without one whole', () => {
    expect(splitStreet('Příčná 1892/4')).to.deep.equal({ street: 'Příčná', buildingNumber: '1892/4' });
    expect(splitStreet('Na Příkopě 33a')).to.deep.equal({ street: 'Na Příkopě', buildingNumber: '33a' });
    expect(splitStreet('28. října 12')).to.deep.equal({ street: '28. října', buildingNumber: '12' });
    expect(splitStreet('Dolní Lhota')).to.deep.equal({ street: 'Dolní Lhota', buildingNumber: '' });
    expect(splitStreet(null)).to.deep.equal({ street: '', buildingNumber: '' });
  });

  it('turns a country written freely into its ISO code: a code, a known name, the VAT id, else CZ', () => {
    expect(countryOf('sk')).to.deep.equal({ code: 'SK', name: 'SK' });
    expect(countryOf('Německo')).to.deep.equal({ code: 'DE', name: 'Německo' });
    expect(countryOf('Czech Republic')).to.deep.equal({ code: 'CZ', name: 'Czech Republic' });
    expect(countryOf('Republik Österreich', 'ATU12345678')).to.deep.equal({ code: 'AT', name: 'Republik Österreich' });
    expect(countryOf(null, 'EL123456789')).to.deep.equal({ code: 'GR', name: 'GR' });
    expect(countryOf(null)).to.deep.equal({ code: 'CZ', name: 'Česká republika' });
    expect(countryOf('Kocourkov')).to.deep.equal({ code: 'CZ', name: 'Kocourkov' });
  });

  it('maps the common Czech units to UN/ECE codes, any other to C62', () => {
    expect(['ks', 'h', 'Kg', 'm²', 'den', 'balení'].map(unitCode)).to.deep.equal([
      'H87',
      'HUR',
      'KGM',
      'MTK',
      'DAY',
      'C62',
    ]);
  });

  it('escapes markup and drops what XML 1.0 cannot hold', () => {
    expect(escapeXml(`<a href="x">Tom & 'Jerry'</a>`)).to.equal(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; &apos;Jerry&apos;&lt;/a&gt;',
    );
    expect(escapeXml('a\u0000b\u0007c\td\ne\uFFFEf\uD800g😀')).to.equal('abc\td\nefg😀');
    const x = new XmlWriter();
    x.element('Root', { a: 'x"y', skipped: null }, () => x.leaf('Empty', null).leaf('Name', 'A & B'));
    expect(x.toString()).to.equal(
      '<?xml version="1.0" encoding="UTF-8"?>\n<Root a="x&quot;y">\n  <Name>A &amp; B</Name>\n</Root>\n',
    );
  });
});
