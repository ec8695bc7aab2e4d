import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { moneyText } from '../helpers/texts';
import { startTestApp, type TestApp } from '../helpers/app';
import { confirmDialog, expectAccessible, openApp, webFixture } from '../helpers/browser';
import {
  getDocument,
  importPayments,
  makeBankAccount,
  makeCompany,
  makeContact,
  makeDocument,
  makeInvoice,
  makePaymentLine,
  makeProduct,
  type Company,
} from '../helpers/fixtures';

/** Documents, payments and reports pages: one app and one Chromium for the file. */
describe('web app: invoicing pages (documents, payments, reports)', function () {
  this.timeout(90_000);
  const web = webFixture(() => startTestApp());
  let app: TestApp;
  let browser: Browser;
  let company: Company;

  before(async () => {
    ({ app, browser } = web);
    company = await makeCompany(app, { companyName: 'Truhlářství Dvořák s.r.o.' });
  });

  function itemRow(page: Page, index: number) {
    return page.getByTestId('item-row').nth(index);
  }

  it('creates an invoice with two VAT rates (totals from the server as the person types), issues it, imports a CSV payment that matches it and shows it PAID', async () => {
    await makeContact(app, company.token, { name: 'Novák s.r.o.', email: 'novak@example.cz' });
    await makeProduct(app, company.token, { name: 'Konzultace', price: '1500', vatRate: 21, unit: 'h' });
    const { page, context, problems } = await openApp(browser, app, company.token);
    await page.goto(`${app.url}/app/documents`);
    await page.getByText('No documents match.').waitFor();
    await expectAccessible(page, 'documents, empty');
    await page.getByRole('link', { name: 'New document' }).click();
    await page.getByRole('heading', { name: 'New document' }).waitFor();
    await page.getByLabel('Contact', { exact: true }).selectOption({ label: 'Novák s.r.o.' });

    // Picking a product fills the item.
    const first = itemRow(page, 0);
    await first.getByLabel('Product for item 1').selectOption({ label: 'Konzultace' });
    expect(await first.getByLabel('Item 1 name').inputValue()).to.equal('Konzultace');
    expect(await first.getByLabel('Unit price').inputValue()).to.equal('1500.00');
    expect(await first.getByLabel('Unit', { exact: true }).inputValue()).to.equal('h');
    await page.getByTestId('total').getByText(moneyText('en', '1815.00')).waitFor();

    await page.getByRole('button', { name: 'Add item' }).click();
    const second = itemRow(page, 1);
    await second.getByLabel('Item 2 name').fill('Dubová deska');
    await second.getByLabel('Unit price').fill('250');
    await second.getByLabel('VAT rate').selectOption('12');
    // A quantity the server refuses: its message appears next to that row's field, from the preview.
    await second.getByLabel('Quantity').fill('0');
    await second
      .locator('.field.invalid')
      .filter({ has: page.getByLabel('Quantity') })
      .locator('.field-error')
      .waitFor();
    await second.getByLabel('Quantity').fill('2');
    await page.getByTestId('total').getByText(moneyText('en', '2375.00')).waitFor();
    expect(await page.getByTestId('vat-total').innerText()).to.include(moneyText('en', '375.00'));
    expect(await page.getByTestId('rate-21').innerText())
      .to.include(moneyText('en', '1500.00'))
      .and.include(moneyText('en', '315.00'));
    expect(await page.getByTestId('rate-12').innerText())
      .to.include(moneyText('en', '500.00'))
      .and.include(moneyText('en', '60.00'));
    expect(await second.getByTestId('line-total').innerText()).to.include(moneyText('en', '560.00'));
    await expectAccessible(page, 'new document with items');

    await page.getByRole('button', { name: 'Save and issue' }).click();
    await page.locator('.page-header .badge', { hasText: 'Issued' }).waitFor();
    const heading = await page.getByRole('heading', { level: 1 }).innerText();
    const number = heading.replace(/^Invoice /, '');
    const id = page.url().split('/').pop()!;
    const issued = await getDocument(app, company.token, id);
    expect(issued).to.include({ status: 'ISSUED', total: '2375.00', vatTotal: '375.00', clientName: 'Novák s.r.o.' });
    expect(issued.items.map((i: any) => i.vatRate)).to.deep.equal([21, 12]);
    expect(await page.getByTestId('public-link').getAttribute('href')).to.equal(issued.publicUrl);
    // Issue 27: the ISDOC and UBL downloads beside the PDF, through the session cookie.
    for (const format of ['isdoc', 'ubl']) {
      const href = await page.getByTestId(`download-${format}`).getAttribute('href');
      expect(href).to.equal(`/api/v1/documents/${id}/${format}`);
      const download = await page.request.get(new URL(href!, page.url()).toString());
      expect(download.status(), format).to.equal(200);
      expect(download.headers()['content-type']).to.match(/^application\/xml/);
    }
    // Only the moves the server allows from ISSUED are offered.
    const buttons = await page.locator('.doc-actions > .actions > button').allInnerTexts();
    expect(buttons).to.include.members(['Mark sent', 'Mark paid', 'Cancel document', 'Archive', 'Send by e-mail']);
    expect(buttons).not.to.include('Issue');
    await expectAccessible(page, 'issued invoice');
    await page.getByRole('button', { name: 'Mark sent' }).click();
    await page.locator('.page-header .badge', { hasText: 'Sent' }).waitFor();
    await page.getByTestId('history').getByText('Issued → sent').waitFor();

    // The statement: a bank account, then a CSV with the invoice's variable symbol, read and shown before import.
    await page.getByRole('link', { name: 'Payments' }).first().click();
    await page.getByText('No bank account yet').waitFor();
    await page.getByText('New bank account').click();
    await page.getByLabel('Name', { exact: true }).fill('Fio účet');
    await page.getByLabel('Account number').fill('2000145399/2010');
    await page.getByRole('button', { name: 'Add bank account' }).click();
    await page.getByTestId('account-Fio účet').waitFor();
    const csv = [
      'Datum;Objem;Měna;Protiúčet;VS;ID pohybu',
      `20.6.2026;"2 375,00";CZK;123456789/0800;${issued.variableSymbol};FIO-1`,
      '21.6.2026;-500,00;CZK;987654321/0100;;FIO-2',
      'včera;100;CZK;;;FIO-3',
    ].join('\r\n');
    await page
      .getByLabel('Statement (CSV, ABO/GPC or CAMT.053)')
      .setInputFiles({ name: 'vypis.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
    const preview = page.getByTestId('statement-preview');
    // The rows show as soon as the browser has read the CSV; their transactions once the server's preview answers.
    await preview.getByText('FIO-1').waitFor();
    expect(await page.getByText('2 of 3 rows ready to import.').count()).to.equal(1);
    expect(await preview.innerText())
      .to.include('FIO-1')
      .and.include(issued.variableSymbol)
      .and.include('Skipped: date "včera" is not a date');
    await expectAccessible(page, 'statement preview');
    await page.getByRole('button', { name: 'Import 2 payments' }).click();
    await page.getByText('Imported 2, 0 already there, 1 matched automatically.').waitFor();
    await page.getByTestId('payment-FIO-1').filter({ hasText: 'automatically' }).waitFor();
    // A bank's own statement file (ABO/GPC in Windows-1250): the server reads it and says what is new.
    const gpc = {
      name: 'vypis.gpc',
      mimeType: 'application/octet-stream',
      buffer: readFileSync('test/fixtures/statements/fio-2026-03.gpc'),
    };
    await page.getByLabel('Statement (CSV, ABO/GPC or CAMT.053)').setInputFiles(gpc);
    await page.getByText('3 movements in the ABO/GPC statement. 3 new, 0 already imported.').waitFor();
    expect(await preview.innerText())
      .to.include('Žluťoučký kůň s.r.o')
      .and.include('Platba faktury 2026001 – děkujeme');
    await page.getByRole('button', { name: 'Import 3 payments' }).click();
    await page.getByText(/Imported 3, 0 already there/).waitFor();
    await page.getByLabel('Statement (CSV, ABO/GPC or CAMT.053)').setInputFiles(gpc);
    await page.getByText('0 new, 3 already imported.', { exact: false }).waitFor();
    expect(await preview.innerText()).to.include('Already imported');

    await page.goto(`${app.url}/app/documents/${id}`);
    await page.locator('.page-header .badge', { hasText: 'Paid' }).waitFor();
    expect(await page.getByTestId('remaining').innerText()).to.include(moneyText('en', '0.00'));
    expect(await page.getByTestId('document-payment').innerText())
      .to.include(moneyText('en', '2375.00'))
      .and.include('matched automatically');
    expect(await page.getByTestId('history').innerText())
      .to.include('Created')
      .and.include('Issued → sent')
      .and.include('Sent → paid (automatically)');
    expect((await getDocument(app, company.token, id)).status).to.equal('PAID');

    // The list shows it with its filters and finds it by a part of its number or its client's name.
    await makeDocument(app, company.token, { clientName: 'Jiný zákazník' });
    await page.goto(`${app.url}/app/documents`);
    await page.getByTestId(`document-${number}`).waitFor();
    await page.getByRole('searchbox', { name: 'Search' }).fill('novák');
    await page.locator('tbody tr').filter({ hasText: 'Jiný zákazník' }).waitFor({ state: 'detached' });
    await page.getByTestId(`document-${number}`).waitFor();
    await page.getByRole('searchbox', { name: 'Search' }).fill('');
    await page.getByLabel('Status').selectOption('PAID');
    await page.getByTestId(`document-${number}`).waitFor();
    await page.getByLabel('Status').selectOption('CANCELLED');
    await page.getByText('No documents match.').waitFor();
    expect(problems).to.deep.equal([]);
    await context.close();
  });

  it('suggests the document an unmatched payment pays, matches it on a click and unmatches it after a confirmation', async () => {
    const other = await makeCompany(app);
    const invoice = await makeInvoice(app, other.token, { total: '4840.00' });
    const account = await makeBankAccount(app, other.token);
    await importPayments(app, other.token, account.id, [
      makePaymentLine({ transactionId: 'WRONG-VS', amount: '4840.00', variableSymbol: '99' }),
    ]);
    const { page, context, problems } = await openApp(browser, app, other.token);
    await page.goto(`${app.url}/app/payments`);
    const card = page.getByTestId('payment-WRONG-VS');
    await card.getByTestId('suggestion').waitFor();
    expect(await card.getByTestId('suggestion').innerText())
      .to.include(invoice.number)
      .and.include('same amount');
    await expectAccessible(page, 'payments with a suggestion');
    await card.getByRole('button', { name: `Match to ${invoice.number}` }).click();
    await page.locator('#manual_matched-heading ~ ul [data-testid="payment-WRONG-VS"]').waitFor();
    expect((await getDocument(app, other.token, invoice.id)).status).to.equal('PAID');

    await page
      .locator('#manual_matched-heading ~ ul [data-testid="payment-WRONG-VS"]')
      .getByRole('button', { name: 'Unmatch' })
      .click();
    await confirmDialog(page, 'Unmatch payment');
    await page.locator('#unmatched-heading ~ ul [data-testid="payment-WRONG-VS"]').waitFor();
    expect((await getDocument(app, other.token, invoice.id)).status).to.equal('ISSUED');

    // By hand, to an invoice picked from the unpaid ones.
    await page
      .locator('#unmatched-heading ~ ul [data-testid="payment-WRONG-VS"]')
      .getByRole('button', { name: 'Match to another document' })
      .click();
    await page.getByLabel('Unpaid invoice').selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Match', exact: true }).click();
    await page.locator('#manual_matched-heading ~ ul [data-testid="payment-WRONG-VS"]').waitFor();
    expect(problems).to.deep.equal([]);
    await context.close();
  });

  it('shows a paid proforma’s advance tax document and creates its final invoice, which lists the advance', async () => {
    const payer = await makeCompany(app, { companyName: 'Plátce s.r.o.' });
    const billing = { legalName: 'Plátce s.r.o.', taxId: '27074358', vatId: 'CZ27074358', vatPayer: true };
    expect((await app.put('/api/v1/settings/company', billing, payer.token)).status).to.equal(200);
    const proforma = await makeDocument(app, payer.token, {
      type: 'PROFORMA',
      status: 'ISSUED',
      clientName: 'Záloha a.s.',
      items: [{ name: 'Stůl', quantity: 1, unitPrice: 1000, vatRate: 21 }],
    });
    const account = await makeBankAccount(app, payer.token);
    await importPayments(app, payer.token, account.id, [
      makePaymentLine({ amount: '1210.00', variableSymbol: proforma.variableSymbol }),
    ]);
    const [advance] = (await getDocument(app, payer.token, proforma.id)).advanceDocuments;
    const { page, context, problems } = await openApp(browser, app, payer.token);
    await page.goto(`${app.url}/app/documents/${proforma.id}`);
    await page.getByTestId('advances').getByRole('link', { name: advance.number }).waitFor();
    await page.getByRole('button', { name: 'Create final invoice' }).click();
    await confirmDialog(page, 'Create final invoice');
    await page.getByRole('heading', { name: /^Invoice / }).waitFor();
    await page.getByTestId('advances').getByRole('link', { name: advance.number }).waitFor();
    await page.getByRole('link', { name: proforma.number }).waitFor();
    expect((await getDocument(app, payer.token, proforma.id)).finalInvoiceId).to.be.a('string');
    expect(problems).to.deep.equal([]);
    await context.close();
  });

  it('offers a draft only the moves it has, edits it with live totals and deletes it after a confirmation', async () => {
    const draft = await makeDocument(app, company.token, { clientName: 'Koncept a.s.' });
    const { page, context, problems } = await openApp(browser, app, company.token);
    await page.goto(`${app.url}/app/documents/${draft.id}`);
    await page.locator('.page-header .badge', { hasText: 'Draft' }).waitFor();
    const buttons = await page.locator('.doc-actions > .actions > button').allInnerTexts();
    expect(buttons).to.deep.equal(['Issue', 'Cancel document', 'Delete draft']);

    await page.getByRole('link', { name: 'Edit' }).click();
    const row = itemRow(page, 0);
    await row.getByLabel('Quantity').fill('3');
    await page.getByTestId('total').getByText(moneyText('en', '1815.00')).waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: `Invoice ${draft.number}`, exact: true }).waitFor();
    expect((await getDocument(app, company.token, draft.id)).total).to.equal('1815.00');

    await page.getByRole('button', { name: 'Delete draft' }).click();
    await confirmDialog(page, 'Delete draft');
    await page.getByRole('heading', { name: 'Documents', level: 1 }).waitFor();
    expect((await app.get(`/api/v1/documents/${draft.id}`, company.token)).status).to.equal(404);
    expect(problems).to.deep.equal([]);
    await context.close();
  });

  it('shows sales and the VAT summary by rate for a period, with a chart', async () => {
    const shop = await makeCompany(app);
    await makeDocument(app, shop.token, {
      status: 'ISSUED',
      items: [
        { name: 'Stůl', quantity: 1, unitPrice: 10000, vatRate: 21 },
        { name: 'Kniha', quantity: 4, unitPrice: 250, vatRate: 12 },
      ],
    });
    const { page, context, problems } = await openApp(browser, app, shop.token);
    await page.goto(`${app.url}/app/reports`);
    const period = page.getByRole('form', { name: 'Report period' });
    await period.getByLabel('From').fill('2026-06-01');
    await period.getByLabel('To').fill('2026-06-30');
    await period.getByRole('button', { name: 'Show' }).click();
    await page.getByTestId('rate-chart').waitFor();
    expect(await page.getByTestId('sales-totals').innerText())
      .to.include(moneyText('en', '11000.00'))
      .and.include(moneyText('en', '13220.00'));
    const vat = await page.getByTestId('vat-output').innerText();
    expect(vat).to.include(moneyText('en', '2100.00')).and.include(moneyText('en', '120.00'));
    expect(await page.getByTestId('rate-chart').locator('rect').count()).to.equal(4);
    // Statistics of the period per month, then per day: the document's total in its period.
    expect(await page.getByTestId('statistics-periods').innerText())
      .to.contain('2026-06')
      .and.include(moneyText('en', '13220.00'));
    await page.getByLabel('Group by').selectOption('day');
    await page.getByTestId('statistics-periods').getByText('2026-06-30').waitFor();
    expect(await page.getByTestId('statistics-aging').innerText()).to.include(moneyText('en', '13220.00'));
    await expectAccessible(page, 'reports');

    // A period that ends before it starts: the server's message next to the field.
    await period.getByLabel('To').fill('2026-05-01');
    await period.getByRole('button', { name: 'Show' }).click();
    await page
      .locator('.field.invalid')
      .filter({ has: page.getByLabel('To') })
      .locator('.field-error')
      .waitFor();
    expect(problems).to.deep.equal([]);
    await context.close();
  });
});
