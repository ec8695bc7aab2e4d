import fs from 'node:fs';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import SVGtoPDF from 'svg-to-pdfkit';
import { qrModules, type PrintedDocument, type RecapitulationRow } from './printed-document';

/**
 * DejaVu has every Czech glyph; bundled from npm, so no system font is needed. Parsed once: parsing
 * the TTF tables was most of a render when pdfkit did it for every document.
 *
 * A shared font caches each glyph with the characters it was first made for, and pdfkit's text map
 * (what a reader copies or extracts) takes them from there. A glyph first made without them (when a
 * subset or an SVG logo asks by glyph id) would lose its letter in every later document ("Rekapitulae"),
 * so every glyph of the character map is made once here, with its character.
 */
function dejaVu(file: string): PDFKit.Mixins.PDFFontSource {
  const font = fontkit.create(fs.readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`))) as fontkit.Font;
  for (const codePoint of font.characterSet) font.glyphForCodePoint(codePoint);
  return font as unknown as PDFKit.Mixins.PDFFontSource;
}
export const FONTS = { regular: dejaVu('DejaVuSans.ttf'), bold: dejaVu('DejaVuSans-Bold.ttf') };

const MARGIN = 40;
const WIDTH = 595.28 - 2 * MARGIN; // A4
const BOTTOM = 841.89 - MARGIN;
/** Item table columns: name, quantity, unit price, VAT rate, base, VAT, total (x offsets and widths). */
const COLUMNS: [number, number][] = [
  [0, 165],
  [165, 55],
  [220, 65],
  [285, 40],
  [325, 65],
  [390, 55],
  [445, WIDTH - 445],
];

class Writer {
  y = MARGIN;
  constructor(
    readonly pdf: PDFKit.PDFDocument,
    private readonly accent: string,
  ) {}

  /** Starts a new page when `height` more points would not fit. */
  room(height: number): void {
    if (this.y + height > BOTTOM) {
      this.pdf.addPage();
      this.y = MARGIN;
    }
  }

  line(
    text: string,
    options: {
      size?: number;
      bold?: boolean;
      color?: string;
      x?: number;
      width?: number;
      align?: 'left' | 'right';
    } = {},
  ): void {
    const { size = 9, bold = false, color = '#222222', x = 0, width = WIDTH - x, align = 'left' } = options;
    this.pdf
      .font(bold ? 'bold' : 'regular')
      .fontSize(size)
      .fillColor(color);
    const height = this.pdf.heightOfString(text, { width });
    this.room(height);
    this.pdf.text(text, MARGIN + x, this.y, { width, align });
    this.y += height + 1;
  }

  heading(text: string, x = 0, width?: number): void {
    this.line(text, { size: 8, bold: true, color: this.accent, x, width });
  }

  row(cells: string[], options: { bold?: boolean; header?: boolean } = {}): void {
    this.pdf.font(options.bold || options.header ? 'bold' : 'regular').fontSize(8);
    const height = Math.max(...cells.map((c, i) => this.pdf.heightOfString(c, { width: COLUMNS[i][1] - 6 }))) + 6;
    this.room(height);
    if (options.header) this.pdf.rect(MARGIN, this.y, WIDTH, height).fill(this.accent);
    this.pdf.fillColor(options.header ? '#ffffff' : '#222222');
    cells.forEach((cell, i) => {
      const [x, w] = COLUMNS[i];
      this.pdf.text(cell, MARGIN + x + 3, this.y + 3, { width: w - 6, align: i === 0 ? 'left' : 'right' });
    });
    this.y += height;
    if (!options.header)
      this.pdf
        .moveTo(MARGIN, this.y)
        .lineTo(MARGIN + WIDTH, this.y)
        .lineWidth(0.5)
        .strokeColor('#dddddd')
        .stroke();
  }
}

function party(w: Writer, title: string, lines: string[], x: number): number {
  const top = w.y;
  w.heading(title, x, WIDTH / 2 - 10);
  for (const [i, text] of lines.entries())
    w.line(text, { x, width: WIDTH / 2 - 10, bold: i === 0, size: i === 0 ? 10 : 9 });
  const end = w.y;
  w.y = top;
  return end;
}

/** The QR code as vector squares (with the 4-module quiet zone): sharp at any zoom, no image to encode. */
function drawQr(pdf: PDFKit.PDFDocument, spayd: string, x: number, y: number, side: number): void {
  const { size, dark } = qrModules(spayd);
  const cell = side / (size + 8);
  pdf.rect(x, y, side, side).fill('#ffffff');
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++)
      if (dark(row, col)) pdf.rect(x + (col + 4) * cell, y + (row + 4) * cell, cell, cell);
  }
  pdf.fill('#000000');
}

const LOGO_BOX = { x: MARGIN + WIDTH - 150, y: MARGIN, width: 150, height: 60 };

/**
 * The logo in the top right corner. An SVG (checked on upload: no scripts, no outside references)
 * is drawn as vectors, its text in DejaVu; it can reach no file or URL. One that cannot be drawn is
 * left out rather than failing the document.
 */
function drawLogo(pdf: PDFKit.PDFDocument, logo: { contentType: string; data: Buffer }): void {
  const { x, y, width, height } = LOGO_BOX;
  if (logo.contentType === 'image/png') {
    pdf.image(logo.data, x, y, { fit: [width, height], align: 'right' });
    return;
  }
  try {
    SVGtoPDF(pdf, logo.data.toString('utf8'), x, y, {
      width,
      height,
      preserveAspectRatio: 'xMaxYMin meet',
      fontCallback: (_family, bold) => (bold ? 'bold' : 'regular'),
      imageCallback: () => '',
      documentCallback: () => '',
      warningCallback: () => undefined,
    });
  } catch {
    // A logo is decoration; the document prints without it.
  }
}

/** A file the PDF carries (ISDOC.PDF: the document's ISDOC, issue 27). */
export interface PdfAttachment {
  name: string;
  type: string;
  description: string;
  data: Buffer;
}

/**
 * Draws the printed model on A4. The PDF's dates come from `at` (the document version), so one
 * version always renders to the same bytes. `attachment`: embedded in the EmbeddedFiles name tree
 * (and the catalogue's AF, as the document's alternative form).
 */
export function renderPdf(d: PrintedDocument, at: Date, attachment: PdfAttachment | null = null): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: {
      Title: `${d.title} ${d.number}`,
      Author: d.supplier.name,
      Producer: 'Faktura',
      Creator: 'Faktura',
      CreationDate: at,
      ModDate: at,
    },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  if (attachment) {
    // pdfkit 0.20 writes `relationship` as the file's AFRelationship; @types/pdfkit does not list it.
    const options: PDFKit.Mixins.PDFAttachmentOptions & { relationship: string } = {
      name: attachment.name,
      type: attachment.type,
      description: attachment.description,
      relationship: 'Alternative',
      creationDate: at,
      modifiedDate: at,
    };
    pdf.file(attachment.data, options);
  }
  pdf.registerFont('regular', FONTS.regular);
  pdf.registerFont('bold', FONTS.bold);
  const l = d.labels;
  const w = new Writer(pdf, d.accentColor);

  pdf.rect(0, 0, 595.28, 6).fill(d.accentColor);
  if (d.logo) drawLogo(pdf, d.logo);
  w.line(d.title, { size: 18, bold: true, color: d.accentColor, width: WIDTH - 160 });
  if (d.notice) w.line(d.notice, { size: 10, bold: true, width: WIDTH - 160 });
  w.line(`${l.number}: ${d.number}`, { size: 11, bold: true, width: WIDTH - 160 });
  w.y = Math.max(w.y, MARGIN + 64) + 10;

  const s = d.supplier;
  const supplierLines = [
    s.name,
    ...s.address,
    ...(s.taxId ? [`${l.taxId}: ${s.taxId}`] : []),
    ...(s.vatId ? [`${l.vatId}: ${s.vatId}`] : []),
    ...(s.vatPayer ? [] : [l.notVatPayer]),
    ...(s.email ? [s.email] : []),
    ...(s.phone ? [s.phone] : []),
  ];
  const cu = d.customer;
  const customerLines = [
    cu.name,
    ...cu.address,
    ...(cu.taxId ? [`${l.taxId}: ${cu.taxId}`] : []),
    ...(cu.vatId ? [`${l.vatId}: ${cu.vatId}`] : []),
  ];
  w.y = Math.max(party(w, l.supplier, supplierLines, 0), party(w, l.customer, customerLines, WIDTH / 2 + 10)) + 12;

  const facts: [string, string][] = [[l.issueDate, d.issueDate]];
  if (d.taxableSupplyDate) facts.push([l.taxableSupplyDate, d.taxableSupplyDate]);
  if (d.paymentDetails) facts.push([l.dueDate, d.dueDate]);
  if (d.paymentDetails && d.variableSymbol) facts.push([l.variableSymbol, d.variableSymbol]);
  if (d.quote?.validUntil) facts.push([l.validUntil, d.quote.validUntil]);
  if (d.quote?.answer) facts.push([d.title, d.quote.answer]);
  if (d.proformaNumber) facts.push([l.proforma, d.proformaNumber]);
  if (d.settledAdvances) facts.push([l.settledAdvances, d.settledAdvances]);
  if (d.correction)
    facts.push([l.correctedDocument, d.correction.documentNumber], [l.correctionReason, d.correction.reason]);
  for (const [label, value] of facts) {
    const y = w.y;
    w.line(`${label}:`, { width: 160 });
    w.y = y;
    w.line(value, { x: 165, width: 200, bold: true });
  }
  w.y += 10;

  if (d.prices) {
    w.row([l.item, l.quantity, l.unitPrice, l.vatRate, l.base, l.vat, l.lineTotal], { header: true });
    for (const i of d.lines) w.row([i.name, `${i.quantity} ${i.unit}`, i.unitPrice, i.vatRate, i.base, i.vat, i.total]);
    w.y += 12;
    drawAmounts(w, d);
  } else {
    w.row([l.item, l.quantity], { header: true });
    for (const i of d.lines) w.row([i.name, `${i.quantity} ${i.unit}`]);
    w.y += 12;
  }
  if (d.paymentDetails) drawPayment(w, d);
  w.y += 10;
  if (s.registryText) w.line(s.registryText, { size: 7, color: '#666666' });
  if (d.footerText) w.line(d.footerText, { size: 8, color: '#666666' });
  pdf.end();
  return done;
}

/** The recapitulations and sums; paid and remaining only on a document that asks for money. */
function drawAmounts(w: Writer, d: PrintedDocument): void {
  const l = d.labels;

  const recapitulation = (heading: string, rows: RecapitulationRow[]) => {
    w.heading(heading);
    w.row([l.vatRate, '', '', '', l.base, l.vat, l.lineTotal], { header: true });
    for (const r of rows) w.row([r.vatRate, '', '', '', r.base, r.vat, r.total]);
    w.y += 10;
  };
  recapitulation(d.correction ? l.correctionDifferences : l.recapitulation, d.recapitulation);
  if (d.czk) recapitulation(`${l.recapitulationCzk} (${l.exchangeRate} ${d.czk.exchangeRate})`, d.czk.recapitulation);

  const sums: [string, string, boolean][] = [
    [l.base, d.subtotal, false],
    [l.vat, d.vatTotal, false],
    [l.lineTotal, d.total, false],
    ...(d.credited ? [[l.credited, d.credited, false] as [string, string, boolean]] : []),
    ...(d.paymentDetails
      ? [
          [l.paid, d.paid, false] as [string, string, boolean],
          [l.remaining, d.remaining, true] as [string, string, boolean],
        ]
      : []),
  ];
  for (const [label, value, strong] of sums) {
    const y = w.y;
    w.line(label, { x: WIDTH - 260, width: 130, bold: strong, size: strong ? 11 : 9 });
    w.y = y;
    w.line(`${value} ${d.currency}`, {
      x: WIDTH - 130,
      width: 130,
      align: 'right',
      bold: strong,
      size: strong ? 11 : 9,
    });
  }
  w.y += 14;
  if (d.reverseCharge) {
    w.line(d.reverseCharge, { bold: true });
    w.y += 10;
  }
}

/** How to pay: the account, the variable symbol, the due date and the QR code. */
function drawPayment(w: Writer, d: PrintedDocument): void {
  const { pdf } = w;
  const l = d.labels;
  w.room(150);
  const paymentTop = w.y;
  w.heading(l.payment);
  w.line(`${l.paymentMethod}: ${l.bankTransfer}`);
  if (d.payment.accountNumber) w.line(`${l.accountNumber}: ${d.payment.accountNumber}`);
  if (d.payment.iban) w.line(`${l.iban}: ${d.payment.iban}`);
  if (d.variableSymbol) w.line(`${l.variableSymbol}: ${d.variableSymbol}`);
  w.line(`${l.dueDate}: ${d.dueDate}`);
  if (d.qr) {
    drawQr(pdf, d.qr.spayd, MARGIN + WIDTH - 130, paymentTop, 130);
    pdf
      .font('regular')
      .fontSize(7)
      .fillColor('#666666')
      .text(l.qrAlt, MARGIN + WIDTH - 130, paymentTop + 132, { width: 130, align: 'center' });
    w.y = Math.max(w.y, paymentTop + 145);
  }
}
