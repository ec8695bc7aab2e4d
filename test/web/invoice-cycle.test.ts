import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { moneyText } from '../helpers/texts';
import { startTestApp, type TestApp } from '../helpers/app';
import { expectAccessible, openApp, webFixture } from '../helpers/browser';
import { getDocument, makeCompany, makeContact, makeDocument, type Company } from '../helpers/fixtures';

/** Issue 25 in the web app: a document's language, credit notes of invoices, foreign currency in CZK. */
describe('web app: the invoice cycle (language, credit notes, foreign currency)', function () {
  this.timeout(90_000);
  const web = webFixture(() => startTestApp());
  let app: TestApp;
  let browser: Browser;
  let company: Company;

  before(async () => {
    ({ app, browser } = web);
    company = await makeCompany(app, { companyName: 'Sklárna Hora s.r.o.' });
  });

  it('sets a contact’s language, which a new document takes; the document form overrides it on a draft', async () => {
    const contact = await makeContact(app, company.token, { name: 'Glas Müller GmbH' });
    const { page, context, problems } = await openApp(browser, app, company.token);
    await page.goto(`${app.url}/app/contacts/${contact.id}`);
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Document language').selectOption({ label: 'German' });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('contact-facts').getByText('German').waitFor();
    expect((await app.get(`/api/v1/contacts/${contact.id}`, company.token)).body.language).to.equal('de');

    await page.goto(`${app.url}/app/documents/new`);
    await page.getByLabel('Contact', { exact: true }).selectOption({ label: 'Glas Müller GmbH' });
    await page.getByLabel('Item 1 name').fill('Vase');
    await page.getByLabel('Unit price').fill('100');
    await page.getByRole('button', { name: 'Save as draft' }).click();
    await page.locator('dl.facts').getByText('German').waitFor();
    const id = page.url().split('/').pop()!;
    expect((await getDocument(app, company.token, id)).language).to.equal('de');

    await page.getByRole('link', { name: 'Edit' }).click();
    await page.getByLabel('Document language').selectOption({ label: 'English' });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('dl.facts').getByText('English').waitFor();
    expect((await getDocument(app, company.token, id)).language).to.equal('en');
    expect(problems).to.deep.equal([]);
    await context.close();
  });

  it('issues a credit note of an invoice from its page; both records show the link, the reason and the sum', async () => {
    const invoice = await makeDocument(app, company.token, {
      status: 'ISSUED',
      clientName: 'Odběratel s.r.o.',
      items: [{ name: 'Sklenice', quantity: 10, unitPrice: 100, vatRate: 21 }],
    });
    const { page, context, problems } = await openApp(browser, app, company.token);
    await page.goto(`${app.url}/app/documents/${invoice.id}`);
    await page.getByRole('button', { name: 'Issue credit note' }).click();
    const form = page.getByRole('form', { name: 'Issue credit note' });
    await form.getByLabel('Reason').fill('Rozbité sklenice');
    await form.getByLabel('Item 1 name').fill('Sklenice – vráceno');
    await form.getByLabel('Quantity').fill('-2');
    await form.getByLabel('Unit price').fill('100');
    await page.getByTestId('total').getByText(moneyText('en', '-242.00')).first().waitFor();
    await expectAccessible(page, 'credit note form');
    await form.getByRole('button', { name: 'Issue credit note' }).click();

    await page.getByRole('heading', { name: /^Credit note / }).waitFor();
    expect(await page.getByTestId('corrected-document').innerText()).to.equal(invoice.number);
    expect(await page.getByTestId('credit-note-reason').innerText()).to.equal('Rozbité sklenice');
    const creditNoteId = page.url().split('/').pop()!;
    const creditNote = await getDocument(app, company.token, creditNoteId);
    expect(creditNote).to.include({ type: 'CREDIT_NOTE', total: '-242.00', correctedDocumentId: invoice.id });

    await page.getByTestId('corrected-document').getByRole('link').click();
    await page.getByTestId('credit-notes').getByText(creditNote.number).waitFor();
    expect(await page.getByTestId('credited').innerText()).to.include(moneyText('en', '-242.00'));
    expect(await page.getByTestId('remaining').innerText()).to.include(moneyText('en', '968.00'));
    // A credit note itself is not corrected by another from its page.
    await page.getByTestId('credit-notes').getByRole('link').click();
    await page.getByTestId('credit-note-reason').waitFor();
    expect(await page.getByRole('button', { name: 'Issue credit note' }).count()).to.equal(0);
    expect(problems).to.deep.equal([]);
    await context.close();
  });

  it('takes an exchange rate for a foreign currency and shows the CZK amounts', async () => {
    const { page, context, problems } = await openApp(browser, app, company.token);
    await page.goto(`${app.url}/app/documents/new`);
    expect(await page.getByLabel('Exchange rate').count()).to.equal(0);
    await page.getByLabel('Currency').fill('EUR');
    await page.getByLabel('Exchange rate').fill('25,5');
    await page.getByLabel('Item 1 name').fill('Lustr');
    await page.getByLabel('Unit price').fill('1000');
    await page.getByRole('button', { name: 'Save as draft' }).click();
    await page.getByTestId('czk-amounts').waitFor();
    expect(await page.getByTestId('exchange-rate').innerText()).to.equal('1 EUR = 25.5 CZK');
    expect(await page.getByTestId('total-czk').innerText()).to.include(moneyText('en', '30855.00'));
    expect(await page.getByTestId('vat-total-czk').innerText()).to.include(moneyText('en', '5355.00'));
    const id = page.url().split('/').pop()!;
    expect(await getDocument(app, company.token, id)).to.include({
      currency: 'EUR',
      exchangeRate: '25.5',
      totalCzk: '30855.00',
    });

    await page.getByRole('link', { name: 'Edit' }).click();
    expect(await page.getByLabel('Exchange rate').inputValue()).to.equal('25.5');
    await page.getByTestId('czk-amounts').getByText('In CZK (as saved)').waitFor();
    await page.getByLabel('Exchange rate').fill('26');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('exchange-rate').getByText('1 EUR = 26 CZK').waitFor();
    expect(await page.getByTestId('total-czk').innerText()).to.include(moneyText('en', '31460.00'));
    expect(problems).to.deep.equal([]);
    await context.close();
  });

  it('sums the sales of every currency in CZK on the reports page', async () => {
    const other = await makeCompany(app);
    const item = { name: 'Lustr', quantity: 1, unitPrice: 100, vatRate: 21 };
    await makeDocument(app, other.token, { status: 'ISSUED', issuedAt: '2026-04-10', items: [item] });
    const euro = { currency: 'EUR', exchangeRate: 25, items: [item] };
    await makeDocument(app, other.token, { status: 'ISSUED', issuedAt: '2026-04-12', ...euro });
    const { page, context, problems } = await openApp(browser, app, other.token);
    await page.goto(`${app.url}/app/reports?from=2026-04-01&to=2026-04-30`);
    // 121.00 CZK + 121.00 EUR at 25 (3 025.00 CZK).
    expect(await page.getByTestId('sales-czk-total').innerText())
      .to.include(moneyText('en', '3146.00'))
      .and.include('2 documents');
    expect(problems).to.deep.equal([]);
    await context.close();
  });
});
