import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { imageSize } from 'image-size';
import { degrees, PDFDocument } from 'pdf-lib';
import { createExtractor, detectKind } from '../../src/modules/inbox/extraction';
import { accuracyTable, corpus, CORPUS_DIR, expectedOf, ratio, score, type Field } from './corpus';

const KEY_FIELDS: Field[] = ['supplierIco', 'variableSymbol', 'total'];
const ISDOC_DIR = join(__dirname, '..', 'fixtures', 'isdoc');

/**
 * Issue 29 point 5: the corpus of received invoices (test/fixtures/inbox, scripts/inbox-corpus.ts).
 * IČO, variable symbol and total right on every text-layer PDF; at least 90 % of them right on the
 * 300 dpi scans (one turned upside down, one noisy). Per-field accuracy is printed.
 */
describe('inbox extraction: accuracy on the corpus (issue 29 point 5)', function () {
  this.timeout(180_000);
  const extractor = createExtractor();
  const entries = corpus();

  it('has at least 12 invoices, by Faktura and by hand, each with PNGs at 150 and 300 dpi and expected fields', () => {
    expect(entries.length).to.be.at.least(12);
    expect(entries.filter((e) => e.producer === 'faktura')).to.have.length.at.least(3);
    expect(entries.filter((e) => e.producer === 'pdfkit')).to.have.length.at.least(3);
    for (const e of entries) {
      expect(e.scans.some((s) => s.endsWith('-150dpi.png'))).to.equal(true);
      expect(e.scans.some((s) => s.endsWith('-300dpi.png'))).to.equal(true);
    }
    expect(entries.flatMap((e) => e.scans).some((s) => /rotated|noisy/.test(s))).to.equal(true);
  });

  it('reads IČO, variable symbol and total right on every text-layer PDF', async () => {
    const rows = await score(
      extractor,
      entries.map((e) => ({ file: `${e.id}.pdf`, id: e.id })),
    );
    process.stdout.write(
      `\n      text-layer PDFs (${rows.length}):\n${accuracyTable(rows)
        .map((l) => `      ${l}`)
        .join('\n')}\n`,
    );
    for (const r of rows) {
      expect(r.method, r.file).to.equal('TEXT');
      for (const f of KEY_FIELDS) expect(r.right[f], `${r.file}: ${f}`).to.equal(true);
    }
  });

  it('reads at least 90 % of IČO, variable symbol and total right on the 300 dpi scans', async () => {
    const files = entries.flatMap((e) =>
      e.scans.filter((s) => s.includes('300dpi')).map((file) => ({ file, id: e.id })),
    );
    const rows = await score(extractor, files, 2);
    const key = ratio(rows, KEY_FIELDS);
    const perPage = rows.reduce((s, r) => s + r.seconds, 0) / rows.length;
    process.stdout.write(
      `\n      300 dpi scans (${rows.length}), key fields ${(key * 100).toFixed(1)} %, ${perPage.toFixed(1)} s per page:\n${accuracyTable(
        rows,
      )
        .map((l) => `      ${l}`)
        .join('\n')}\n`,
    );
    for (const r of rows) expect(r.method, r.file).to.equal('OCR');
    expect(key).to.be.at.least(0.9);
    // The page turned upside down is read as well as the upright one.
    const turned = rows.find((r) => r.file.includes('rotated'));
    expect(turned && KEY_FIELDS.every((f) => turned.right[f]), 'the rotated scan').to.equal(true);
  });

  it('reads a scanned PDF (an image, no text layer) by OCR, page by page at 300 dpi', async () => {
    const pdf = await PDFDocument.create();
    const image = await pdf.embedPng(readFileSync(join(CORPUS_DIR, 'h06-velkoobchod-150dpi.png')));
    pdf.addPage([595.28, 841.89]).drawImage(image, { x: 0, y: 0, width: 595.28, height: 841.89 });
    const result = await extractor.extract({ filename: 'scan.pdf', content: Buffer.from(await pdf.save()) });
    expect(result).to.deep.include({ method: 'OCR', pages: 1 });
    const expected = expectedOf('h06-velkoobchod');
    expect(result.fields.supplierIco?.value).to.equal(expected.supplierIco);
    expect(result.fields.total?.value).to.equal(expected.total);
  });

  it('reads a page scanned sideways (turned 90°)', async () => {
    const doc = await PDFDocument.load(readFileSync(join(CORPUS_DIR, 'f02-catering.pdf')));
    doc.getPage(0).setRotation(degrees(90));
    const dir = mkdtempSync(join(tmpdir(), 'inbox-turned-'));
    try {
      writeFileSync(join(dir, 'turned.pdf'), await doc.save());
      execFileSync('pdftoppm', ['-r', '300', '-gray', '-png', '-singlefile', join(dir, 'turned.pdf'), join(dir, 'p')]);
      const result = await extractor.extract({ filename: 'turned.png', content: readFileSync(join(dir, 'p.png')) });
      const expected = expectedOf('f02-catering');
      for (const f of ['supplierIco', 'variableSymbol', 'total'] as const)
        expect(result.fields[f]?.value, f).to.equal(expected[f]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads an ISDOC, an .isdocx and a PDF embedding one exactly (confidence 1)', async () => {
    const xml = readFileSync(join(ISDOC_DIR, 'pohoda-6.0.1-czk.isdoc'));
    const direct = await extractor.extract({ filename: 'f.isdoc', content: xml });
    expect(direct).to.deep.include({ method: 'ISDOC', engine: 'isdoc 6.0.1', pages: 0 });
    expect(direct.fields.documentNumber).to.deep.equal({ value: 'FV-2026-0412', confidence: 1 });
    expect(direct.fields.issueDate).to.deep.equal({ value: '2026-06-01', confidence: 1 });
    expect(direct.fields.supplierIco).to.deep.equal({ value: '27082440', confidence: 1 });

    const { zipSync } = await import('fflate');
    const isdocx = Buffer.from(zipSync({ 'faktura.isdoc': new Uint8Array(xml) }));
    expect((await extractor.extract({ filename: 'f.isdocx', content: isdocx })).fields).to.deep.equal(direct.fields);

    const pdf = await PDFDocument.create();
    pdf.addPage([300, 300]).drawText('ISDOC.PDF', { x: 20, y: 150 });
    await pdf.attach(xml, 'faktura.isdoc', { mimeType: 'application/xml' });
    const embedded = await extractor.extract({ filename: 'f.pdf', content: Buffer.from(await pdf.save()) });
    expect(embedded).to.deep.include({ method: 'ISDOC', pages: 1 });
    expect(embedded.fields).to.deep.equal(direct.fields);
  });

  it('gives confidences: 1 for nothing read by OCR, lower for what OCR read', async () => {
    const text = await extractor.extract({
      filename: 'a.pdf',
      content: readFileSync(join(CORPUS_DIR, 'f01-kancelar.pdf')),
    });
    expect(text.engine).to.match(/^pdftotext \(poppler \d+\.\d+\.\d+\)$/);
    expect(text.fields.supplierIco!.confidence).to.be.within(0.9, 1);
    expect(text.textChars).to.be.greaterThan(500);
    const scan = await extractor.extract({
      filename: 'a.png',
      content: readFileSync(join(CORPUS_DIR, 'f01-kancelar-300dpi.png')),
    });
    expect(scan.engine).to.match(/^tesseract 5\.\d+\.\d+ \(ces\+eng\)$/);
    expect(scan.fields.supplierIco!.confidence).to.be.below(text.fields.supplierIco!.confidence);
  });

  it('says whether OCR is available and renders page images (PDF page, PNG, JPEG) as PNG; reads a JPEG', async () => {
    expect(await extractor.ocrAvailable()).to.equal(true);
    const page = await extractor.renderPage(
      { filename: 'a.pdf', content: readFileSync(join(CORPUS_DIR, 'h02-tiskarna.pdf')) },
      1,
    );
    expect(detectKind(page)).to.equal('PNG');
    expect(imageSize(page)).to.include({ width: 827, height: 1170 }); // A4 at 100 dpi
    let failure: unknown = null;
    await extractor
      .renderPage({ filename: 'a.pdf', content: readFileSync(join(CORPUS_DIR, 'h02-tiskarna.pdf')) }, 2)
      .catch((e: unknown) => (failure = e));
    expect(String(failure)).to.match(/has 1 page/);

    const png = readFileSync(join(CORPUS_DIR, 'f01-kancelar-150dpi.png'));
    expect(await extractor.renderPage({ filename: 'a.png', content: png }, 1)).to.deep.equal(png);

    // A photo as JPEG (pdftoppm -jpeg): its page image is a PNG of its pixels, and OCR reads it.
    const dir = mkdtempSync(join(tmpdir(), 'inbox-jpeg-'));
    try {
      execFileSync('pdftoppm', [
        '-r',
        '150',
        '-jpeg',
        '-singlefile',
        join(CORPUS_DIR, 'h04-truhlar.pdf'),
        join(dir, 'p'),
      ]);
      const jpeg = readFileSync(join(dir, 'p.jpg'));
      expect(detectKind(jpeg)).to.equal('JPEG');
      const image = await extractor.renderPage({ filename: 'a.jpg', content: jpeg }, 1);
      expect(detectKind(image)).to.equal('PNG');
      expect(imageSize(image)).to.include({ width: imageSize(jpeg).width, height: imageSize(jpeg).height });
      const read = await extractor.extract({ filename: 'a.jpg', content: jpeg });
      expect(read.method).to.equal('OCR');
      expect(read.fields.total?.value).to.equal(expectedOf('h04-truhlar').total);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
