import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import BigNumber from 'bignumber.js';
import PDFDocument from 'pdfkit';
import { PDFDocument as PdfLib, degrees } from 'pdf-lib';
import type { DocumentLanguage } from '../src/core/languages';
import { FONTS, renderPdf } from '../src/modules/documents/print/document-pdf';
import { amount as formatAmount } from '../src/modules/documents/print/formats';
import { LABELS } from '../src/modules/documents/print/labels';
import type { PrintedDocument } from '../src/modules/documents/print/printed-document';
import { spaydString } from '../src/modules/documents/print/spayd';

/**
 * `node -r @swc-node/register scripts/inbox-corpus.ts`: the costs inbox's corpus (issue 29 point 5),
 * test/fixtures/inbox/: received invoices of other companies, half drawn by Faktura's own PDF renderer
 * (renderPdf), half hand-made layouts (pdfkit); each as PDF, as PNG at 150 and 300 dpi (pdftoppm, grey),
 * with its expected fields (<name>.json). One is also scanned upside down (rotated 180°) and one noisy.
 * Deterministic: the same script writes the same files.
 */
const OUT = join(__dirname, '..', 'test', 'fixtures', 'inbox');

type Rate = '21' | '12' | '0';
interface Party {
  name: string;
  street: string;
  city: string;
  ico: string;
  dic: string | null;
}
interface Line {
  name: string;
  quantity: string;
  unit: string;
  price: string;
  rate: Rate;
}
interface Invoice {
  id: string;
  supplier: Party;
  customer: Party;
  number: string;
  vs: string;
  issue: string;
  taxable: string | null;
  due: string;
  currency: 'CZK' | 'EUR';
  lines: Line[];
  account: string | null;
  iban: string | null;
  vatPayer: boolean;
}

/** Deterministic pseudo-random numbers (mulberry32). */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An IČO with its mod-11 check digit. */
function ico(seven: string): string {
  let sum = 0;
  for (let i = 0; i < 7; i++) sum += Number(seven[i]) * (8 - i);
  return `${seven}${(11 - (sum % 11)) % 10}`;
}

const WEIGHTS = [6, 3, 7, 9, 10, 5, 8, 4, 2, 1];
/** A Czech account number passing the mod-11 weights, from its first digits (the last digit chosen; a 10 bumps the seed). */
function accountNumber(start: string): string {
  for (let bump = 0; ; bump++) {
    const head = String(BigInt(start) + BigInt(bump));
    const padded = head.padStart(9, '0');
    let sum = 0;
    for (let i = 0; i < 9; i++) sum += Number(padded[i]) * WEIGHTS[i];
    const last = (11 - (sum % 11)) % 11;
    if (last < 10) return `${head}${last}`;
  }
}

function ibanOf(prefix: string, number: string, bank: string): string {
  const bban = `${bank}${prefix.padStart(6, '0')}${number.padStart(10, '0')}`;
  const numeric = `${bban}123500`; // "CZ00" as digits: C=12, Z=35
  let rest = 0;
  for (const ch of numeric) rest = (rest * 10 + Number(ch)) % 97;
  return `CZ${String(98 - rest).padStart(2, '0')}${bban}`;
}

function grouped(iban: string): string {
  return iban.replace(/(.{4})/g, '$1 ').trim();
}

const us: Party = {
  name: 'Faktura Testovací s.r.o.',
  street: 'Na Příkopě 12',
  city: '110 00 Praha 1',
  ico: ico('2745893'),
  dic: `CZ${ico('2745893')}`,
};

function party(name: string, street: string, city: string, seven: string, vat = true): Party {
  const i = ico(seven);
  return { name, street, city, ico: i, dic: vat ? `CZ${i}` : null };
}

function account(prefix: string, start: string, bank: string) {
  const number = accountNumber(start);
  return { account: `${prefix ? `${prefix}-` : ''}${number}/${bank}`, iban: ibanOf(prefix, number, bank) };
}

const a1 = account('', '12345678', '0100');
const a2 = account('19', '200014539', '0800');
const a3 = account('', '287654321', '2010');
const a4 = account('', '70054312', '0300');
const a5 = account('35', '12987654', '0600');
const a6 = account('', '100200300', '5500');
const a7 = account('', '260110311', '0100');
const a8 = account('', '4403211', '2700');
const a9 = account('', '880012', '6210');
const a10 = account('', '1234509', '3030');
const a11 = account('', '55577700', '0800');
const a12 = account('', '99011', '0710');

/** The corpus: ids starting with "f" are drawn by Faktura's renderer, "h" by hand-made layouts. */
const INVOICES: (Invoice & { layout: 'faktura-cs' | 'faktura-en' | 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6' })[] = [
  {
    id: 'f01-kancelar',
    layout: 'faktura-cs',
    supplier: party('Kancelářské potřeby Novák s.r.o.', 'Husova 15', '602 00 Brno', '2614987'),
    customer: us,
    number: 'FV2026-0458',
    vs: '20260458',
    issue: '2026-11-03',
    taxable: '2026-11-03',
    due: '2026-11-17',
    currency: 'CZK',
    lines: [
      { name: 'Papír A4 80 g, 500 listů', quantity: '10', unit: 'bal', price: '119.00', rate: '21' },
      { name: 'Toner HP 59A', quantity: '2', unit: 'ks', price: '2490.00', rate: '21' },
    ],
    ...a1,
    vatPayer: true,
  },
  {
    id: 'f02-catering',
    layout: 'faktura-cs',
    supplier: party('Jídelna U Zlatého klasu, s.r.o.', 'Masarykovo nám. 4', '370 01 České Budějovice', '4610532'),
    customer: us,
    number: '2026110027',
    vs: '2026110027',
    issue: '2026-11-10',
    taxable: '2026-11-08',
    due: '2026-11-24',
    currency: 'CZK',
    lines: [
      { name: 'Catering — firemní školení, 24 osob', quantity: '24', unit: 'os', price: '385.50', rate: '12' },
      { name: 'Pronájem sálu', quantity: '1', unit: 'den', price: '4500.00', rate: '21' },
      { name: 'Nápoje', quantity: '48', unit: 'ks', price: '39.00', rate: '12' },
    ],
    ...a2,
    vatPayer: true,
  },
  {
    id: 'f03-software',
    layout: 'faktura-en',
    supplier: party('Cloudix Systems a.s.', 'Karlovo náměstí 288/17', '120 00 Praha 2', '0812345'),
    customer: us,
    number: 'INV-2026-10391',
    vs: '1039126',
    issue: '2026-11-01',
    taxable: '2026-10-31',
    due: '2026-11-15',
    currency: 'CZK',
    lines: [
      { name: 'Cloud hosting, October 2026', quantity: '1', unit: 'month', price: '18750.00', rate: '21' },
      { name: 'Support hours', quantity: '6.5', unit: 'h', price: '1450.00', rate: '21' },
    ],
    ...a3,
    vatPayer: true,
  },
  {
    id: 'f04-stavebniny',
    layout: 'faktura-cs',
    supplier: party('Stavebniny Horák a syn, v.o.s.', 'Průmyslová 1022', '500 03 Hradec Králové', '6354219'),
    customer: us,
    number: 'SH/2026/1187',
    vs: '11872026',
    issue: '2026-10-28',
    taxable: '2026-10-28',
    due: '2026-11-27',
    currency: 'CZK',
    lines: [
      { name: 'Sádrokarton 12,5 mm', quantity: '36', unit: 'ks', price: '189.90', rate: '21' },
      { name: 'Profil CW 50', quantity: '40', unit: 'ks', price: '94.20', rate: '21' },
      { name: 'Šrouby do SDK, balení', quantity: '5', unit: 'bal', price: '212.00', rate: '21' },
      { name: 'Doprava', quantity: '1', unit: 'ks', price: '950.00', rate: '21' },
    ],
    ...a4,
    vatPayer: true,
  },
  {
    id: 'f05-eur',
    layout: 'faktura-en',
    supplier: party('Brněnská tlumočnická s.r.o.', 'Údolní 53', '602 00 Brno', '2933147'),
    customer: us,
    number: 'T-2026-311',
    vs: '2026311',
    issue: '2026-11-12',
    taxable: '2026-11-12',
    due: '2026-11-26',
    currency: 'EUR',
    lines: [{ name: 'Překlad smlouvy CZ→DE, 14 NS', quantity: '14', unit: 'NS', price: '32.00', rate: '21' }],
    ...a5,
    vatPayer: true,
  },
  {
    id: 'f06-knihy',
    layout: 'faktura-cs',
    supplier: party('Knihkupectví Academia Olomouc s.r.o.', 'Horní náměstí 24', '779 00 Olomouc', '2587036'),
    customer: us,
    number: '260900312',
    vs: '260900312',
    issue: '2026-09-30',
    taxable: '2026-09-30',
    due: '2026-10-14',
    currency: 'CZK',
    lines: [
      { name: 'Účetnictví podnikatelů 2026 (kniha)', quantity: '2', unit: 'ks', price: '649.00', rate: '0' },
      { name: 'Zákon o DPH s komentářem', quantity: '1', unit: 'ks', price: '1290.00', rate: '0' },
      { name: 'Balné', quantity: '1', unit: 'ks', price: '89.00', rate: '21' },
    ],
    ...a6,
    vatPayer: true,
  },
  {
    id: 'h01-elektro',
    layout: 'h1',
    supplier: party('ELEKTRO Dvořák s.r.o.', 'Nádražní 211', '301 00 Plzeň', '2841056'),
    customer: us,
    number: '2026-0917',
    vs: '20260917',
    issue: '2026-11-05',
    taxable: '2026-11-05',
    due: '2026-11-19',
    currency: 'CZK',
    lines: [
      { name: 'Revize elektroinstalace', quantity: '1', unit: 'ks', price: '6800.00', rate: '21' },
      { name: 'Jistič B16 1P', quantity: '6', unit: 'ks', price: '145.00', rate: '21' },
    ],
    ...a7,
    vatPayer: true,
  },
  {
    id: 'h02-tiskarna',
    layout: 'h2',
    supplier: party('Tiskárna Morava a.s.', 'Tovární 9', '702 00 Ostrava', '4507122'),
    customer: us,
    number: 'TM-26-04412',
    vs: '2604412',
    issue: '2026-11-14',
    taxable: '2026-11-13',
    due: '2026-12-14',
    currency: 'CZK',
    lines: [
      { name: 'Vizitky, 4/4, 1000 ks', quantity: '3', unit: 'sada', price: '1290.00', rate: '21' },
      { name: 'Katalog A4, 32 stran', quantity: '500', unit: 'ks', price: '48.60', rate: '21' },
    ],
    ...a8,
    vatPayer: true,
  },
  {
    id: 'h03-consulting',
    layout: 'h3',
    supplier: party('Ostrava Consulting Group s.r.o.', '28. října 3346/91', '702 00 Ostrava', '0662183'),
    customer: us,
    number: 'OCG2026118',
    vs: '2026118',
    issue: '2026-11-18',
    taxable: '2026-11-18',
    due: '2026-12-02',
    currency: 'CZK',
    lines: [{ name: 'GDPR audit and report', quantity: '1', unit: 'pcs', price: '42000.00', rate: '21' }],
    ...a9,
    vatPayer: true,
  },
  {
    id: 'h04-truhlar',
    layout: 'h4',
    supplier: party('Petr Kratochvíl', 'Lipová 7', '566 01 Vysoké Mýto', '7331204', false),
    customer: us,
    number: '2026/37',
    vs: '202637',
    issue: '2026-11-09',
    taxable: null,
    due: '2026-11-23',
    currency: 'CZK',
    lines: [
      { name: 'Dubový stůl na míru', quantity: '1', unit: 'ks', price: '23500.00', rate: '0' },
      { name: 'Montáž', quantity: '3', unit: 'h', price: '450.00', rate: '0' },
    ],
    ...a10,
    vatPayer: false,
  },
  {
    id: 'h05-uklid',
    layout: 'h5',
    supplier: party('Úklidová služba Čistá Praha s.r.o.', 'Vinohradská 1511/230', '100 00 Praha 10', '2476019'),
    customer: us,
    number: 'UK-2026-1102',
    vs: '20261102',
    issue: '2026-11-02',
    taxable: '2026-10-31',
    due: '2026-11-16',
    currency: 'CZK',
    lines: [
      { name: 'Pravidelný úklid kanceláří, říjen', quantity: '1', unit: 'měs', price: '9800.00', rate: '21' },
      { name: 'Mytí oken', quantity: '42', unit: 'm2', price: '35.00', rate: '21' },
    ],
    ...a11,
    vatPayer: true,
  },
  {
    id: 'h06-velkoobchod',
    layout: 'h6',
    supplier: party('Velkoobchod Potraviny Jih s.r.o.', 'Kaplická 56', '370 06 České Budějovice', '2807164'),
    customer: us,
    number: '7260012045',
    vs: '7260012045',
    issue: '2026-11-20',
    taxable: '2026-11-20',
    due: '2026-12-04',
    currency: 'CZK',
    lines: [
      { name: 'Káva zrnková 1 kg', quantity: '12', unit: 'kg', price: '489.00', rate: '12' },
      { name: 'Mléko trvanlivé 1 l', quantity: '48', unit: 'ks', price: '21.90', rate: '12' },
      { name: 'Kávovar — servis', quantity: '1', unit: 'ks', price: '1850.00', rate: '21' },
      { name: 'Kelímky papírové', quantity: '10', unit: 'bal', price: '79.00', rate: '21' },
    ],
    ...a12,
    vatPayer: true,
  },
];

interface Computed {
  lines: (Line & { base: string; vat: string; total: string })[];
  recap: { rate: Rate; base: string; vat: string; total: string }[];
  subtotal: string;
  vatTotal: string;
  total: string;
}

/** Lines' base to the heller; VAT per rate from the rate's base (§ 37 ZDPH), rounded to the heller. */
function compute(inv: Invoice): Computed {
  const lines = inv.lines.map((l) => {
    const base = new BigNumber(l.quantity).times(l.price).decimalPlaces(2, BigNumber.ROUND_HALF_UP);
    const vat = inv.vatPayer ? base.times(l.rate).div(100).decimalPlaces(2, BigNumber.ROUND_HALF_UP) : new BigNumber(0);
    return { ...l, base: base.toFixed(2), vat: vat.toFixed(2), total: base.plus(vat).toFixed(2) };
  });
  const rates = (['21', '12', '0'] as Rate[]).filter((r) => lines.some((l) => l.rate === r));
  const recap = rates.map((rate) => {
    const base = BigNumber.sum(...lines.filter((l) => l.rate === rate).map((l) => l.base));
    const vat = inv.vatPayer ? base.times(rate).div(100).decimalPlaces(2, BigNumber.ROUND_HALF_UP) : new BigNumber(0);
    return { rate, base: base.toFixed(2), vat: vat.toFixed(2), total: base.plus(vat).toFixed(2) };
  });
  const subtotal = BigNumber.sum(...recap.map((r) => r.base));
  const vatTotal = BigNumber.sum(...recap.map((r) => r.vat));
  return {
    lines,
    recap,
    subtotal: subtotal.toFixed(2),
    vatTotal: vatTotal.toFixed(2),
    total: subtotal.plus(vatTotal).toFixed(2),
  };
}

function expected(inv: Invoice, c: Computed) {
  return {
    supplierIco: inv.supplier.ico,
    supplierDic: inv.supplier.dic,
    supplierName: inv.supplier.name,
    documentNumber: inv.number,
    variableSymbol: inv.vs,
    issueDate: inv.issue,
    taxableSupplyDate: inv.taxable,
    dueDate: inv.due,
    total: c.total,
    currency: inv.currency,
    vat: inv.vatPayer ? c.recap.map((r) => ({ rate: r.rate, base: r.base, vat: r.vat })) : [],
    iban: inv.iban,
    accountNumber: inv.account,
  };
}

function csDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${Number(d)}. ${Number(m)}. ${y}`;
}

/** Faktura's own renderer, for a document of another company (the supplier) issued to us. */
function fakturaPdf(inv: Invoice, c: Computed, language: DocumentLanguage): Promise<Buffer> {
  const labels = LABELS[language];
  const money = (v: string) => formatAmount(v, language);
  const day = (iso: string) => (language === 'cs' ? csDate(iso) : iso);
  const rate = (r: string) => `${r} %`;
  const toParty = (p: Party) => ({
    name: p.name,
    address: [p.street, p.city],
    taxId: p.ico,
    vatId: p.dic,
  });
  const doc: PrintedDocument = {
    language,
    labels,
    title: labels.title.INVOICE,
    accentColor: ['#1f5fa8', '#8a2be2', '#0b7a3e', '#b3541e'][inv.id.charCodeAt(2) % 4],
    footerText: null,
    logo: null,
    number: inv.number,
    supplier: {
      ...toParty(inv.supplier),
      vatPayer: inv.vatPayer,
      registryText: `Zapsáno v obchodním rejstříku, oddíl C, vložka ${Number(inv.supplier.ico.slice(2, 7))}`,
      email: `fakturace@${inv.id.slice(4)}.cz`,
      phone: '+420 601 234 567',
    },
    customer: toParty(inv.customer),
    issueDate: day(inv.issue),
    taxableSupplyDate: inv.taxable ? day(inv.taxable) : null,
    dueDate: day(inv.due),
    variableSymbol: inv.vs,
    currency: inv.currency,
    lines: c.lines.map((l) => ({
      name: l.name,
      quantity: l.quantity.replace('.', language === 'cs' ? ',' : '.'),
      unit: l.unit,
      unitPrice: money(l.price),
      vatRate: rate(l.rate),
      base: money(l.base),
      vat: money(l.vat),
      total: money(l.total),
    })),
    correction: null,
    reverseCharge: null,
    notice: null,
    proformaNumber: null,
    settledAdvances: null,
    recapitulation: c.recap.map((r) => ({
      vatRate: rate(r.rate),
      base: money(r.base),
      vat: money(r.vat),
      total: money(r.total),
    })),
    czk: null,
    subtotal: money(c.subtotal),
    vatTotal: money(c.vatTotal),
    total: money(c.total),
    credited: null,
    paid: money('0'),
    remaining: money(c.total),
    payment: { accountNumber: inv.account, iban: inv.iban ? grouped(inv.iban) : null },
    qr: inv.iban
      ? {
          spayd: spaydString({
            iban: inv.iban,
            amount: c.total,
            currency: inv.currency,
            variableSymbol: inv.vs,
            dueDate: inv.due,
            message: inv.number,
          } as never),
        }
      : null,
    paymentDetails: true,
    prices: true,
    quote: null,
  };
  return renderPdf(doc, new Date(`${inv.issue}T09:00:00Z`));
}

/** A pdfkit document with the DejaVu fonts and fixed metadata (the same bytes every run). */
function pdfkit(inv: Invoice, draw: (pdf: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const at = new Date(`${inv.issue}T09:00:00Z`);
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 40,
    info: {
      Title: inv.number,
      Author: inv.supplier.name,
      Producer: 'hand',
      Creator: 'hand',
      CreationDate: at,
      ModDate: at,
    },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => pdf.on('end', () => resolve(Buffer.concat(chunks))));
  pdf.registerFont('regular', FONTS.regular);
  pdf.registerFont('bold', FONTS.bold);
  pdf.font('regular');
  draw(pdf);
  pdf.end();
  return done;
}

const cz = (v: string) => formatAmount(v, 'cs');
/** Czech with a dot as the group separator: 12.100,00 */
const dotted = (v: string) => formatAmount(v, 'de');

/** h1: a classic two-column layout; "Faktura č.", "IČ:", a table and a "Sazba / Základ / DPH / Celkem" recap. */
function h1(inv: Invoice, c: Computed) {
  return pdfkit(inv, (pdf) => {
    pdf.font('bold').fontSize(20).text(`FAKTURA č. ${inv.number}`, 40, 40);
    pdf.font('regular').fontSize(9).text('daňový doklad', 40, 66);
    const col = (x: number, title: string, p: Party) => {
      pdf.font('bold').fontSize(10).text(title, x, 100);
      pdf.font('regular').fontSize(10).text(p.name, x, 116).text(p.street, x, 130).text(p.city, x, 144);
      pdf.text(`IČ: ${p.ico}`, x, 162).text(`DIČ: ${p.dic ?? '—'}`, x, 176);
    };
    col(40, 'Dodavatel:', inv.supplier);
    col(320, 'Odběratel:', inv.customer);
    let y = 210;
    for (const [k, v] of [
      ['Datum vystavení:', csDate(inv.issue)],
      ['Datum zdanitelného plnění:', inv.taxable ? csDate(inv.taxable) : '—'],
      ['Datum splatnosti:', csDate(inv.due)],
      ['Forma úhrady:', 'převodem'],
      ['Bankovní účet:', inv.account ?? ''],
      ['Variabilní symbol:', inv.vs],
    ]) {
      pdf.text(k, 40, y).text(v, 200, y);
      y += 15;
    }
    y += 15;
    pdf
      .font('bold')
      .text('Označení dodávky', 40, y)
      .text('Množství', 250, y)
      .text('Cena/MJ', 320, y)
      .text('DPH', 400, y)
      .text('Celkem bez DPH', 450, y);
    pdf.font('regular');
    for (const l of c.lines) {
      y += 16;
      pdf
        .text(l.name, 40, y, { width: 200 })
        .text(`${l.quantity} ${l.unit}`, 250, y)
        .text(cz(l.price), 320, y)
        .text(`${l.rate}%`, 400, y)
        .text(cz(l.base), 450, y);
    }
    y += 36;
    pdf.font('bold').text('Sazba', 250, y).text('Základ', 320, y).text('DPH', 400, y).text('Celkem', 470, y);
    pdf.font('regular');
    for (const r of c.recap) {
      y += 15;
      pdf.text(`${r.rate} %`, 250, y).text(cz(r.base), 320, y).text(cz(r.vat), 400, y).text(cz(r.total), 470, y);
    }
    y += 30;
    pdf
      .font('bold')
      .fontSize(13)
      .text(`Celkem k úhradě:  ${cz(c.total)} Kč`, 250, y);
    pdf
      .font('regular')
      .fontSize(8)
      .text('Společnost je zapsána v obchodním rejstříku vedeném Krajským soudem v Plzni.', 40, 780);
  });
}

/** h2: stacked parties ("Prodávající" above "Kupující"), dates in words, amounts 12.100,00, IBAN only. */
function h2(inv: Invoice, c: Computed) {
  const words = (iso: string) => {
    const months = [
      'ledna',
      'února',
      'března',
      'dubna',
      'května',
      'června',
      'července',
      'srpna',
      'září',
      'října',
      'listopadu',
      'prosince',
    ];
    const [y, m, d] = iso.split('-');
    return `${Number(d)}. ${months[Number(m) - 1]} ${y}`;
  };
  return pdfkit(inv, (pdf) => {
    pdf.rect(40, 40, 515, 50).fill('#eeeeee');
    pdf.fillColor('#000000').font('bold').fontSize(16).text(inv.supplier.name, 50, 50);
    pdf.font('regular').fontSize(10).text(`Faktura – daňový doklad číslo ${inv.number}`, 50, 72);
    let y = 110;
    const block = (title: string, p: Party) => {
      pdf.font('bold').text(title, 40, y);
      y += 14;
      pdf.font('regular').text(`${p.name}, ${p.street}, ${p.city}`, 40, y);
      y += 14;
      pdf.text(`IČO: ${p.ico}    DIČ: ${p.dic ?? 'neplátce DPH'}`, 40, y);
      y += 24;
    };
    block('Prodávající', inv.supplier);
    block('Kupující', inv.customer);
    pdf.text(`Vystaveno: ${words(inv.issue)}`, 40, y);
    pdf.text(`Datum uskutečnění zdanitelného plnění: ${inv.taxable ? words(inv.taxable) : '—'}`, 40, y + 14);
    pdf.text(`Splatné do: ${words(inv.due)}`, 40, y + 28);
    pdf.text(`IBAN: ${grouped(inv.iban ?? '')}`, 320, y);
    pdf.text(`VS: ${inv.vs}`, 320, y + 14);
    y += 60;
    for (const l of c.lines) {
      pdf
        .text(`${l.quantity} ${l.unit} × ${l.name}`, 40, y, { width: 300 })
        .text(`${dotted(l.total)} Kč`, 440, y, { width: 115, align: 'right' });
      y += 16;
    }
    y += 20;
    pdf.font('bold').text('Rekapitulace DPH', 40, y);
    pdf.font('regular');
    for (const r of c.recap) {
      y += 15;
      pdf
        .text(`Základ daně ${r.rate} %: ${dotted(r.base)} Kč`, 40, y)
        .text(`DPH ${r.rate} %: ${dotted(r.vat)} Kč`, 300, y);
    }
    y += 30;
    pdf
      .font('bold')
      .fontSize(14)
      .text(`K úhradě: ${dotted(c.total)} Kč`, 40, y);
  });
}

/** h3: English, the supplier on the right and the customer on the left, amounts 12,100.00. */
function h3(inv: Invoice, c: Computed) {
  const en = (v: string) => formatAmount(v, 'en');
  return pdfkit(inv, (pdf) => {
    pdf.font('bold').fontSize(22).fillColor('#223366').text('INVOICE', 40, 40);
    pdf.fillColor('#000000').font('regular').fontSize(10).text(`Invoice No.: ${inv.number}`, 40, 72);
    const col = (x: number, title: string, p: Party) => {
      pdf.font('bold').text(title, x, 110);
      pdf.font('regular').text(p.name, x, 126).text(p.street, x, 140).text(p.city, x, 154);
      pdf.text(`Company ID (IČO): ${p.ico}`, x, 168).text(`VAT ID (DIČ): ${p.dic ?? '-'}`, x, 182);
    };
    col(40, 'Bill to', inv.customer);
    col(320, 'Supplier', inv.supplier);
    let y = 220;
    for (const [k, v] of [
      ['Date of issue', inv.issue],
      ['Date of taxable supply', inv.taxable ?? ''],
      ['Due date', inv.due],
      ['Variable symbol', inv.vs],
      ['Bank account', inv.account ?? ''],
      ['IBAN', grouped(inv.iban ?? '')],
    ]) {
      pdf.text(`${k}:`, 40, y).text(v, 180, y);
      y += 15;
    }
    y += 20;
    for (const l of c.lines) {
      pdf
        .text(l.name, 40, y)
        .text(`${l.quantity} ${l.unit}`, 260, y)
        .text(en(l.price), 320, y)
        .text(`${l.rate} %`, 400, y)
        .text(en(l.base), 470, y);
      y += 16;
    }
    y += 20;
    pdf.font('bold').text('VAT summary', 40, y);
    pdf.font('regular');
    for (const r of c.recap) {
      y += 15;
      pdf.text(`${r.rate} %`, 40, y).text(en(r.base), 150, y).text(en(r.vat), 260, y).text(en(r.total), 370, y);
    }
    y += 30;
    pdf
      .font('bold')
      .fontSize(13)
      .text(`Total due: CZK ${en(c.total)}`, 40, y);
  });
}

/** h4: a non-VAT payer's simple invoice (no DIČ, no recapitulation); labels "IČ", "Číslo účtu". */
function h4(inv: Invoice, c: Computed) {
  return pdfkit(inv, (pdf) => {
    pdf.font('bold').fontSize(18).text(`Faktura ${inv.number}`, 40, 40);
    pdf.font('regular').fontSize(10);
    pdf
      .text('Dodavatel', 40, 80)
      .text(inv.supplier.name, 40, 94)
      .text(inv.supplier.street, 40, 108)
      .text(inv.supplier.city, 40, 122);
    pdf.text(`IČ ${inv.supplier.ico}`, 40, 136).text('Nejsem plátce DPH.', 40, 150);
    pdf
      .text('Odběratel', 320, 80)
      .text(inv.customer.name, 320, 94)
      .text(inv.customer.street, 320, 108)
      .text(inv.customer.city, 320, 122);
    pdf.text(`IČ ${inv.customer.ico}`, 320, 136).text(`DIČ ${inv.customer.dic}`, 320, 150);
    pdf.text(`Datum vystavení: ${csDate(inv.issue)}`, 40, 190);
    pdf.text(`Datum splatnosti: ${csDate(inv.due)}`, 40, 204);
    pdf.text(`Číslo účtu: ${inv.account}`, 40, 218);
    pdf.text(`Variabilní symbol: ${inv.vs}`, 40, 232);
    let y = 270;
    for (const l of c.lines) {
      pdf
        .text(l.name, 40, y)
        .text(`${l.quantity} ${l.unit}`, 300, y)
        .text(`${cz(l.base)} Kč`, 440, y, { width: 115, align: 'right' });
      y += 16;
    }
    y += 20;
    pdf
      .font('bold')
      .fontSize(12)
      .text(`Celkem k úhradě ${cz(c.total)} Kč`, 300, y);
  });
}

/** h5: a box of facts on the right, parties below it, account and IBAN in a footer. */
function h5(inv: Invoice, c: Computed) {
  return pdfkit(inv, (pdf) => {
    pdf.font('bold').fontSize(16).text(inv.supplier.name, 40, 40, { width: 260 });
    pdf.font('regular').fontSize(9).text(`${inv.supplier.street}, ${inv.supplier.city}`, 40, 80);
    pdf.rect(330, 40, 225, 110).stroke();
    let y = 48;
    for (const [k, v] of [
      ['Číslo faktury', inv.number],
      ['Vystaveno', csDate(inv.issue)],
      ['DUZP', inv.taxable ? csDate(inv.taxable) : ''],
      ['Splatnost', csDate(inv.due)],
      ['Var. symbol', inv.vs],
    ]) {
      pdf.fontSize(10).text(`${k}:`, 340, y).font('bold').text(v, 440, y).font('regular');
      y += 19;
    }
    pdf.font('bold').text('Dodavatel', 40, 170).text('Odběratel', 330, 170).font('regular');
    pdf.text(`IČO: ${inv.supplier.ico}`, 40, 186).text(`DIČ: ${inv.supplier.dic}`, 40, 200);
    pdf.text(inv.customer.name, 330, 186).text(`${inv.customer.street}, ${inv.customer.city}`, 330, 200);
    pdf.text(`IČO: ${inv.customer.ico}  DIČ: ${inv.customer.dic}`, 330, 214);
    y = 250;
    pdf
      .font('bold')
      .text('Položka', 40, y)
      .text('Základ', 330, y)
      .text('Sazba', 410, y)
      .text('S DPH', 480, y)
      .font('regular');
    for (const l of c.lines) {
      y += 16;
      pdf.text(l.name, 40, y).text(cz(l.base), 330, y).text(`${l.rate} %`, 410, y).text(cz(l.total), 480, y);
    }
    y += 34;
    pdf.font('bold').text('Rekapitulace DPH', 40, y).font('regular');
    for (const r of c.recap) {
      y += 15;
      pdf.text(`${r.rate} %`, 40, y).text(cz(r.base), 120, y).text(cz(r.vat), 220, y).text(cz(r.total), 320, y);
    }
    y += 30;
    pdf
      .font('bold')
      .fontSize(13)
      .text(`Celkem k úhradě: ${cz(c.total)} CZK`, 300, y);
    pdf
      .font('regular')
      .fontSize(9)
      .text(`Bankovní spojení: ${inv.account}   IBAN: ${grouped(inv.iban ?? '')}`, 40, 760);
  });
}

/** h6: a wholesaler's dense table, two rates, the account with a prefix, "Celkem s DPH". */
function h6(inv: Invoice, c: Computed) {
  return pdfkit(inv, (pdf) => {
    pdf
      .fontSize(8)
      .text(
        `${inv.supplier.name} | ${inv.supplier.street} | ${inv.supplier.city} | IČ: ${inv.supplier.ico} | DIČ: ${inv.supplier.dic}`,
        40,
        40,
      );
    pdf.font('bold').fontSize(14).text(`Faktura - daňový doklad č. ${inv.number}`, 40, 70).font('regular').fontSize(9);
    pdf
      .text('Odběratel:', 40, 100)
      .text(`${inv.customer.name}, ${inv.customer.street}, ${inv.customer.city}`, 110, 100);
    pdf.text(`IČ: ${inv.customer.ico}, DIČ: ${inv.customer.dic}`, 110, 112);
    pdf.text(
      `Datum vystavení: ${csDate(inv.issue)}     Datum zdan. plnění: ${csDate(inv.taxable ?? inv.issue)}     Datum splatnosti: ${csDate(inv.due)}`,
      40,
      135,
    );
    pdf.text(`Číslo účtu: ${inv.account}     Variabilní symbol: ${inv.vs}`, 40, 149);
    let y = 180;
    pdf
      .font('bold')
      .text('Kód', 40, y)
      .text('Název', 80, y)
      .text('Množ.', 270, y)
      .text('Cena', 320, y)
      .text('%DPH', 380, y)
      .text('Bez DPH', 420, y)
      .text('S DPH', 490, y)
      .font('regular');
    c.lines.forEach((l, i) => {
      y += 13;
      pdf
        .text(String(1001 + i), 40, y)
        .text(l.name, 80, y)
        .text(`${l.quantity} ${l.unit}`, 270, y)
        .text(cz(l.price), 320, y)
        .text(l.rate, 380, y)
        .text(cz(l.base), 420, y)
        .text(cz(l.total), 490, y);
    });
    y += 30;
    pdf
      .font('bold')
      .text('Sazba DPH', 300, y)
      .text('Základ', 370, y)
      .text('DPH', 440, y)
      .text('Celkem', 500, y)
      .font('regular');
    for (const r of c.recap) {
      y += 13;
      pdf.text(`${r.rate} %`, 300, y).text(cz(r.base), 370, y).text(cz(r.vat), 440, y).text(cz(r.total), 500, y);
    }
    y += 25;
    pdf
      .font('bold')
      .fontSize(12)
      .text(`Celkem s DPH: ${cz(c.total)} Kč`, 330, y);
  });
}

/** A copy of a one-page PDF turned by `angle` (as a sheet put upside down on the scanner). */
async function rotated(pdf: Buffer, angle: number): Promise<Buffer> {
  const doc = await PdfLib.load(pdf);
  doc.getPage(0).setRotation(degrees(angle));
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** A copy with specks and a grey smudge drawn over the page (a dirty scan). */
async function noisy(pdf: Buffer, seed: number): Promise<Buffer> {
  const doc = await PdfLib.load(pdf);
  const page = doc.getPage(0);
  const rnd = random(seed);
  const { width, height } = page.getSize();
  for (let i = 0; i < 1500; i++)
    page.drawCircle({ x: rnd() * width, y: rnd() * height, size: 0.3 + rnd() * 0.5, opacity: 0.5 + rnd() * 0.5 });
  page.drawRectangle({ x: width * 0.55, y: height * 0.1, width: 120, height: 60, opacity: 0.12 });
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

function png(pdfPath: string, dpi: number, out: string): void {
  execFileSync('pdftoppm', ['-r', String(dpi), '-gray', '-png', '-singlefile', pdfPath, out]);
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const index: { id: string; producer: string; layout: string; scans: string[] }[] = [];
  for (const inv of INVOICES) {
    const c = compute(inv);
    const pdf =
      inv.layout === 'faktura-cs'
        ? await fakturaPdf(inv, c, 'cs')
        : inv.layout === 'faktura-en'
          ? await fakturaPdf(inv, c, 'en')
          : await { h1, h2, h3, h4, h5, h6 }[inv.layout](inv, c);
    const path = join(OUT, `${inv.id}.pdf`);
    writeFileSync(path, pdf);
    writeFileSync(join(OUT, `${inv.id}.json`), `${JSON.stringify(expected(inv, c), null, 2)}\n`);
    const scans = [`${inv.id}-150dpi.png`, `${inv.id}-300dpi.png`];
    png(path, 150, join(OUT, `${inv.id}-150dpi`));
    png(path, 300, join(OUT, `${inv.id}-300dpi`));
    index.push({
      id: inv.id,
      producer: inv.layout.startsWith('faktura') ? 'faktura' : 'pdfkit',
      layout: inv.layout,
      scans,
    });
  }
  // One scan upside down, one dirty: their PDFs are kept only as the source of the PNGs.
  const variants: [string, string, (pdf: Buffer) => Promise<Buffer>][] = [
    ['f04-stavebniny', 'rotated', (pdf) => rotated(pdf, 180)],
    ['h01-elektro', 'noisy', (pdf) => noisy(pdf, 29)],
  ];
  for (const [id, kind, make] of variants) {
    const { readFileSync, rmSync } = await import('node:fs');
    const tmp = join(OUT, `${id}-${kind}.tmp.pdf`);
    writeFileSync(tmp, await make(readFileSync(join(OUT, `${id}.pdf`))));
    png(tmp, 300, join(OUT, `${id}-${kind}-300dpi`));
    rmSync(tmp);
    index.find((e) => e.id === id)!.scans.push(`${id}-${kind}-300dpi.png`);
  }
  writeFileSync(join(OUT, 'index.json'), `${JSON.stringify(index, null, 2)}\n`);
  process.stdout.write(`${INVOICES.length} invoices written to ${OUT}\n`);
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
