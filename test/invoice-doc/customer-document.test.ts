import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { chromium, type Browser } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/app';
import {
  type Company,
  importPayments,
  makeBankAccount,
  makeCompany,
  makeContact,
  makeDocument,
  makePaymentLine,
} from '../helpers/fixtures';
import { lastEventSeq, orgEventEntries } from '../helpers/outbox';
import { ACCOUNT_NUMBER, BILLING, decodeQr, getBytes, IBAN, pdfPagePng, pdfText, setBilling } from './helpers';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
/** Two VAT rates; 21 %: 2 × 1 500 = 3 000 + 630; 12 %: 3 × 99,90 = 299,70 + 35,96. Total 3 965,66. */
const ITEMS = [
  { name: 'Konzultace – ěščřžýáíéůú ĚŠČŘŽÝÁÍÉŮÚ', quantity: 2, unit: 'h', unitPrice: '1500', vatRate: 21 },
  { name: 'Kniha „Účetnictví“', quantity: 3, unit: 'ks', unitPrice: '99.90', vatRate: 12 },
];
const CUSTOMER = {
  name: 'Odběratel Čapek a.s.',
  taxId: '25596641',
  vatId: 'CZ25596641',
  street: 'Dlouhá 12',
  city: 'Brno',
  zip: '602 00',
  country: 'Česká republika',
  email: 'ucetni@capek.example',
};

describe('invoice-doc: the customer’s document (HTML, PDF, QR payment)', function () {
  this.timeout(60_000);
  let app: TestApp;
  let browser: Browser;
  let company: Company;
  let invoice: any;
  let pathOf: (doc: any) => string;

  before(async () => {
    [app, browser] = await Promise.all([
      startTestApp(),
      chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS }),
    ]);
    company = await makeCompany(app, { companyName: 'Kůň' });
    await setBilling(app, company.token);
    const contact = await makeContact(app, company.token, CUSTOMER);
    invoice = await makeDocument(app, company.token, {
      status: 'ISSUED',
      contactId: contact.id,
      items: ITEMS,
      issuedAt: '2026-06-17',
      dueAt: '2026-07-01',
      taxableSupplyDate: '2026-06-15',
    });
    expect(invoice.taxableSupplyDate).to.equal('2026-06-14T22:00:00.000Z');
    pathOf = (doc) => new URL(doc.publicUrl).pathname;
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('shows a browser every field a Czech tax document needs, with the QR payment for what remains', async () => {
    const page = await browser.newPage();
    const cspViolations: string[] = [];
    page.on('console', (m) => m.type() === 'error' && cspViolations.push(m.text()));
    const res = await page.goto(app.url + pathOf(invoice));
    expect(res!.status()).to.equal(200);
    expect(res!.headers()['content-type']).to.equal('text/html; charset=utf-8');
    expect(res!.headers()['content-security-policy']).to.match(
      /^default-src 'none'; style-src 'sha256-[^']+'; img-src data:;/,
    );
    const shot = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'faktura-invoice-')), 'invoice.png');
    await page.screenshot({ path: shot, fullPage: true });
    expect(fs.statSync(shot).size).to.be.greaterThan(10_000);

    const field = (name: string) => page.locator(`[data-field="${name}"]`).first().innerText();
    expect(await field('title')).to.equal('Faktura – daňový doklad');
    expect(await field('number')).to.equal('FV000001');
    expect(await field('supplier-name')).to.equal(BILLING.legalName);
    expect(await field('supplier-taxId')).to.equal('27074358');
    expect(await field('supplier-vatId')).to.equal('CZ27074358');
    expect(await field('supplier-registry')).to.equal(BILLING.registryText);
    expect(await field('customer-name')).to.equal(CUSTOMER.name);
    expect(await field('customer-taxId')).to.equal('25596641');
    expect(await field('customer-vatId')).to.equal('CZ25596641');
    expect(await field('issue-date')).to.equal('17. 6. 2026');
    expect(await field('taxable-supply-date')).to.equal('15. 6. 2026');
    expect(await field('due-date')).to.equal('1. 7. 2026');
    expect(await field('variable-symbol')).to.equal('000001');
    const rows = await page.locator('[data-field="item"]').allInnerTexts();
    expect(rows.map((r) => r.split('\t').map((c) => c.trim()))).to.deep.equal([
      ['Konzultace – ěščřžýáíéůú ĚŠČŘŽÝÁÍÉŮÚ', '2 h', '1 500,00', '21 %', '3 000,00', '630,00', '3 630,00'],
      ['Kniha „Účetnictví“', '3 ks', '99,90', '12 %', '299,70', '35,96', '335,66'],
    ]);
    const recap = await page.locator('[data-field="vat-rate"]').allInnerTexts();
    expect(recap.map((r) => r.split('\t').map((c) => c.trim()))).to.deep.equal([
      ['21 %', '3 000,00 CZK', '630,00 CZK', '3 630,00 CZK'],
      ['12 %', '299,70 CZK', '35,96 CZK', '335,66 CZK'],
    ]);
    expect(await field('total')).to.equal('3 965,66 CZK');
    expect(await field('paid')).to.equal('0,00 CZK');
    expect(await field('remaining')).to.equal('3 965,66 CZK');
    expect(await field('account-number')).to.equal(ACCOUNT_NUMBER);
    expect(await field('iban')).to.equal(IBAN);

    const qr = page.locator('img[alt="QR platba"]');
    expect(await qr.count()).to.equal(1);
    const spayd = await qr.getAttribute('data-spayd');
    expect(spayd).to.equal(
      `SPD*1.0*ACC:${IBAN}*AM:3965.66*CC:CZK*X-VS:000001*MSG:Faktura FV000001 Žluťoučký kůň s.r.o.`,
    );
    expect(decodeQr((await qr.getAttribute('src'))!)).to.equal(spayd);
    expect(await page.locator('script').count()).to.equal(0);
    expect(cspViolations).to.deep.equal([]);
    await page.close();
  });

  it('keeps the JSON record for clients that do not ask for HTML, and records document.viewed for every format', async () => {
    const after = await lastEventSeq(app);
    const json = await app.get(pathOf(invoice));
    expect(json.status).to.equal(200);
    expect(json.body.number).to.equal('FV000001');
    const asPdf = await getBytes(app, `${pathOf(invoice)}.pdf`);
    expect(asPdf.status).to.equal(200);
    expect(asPdf.headers.get('content-type')).to.equal('application/pdf');
    const byQuery = await getBytes(app, `${pathOf(invoice)}?format=pdf`);
    expect(byQuery.bytes.equals(asPdf.bytes)).to.equal(true);
    const events = await orgEventEntries(app, company.organizationId, after);
    expect(events.map((e) => e.event)).to.deep.equal(['document.viewed', 'document.viewed', 'document.viewed']);
  });

  it('prints every required field in the PDF, Czech diacritics included', async () => {
    const { bytes } = await getBytes(app, `${pathOf(invoice)}.pdf`);
    expect(bytes.subarray(0, 5).toString()).to.equal('%PDF-');
    const text = await pdfText(bytes);
    for (const expected of [
      'Faktura – daňový doklad',
      'Číslo dokladu: FV000001',
      'Dodavatel',
      BILLING.legalName,
      'Příčná 1892/4',
      'IČO: 27074358',
      'DIČ: CZ27074358',
      'Odběratel',
      CUSTOMER.name,
      'IČO: 25596641',
      'DIČ: CZ25596641',
      'Datum vystavení:',
      'Datum zdanitelného plnění:',
      '15. 6. 2026',
      '17. 6. 2026',
      'Datum splatnosti:',
      '1. 7. 2026',
      'Variabilní symbol:',
      '000001',
      'Konzultace – ěščřžýáíéůú ĚŠČŘŽÝÁÍÉŮÚ',
      'Kniha „Účetnictví“',
      '2 h',
      '1 500,00',
      '21 %',
      '12 %',
      '3 000,00',
      '630,00',
      '299,70',
      '35,96',
      'Rekapitulace DPH',
      'Celkem',
      '3 965,66 CZK',
      'Uhrazeno',
      '0,00 CZK',
      'Zbývá uhradit',
      'Platební údaje',
      `Číslo účtu: ${ACCOUNT_NUMBER}`,
      `IBAN: ${IBAN}`,
      'QR platba',
      BILLING.registryText,
    ]) {
      expect(text, expected).to.include(expected);
    }
    // The PDF draws the QR code itself: rasterise the page and read it back.
    expect(decodeQr(await pdfPagePng(bytes))).to.equal(
      `SPD*1.0*ACC:${IBAN}*AM:3965.66*CC:CZK*X-VS:000001*MSG:Faktura FV000001 Žluťoučký kůň s.r.o.`,
    );
  });

  it('asks only for the remaining amount after a partial payment, and shows no QR once paid', async () => {
    const account = await makeBankAccount(app, company.token);
    // A partial payment with the invoice's variable symbol is matched on import.
    const imported = await importPayments(app, company.token, account.id, [
      makePaymentLine({ amount: '1000.00', variableSymbol: '000001' }),
    ]);
    expect(imported.lines[0].payment).to.include({ matchStatus: 'AUTO_MATCHED', documentId: invoice.id });
    const page = await browser.newPage();
    await page.goto(app.url + pathOf(invoice));
    expect(await page.locator('[data-field="paid"]').innerText()).to.equal('1 000,00 CZK');
    expect(await page.locator('[data-field="remaining"]').innerText()).to.equal('2 965,66 CZK');
    const qr = page.locator('img[alt="QR platba"]');
    const spayd = await qr.getAttribute('data-spayd');
    expect(spayd).to.match(new RegExp(`^SPD\\*1\\.0\\*ACC:${IBAN}\\*AM:2965\\.66\\*CC:CZK\\*X-VS:000001\\*MSG:`));
    expect(decodeQr((await qr.getAttribute('src'))!)).to.equal(spayd);
    const pdf = await getBytes(app, `${pathOf(invoice)}.pdf`);
    expect(decodeQr(await pdfPagePng(pdf.bytes))).to.equal(spayd);

    const rest = await importPayments(app, company.token, account.id, [
      makePaymentLine({ amount: '2965.66', variableSymbol: '000001' }),
    ]);
    expect(rest.summary.matched).to.equal(1);
    await page.reload();
    expect(await page.locator('[data-field="remaining"]').innerText()).to.equal('0,00 CZK');
    expect(await page.locator('img[alt="QR platba"]').count()).to.equal(0);
    await page.close();
  });

  it('escapes * in the QR message and leaves the QR out without an IBAN', async () => {
    const other = await makeCompany(app, { companyName: 'Hvězda' });
    await setBilling(app, other.token, { legalName: 'A*B 100% s.r.o.', iban: 'CZ6907101781240000004159' });
    const doc = await makeDocument(app, other.token, { status: 'ISSUED', clientName: 'Klient' });
    const res = await app.request('GET', pathOf(doc), { headers: { accept: 'text/html' } });
    const spayd = /data-spayd="([^"]+)"/.exec(res.text)![1];
    expect(spayd).to.equal(
      'SPD*1.0*ACC:CZ6907101781240000004159*AM:1210.00*CC:CZK*X-VS:000001*MSG:Faktura FV000001 A%2AB 100%25 s.r.o.',
    );
    const src = /src="(data:image\/png;base64,[^"]+)" alt="QR platba"/.exec(res.text)![1];
    expect(decodeQr(src)).to.equal(spayd);
    expect(res.text).to.include('Neplátce DPH');

    await setBilling(app, other.token, { iban: null });
    const without = await app.request('GET', pathOf(doc), { headers: { accept: 'text/html' } });
    expect(without.status).to.equal(200);
    expect(without.text).not.to.include('QR platba');
    expect(without.text).not.to.include('data-spayd');
  });

  it('escapes what the company and the customer typed, and answers drafts 404 in every format', async () => {
    const draft = await makeDocument(app, company.token, { clientName: '<script>alert(1)</script>' });
    for (const suffix of ['', '.pdf', '?format=pdf']) {
      const res = await app.request('GET', pathOf(draft) + suffix, { headers: { accept: 'text/html' } });
      expect(res.status, suffix).to.equal(404);
    }
    const issued = await makeDocument(app, company.token, {
      status: 'ISSUED',
      clientName: '<img src=x onerror=alert(1)>"',
    });
    const res = await app.request('GET', pathOf(issued), { headers: { accept: 'text/html' } });
    expect(res.text).to.include('&lt;img src=x onerror=alert(1)&gt;&quot;');
    expect(res.text).not.to.include('<img src=x');
  });
});

describe('invoice-doc: the taxable supply date (DUZP)', () => {
  let app: TestApp;
  let company: Company;
  before(async () => {
    app = await startTestApp();
    company = await makeCompany(app);
  });
  after(() => app.stop());

  it('is the issue date unless set, can be changed and cleared, and is validated like other dates', async () => {
    const doc = await makeDocument(app, company.token, { issuedAt: '2026-06-17' });
    expect(doc.taxableSupplyDate).to.equal(doc.issuedAt);
    const set = await app.patch(`/api/v1/documents/${doc.id}`, { taxableSupplyDate: '2026-05-31' }, company.token);
    expect(set.body.taxableSupplyDate).to.equal('2026-05-30T22:00:00.000Z');
    const gql = await app.graphql(
      'query($id: ID!) { document(id: $id) { taxableSupplyDate } }',
      { id: doc.id },
      company.token,
    );
    expect(gql.body.data.document.taxableSupplyDate).to.equal('2026-05-30T22:00:00.000Z');
    const cleared = await app.patch(`/api/v1/documents/${doc.id}`, { taxableSupplyDate: null }, company.token);
    expect(cleared.body.taxableSupplyDate).to.equal(doc.issuedAt);
    const bad = await app.patch(`/api/v1/documents/${doc.id}`, { taxableSupplyDate: '1999-12-31' }, company.token);
    expect(bad.status).to.equal(400);
    expect(bad.body.details[0].path).to.equal('taxableSupplyDate');
  });
});
