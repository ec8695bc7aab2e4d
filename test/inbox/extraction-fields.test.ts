import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { expect } from 'chai';
import { createExtractor } from '../../src/modules/inbox/extraction';
import {
  accountOfIban,
  ibanOfAccount,
  validAccount,
  validIban,
  validIco,
} from '../../src/modules/inbox/extraction/checks';
import { fieldsOfText, parseAmount } from '../../src/modules/inbox/extraction/fields';
import { CORPUS_DIR } from './corpus';

describe('inbox extraction: checks and parsing of the text', () => {
  it('checks IČO (mod 11), IBAN (mod 97) and Czech accounts (weights mod 11)', () => {
    expect(validIco('26149877')).to.equal(true);
    expect(validIco('26149878')).to.equal(false);
    expect(validIco('00000019')).to.equal(true); // sum 1 → check 0
    expect(validIban('CZ6508000000192000145399')).to.equal(true);
    expect(validIban('CZ6508000000192000145398')).to.equal(false);
    expect(validAccount('19', '2000145399')).to.equal(true);
    expect(validAccount(null, '2000145398')).to.equal(false);
    expect(accountOfIban('CZ6508000000192000145399')).to.equal('19-2000145399/0800');
    expect(ibanOfAccount('19-2000145399/0800')).to.equal('CZ6508000000192000145399');
  });

  it('reads Czech and English amounts', () => {
    expect(parseAmount('12 100,00')).to.equal('12100.00');
    expect(parseAmount('12.100,50')).to.equal('12100.50');
    expect(parseAmount('12,100.50')).to.equal('12100.50');
    expect(parseAmount('1 210,5')).to.equal('1210.50');
    expect(parseAmount('99.90')).to.equal('99.90');
    // Not numbers (bignumber.js throws on such text; OCR reads anything): no amount, never an exception.
    for (const text of ['1.2.3', '=2 500,00', '12,50,00', '', ' ', '-', '1e5', 'NaN', '0x10']) {
      expect(parseAmount(text), text).to.equal(null);
    }
  });

  it('takes the supplier’s IČO and DIČ, not the customer’s, and rejects an IČO failing its check', () => {
    const text = [
      'Odběratel                       Dodavatel',
      'Naše firma s.r.o.               Cizí firma a.s.',
      'IČO: 27458938                   IČO: 26149877',
      'DIČ: CZ27458938                 DIČ: CZ26149877',
      'Datum vystavení: 3. 11. 2026',
      'Datum splatnosti: 17.11.2026',
      'Variabilní symbol: 20260458',
      'Celkem k úhradě: 1 210,00 Kč',
    ].join('\n');
    const f = fieldsOfText(text);
    expect(f.supplierIco?.value).to.equal('26149877');
    expect(f.supplierDic?.value).to.equal('CZ26149877');
    expect(f.supplierName?.value).to.equal('Cizí firma a.s.');
    expect(f.issueDate?.value).to.equal('2026-11-03');
    expect(f.dueDate?.value).to.equal('2026-11-17');
    expect(f.variableSymbol?.value).to.equal('20260458');
    expect(f.total).to.deep.equal({ value: '1210.00', confidence: 0.9 });
    expect(fieldsOfText(text.replace('26149877', '26149878')).supplierIco).to.equal(null);
  });

  it('reads the VAT recapitulation per rate and checks it against the total', () => {
    const f = fieldsOfText(
      [
        'Rekapitulace DPH',
        '21 %   1 000,00   210,00   1 210,00',
        '12 %     500,00    60,00     560,00',
        'Celkem k úhradě  1 770,00 Kč',
      ].join('\n'),
    );
    expect(f.vat.map((r) => [r.rate, r.base, r.vat])).to.deep.equal([
      ['21', '1000.00', '210.00'],
      ['12', '500.00', '60.00'],
    ]);
    expect(f.total).to.deep.equal({ value: '1770.00', confidence: 0.98 });
  });

  it('marks a due date years away from the issue date (a misread digit) for review', () => {
    const f = fieldsOfText('Datum vystavení: 3. 11. 2026\nDatum splatnosti: 17. 11. 2086', { ocr: true });
    expect(f.dueDate?.value).to.equal('2086-11-17');
    expect(f.dueDate!.confidence).to.be.below(0.8);
  });
});

describe('inbox extraction: without tesseract', function () {
  this.timeout(30_000);
  let dir: string;
  let path: string | undefined;

  before(() => {
    // A PATH with poppler and prlimit but no tesseract, as on a server without the package.
    dir = mkdtempSync(join(tmpdir(), 'no-tesseract-'));
    for (const tool of ['prlimit', 'pdfinfo', 'pdftotext', 'pdftoppm', 'pdfdetach'])
      symlinkSync(execFileSync('which', [tool]).toString().trim(), join(dir, tool));
    path = process.env.PATH;
    process.env.PATH = dir;
  });
  after(() => {
    process.env.PATH = path;
    rmSync(dir, { recursive: true, force: true });
  });

  it('says OCR is unavailable, fails an image with that reason, and still reads a text-layer PDF', async () => {
    const extractor = createExtractor();
    expect(await extractor.ocrAvailable()).to.equal(false);
    let failure: unknown = null;
    await extractor
      .extract({ filename: 'scan.png', content: readFileSync(join(CORPUS_DIR, 'h04-truhlar-150dpi.png')) })
      .catch((e: unknown) => (failure = e));
    expect(String(failure)).to.match(/Image OCR is unavailable on this server \(tesseract-ocr with the ces and eng/);
    const text = await extractor.extract({
      filename: 'a.pdf',
      content: readFileSync(join(CORPUS_DIR, 'h04-truhlar.pdf')),
    });
    expect(text.method).to.equal('TEXT');
  });
});
