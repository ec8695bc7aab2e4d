import { deflateSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { zipSync } from 'fflate';
import PDFDocument from 'pdfkit';
import { PDFDocument as PdfLib } from 'pdf-lib';
import { createExtractor, detectKind, EXTRACTION_LIMITS, ExtractionFailed } from '../../src/modules/inbox/extraction';

const FIXTURES = join(__dirname, '..', 'fixtures', 'inbox');

/** extract() must refuse with ExtractionFailed, its reason matching `reason`, within `seconds`. */
async function refused(
  content: Buffer,
  reason: RegExp,
  options: { seconds?: number; limits?: Parameters<typeof createExtractor>[0]; signal?: AbortSignal } = {},
): Promise<string> {
  const extractor = createExtractor(options.limits);
  const started = Date.now();
  let failure: unknown = null;
  try {
    await extractor.extract({ filename: 'bad', content }, options.signal);
  } catch (err) {
    failure = err;
  }
  const seconds = (Date.now() - started) / 1000;
  expect(failure, 'extract() should fail').to.be.instanceOf(ExtractionFailed);
  const message = (failure as ExtractionFailed).reason;
  expect(message).to.match(reason);
  expect(seconds, `failed after ${seconds} s`).to.be.below(options.seconds ?? 10);
  return message;
}

function pdfkitPdf(options: PDFKit.PDFDocumentOptions, draw: (pdf: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const pdf = new PDFDocument(options);
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => pdf.on('end', () => resolve(Buffer.concat(chunks))));
  draw(pdf);
  pdf.end();
  return done;
}

/** A one-page PDF whose content stream inflates to `bytes` of drawing operators (a few hundred kB on disk). */
function contentBomb(bytes: number): Buffer {
  const ops = Buffer.alloc(bytes, '0 0 m 1 1 l S\n');
  const stream = deflateSync(ops, { level: 9 });
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>',
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n')];
  const offsets: number[] = [];
  let length = parts[0].length;
  const push = (b: Buffer) => {
    parts.push(b);
    length += b.length;
  };
  objects.forEach((o, i) => {
    offsets.push(length);
    push(Buffer.from(`${i + 1} 0 obj\n${o}\nendobj\n`));
  });
  offsets.push(length);
  push(Buffer.from(`4 0 obj\n<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`));
  push(stream);
  push(Buffer.from('\nendstream\nendobj\n'));
  const xref = length;
  const rows = offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  push(
    Buffer.from(
      `xref\n0 5\n0000000000 65535 f \n${rows}trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`,
    ),
  );
  return Buffer.concat(parts);
}

/** A PNG whose header says width × height (image-size reads only the header; nothing decodes it). */
function pngHeader(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit grey
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(data: Buffer): number {
  let c = ~0;
  for (const byte of data) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

describe('inbox extraction: bad input (issue 29 point 7)', function () {
  this.timeout(60_000);

  it('documents its limits', () => {
    expect(EXTRACTION_LIMITS).to.include({ bytes: 10 * 1024 * 1024, pages: 20, megapixels: 40, seconds: 120 });
  });

  it('a 0-byte file fails as empty', async () => {
    await refused(Buffer.alloc(0), /empty \(0 bytes\)/);
    expect(detectKind(Buffer.alloc(0))).to.equal(null);
  });

  it('a file of another type fails (and detectKind says null, 415)', async () => {
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1');
    expect(detectKind(gif)).to.equal(null);
    await refused(gif, /not a PDF, PNG, JPEG, \.isdoc or \.isdocx/);
  });

  it('a file over the size limit fails before it is read', async () => {
    await refused(Buffer.alloc(EXTRACTION_LIMITS.bytes + 1, 0x20), /larger than 10485760 bytes/);
  });

  it('a PDF encrypted with a password fails as encrypted', async () => {
    const pdf = await pdfkitPdf({ userPassword: 'secret', ownerPassword: 'owner', pdfVersion: '1.7' }, (doc) => {
      doc.text('Faktura č. 1, IČO 26149877, celkem 1 000,00 Kč');
    });
    expect(detectKind(pdf)).to.equal('PDF');
    await refused(pdf, /encrypted with a password/);
  });

  it('a PDF bomb of 5,000 pages fails on the page limit before anything is drawn', async () => {
    const doc = await PdfLib.create();
    for (let i = 0; i < 5000; i++) doc.addPage([200, 200]);
    const pdf = Buffer.from(await doc.save());
    await refused(pdf, /has 5000 pages; at most 20 are read/, { seconds: 10 });
  });

  it('a PDF bomb whose page inflates to 300 MB of drawing fails within the time limit', async () => {
    const pdf = contentBomb(300 * 1024 * 1024);
    expect(pdf.length).to.be.below(EXTRACTION_LIMITS.bytes);
    await refused(pdf, /took too long \(pdftotext passed the limit of 4 seconds per file\)/, {
      limits: { limits: { seconds: 4 } },
      seconds: 8,
    });
  });

  it('a PDF page too large to draw fails on the megapixel limit', async () => {
    const doc = await PdfLib.create();
    doc.addPage([14400, 14400]); // 200 × 200 inches: 3,600 megapixels at 300 dpi
    await refused(
      Buffer.from(await doc.save()),
      /Page 1 is too large to read \(3600\.0 megapixels at 300 dpi; the limit is 40\)/,
    );
  });

  it('a 50-megapixel image fails on its header, undecoded', async () => {
    const png = pngHeader(10_000, 5_000);
    expect(detectKind(png)).to.equal('PNG');
    await refused(png, /too large to read \(10000 × 5000 pixels, 50\.0 megapixels; the limit is 40\)/, { seconds: 2 });
  });

  it('a damaged image fails as unreadable', async () => {
    const png = Buffer.concat([pngHeader(100, 100).subarray(0, 8), Buffer.from('garbage')]);
    await refused(png, /image cannot be read/);
  });

  it('a ZIP bomb as .isdocx fails on the unpacked size, never inflated', async () => {
    const zip = Buffer.from(zipSync({ 'faktura.isdoc': new Uint8Array(200 * 1024 * 1024) }, { level: 9 }));
    expect(zip.length).to.be.below(1024 * 1024);
    expect(detectKind(zip)).to.equal('ISDOCX');
    await refused(zip, /unpacks to more than 10485760 bytes/, { seconds: 3 });
  });

  it('an .isdoc that is no XML fails with the reason', async () => {
    await refused(Buffer.from('<Invoice xmlns="http://isdoc.cz/namespace/2013"><ID>1<', 'utf8'), /ISDOC/);
  });

  it('an aborted extraction stops its tool and fails as cancelled', async () => {
    const controller = new AbortController();
    const pending = refused(readFileSync(join(FIXTURES, 'f01-kancelar-300dpi.png')), /cancelled/, {
      signal: controller.signal,
      seconds: 5,
    });
    setImmediate(() => controller.abort());
    await pending;
  });

  it('after all of these the extractor still reads a good file', async () => {
    const result = await createExtractor().extract({
      filename: 'f01-kancelar.pdf',
      content: readFileSync(join(FIXTURES, 'f01-kancelar.pdf')),
    });
    expect(result.method).to.equal('TEXT');
    expect(result.fields.supplierIco?.value).to.equal('26149877');
  });
});
