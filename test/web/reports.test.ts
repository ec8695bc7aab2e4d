import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { startTestApp, TEST_EPOCH, type TestApp } from '../helpers/app';
import { expectAccessible, openApp, webFixture } from '../helpers/browser';
import { makeCompany, makeContact, makeDocument, type Company } from '../helpers/fixtures';
import { moneyText, text } from '../helpers/texts';

const BILLING = {
  legalName: 'Acme s.r.o.',
  taxId: '25596641',
  vatId: 'CZ25596641',
  street: 'Dlouhá 12/3',
  city: 'Praha',
  zip: '110 00',
  country: 'CZ',
  vatPayer: true,
  email: 'ucetni@acme.cz',
};

/** The reports page in Czech (issue 30 point 3): sales, VAT, statistics and the control statement of a month with its XML. */
describe('web app: reports in Czech', function () {
  this.timeout(90_000);
  const web = webFixture(() => startTestApp());
  let app: TestApp;
  let browser: Browser;
  let company: Company;
  let invoice: any;

  before(async () => {
    ({ app, browser } = web);
    company = await makeCompany(app);
    expect((await app.put('/api/v1/settings/company', BILLING, company.token)).status).to.equal(200);
    const filing = {
      taxOfficeCode: '451',
      taxOfficeWorkplaceCode: '2001',
      filerType: 'LEGAL_PERSON',
      vatPeriod: 'MONTHLY',
      naceCode: '62010',
    };
    expect((await app.put('/api/v1/settings/tax-filing', filing, company.token)).status).to.equal(200);
    const payer = await makeContact(app, company.token, { name: 'Plátce a.s.', vatId: 'CZ11111111' });
    invoice = await makeDocument(app, company.token, {
      status: 'ISSUED',
      contactId: payer.id,
      issuedAt: '2026-06-05',
      items: [{ name: 'Položka', quantity: 1, unitPrice: '20000.00', vatRate: 21 }],
    });
  });

  it('shows June’s sales, VAT and the control statement with its A.4 row, in Czech formats, and offers the XML files', async () => {
    const { page, problems } = await openApp(browser, app, company.token, 'desktop', { language: 'cs' });
    await page.clock.setFixedTime(new Date(TEST_EPOCH));
    await page.goto(`${app.url}/app/reports?from=2026-06-01&to=2026-06-30`);
    await page.getByRole('heading', { level: 1, name: text('cs', 'reports:title') }).waitFor();
    await page.getByTestId('rate-chart').waitFor();
    const sales = await page.getByTestId('sales-totals').innerText();
    expect(sales).to.include(moneyText('cs', '20000.00')).and.include(moneyText('cs', '24200.00'));
    expect(sales).to.include(text('cs', 'common:counts.document', { count: 1 }));
    expect(await page.getByTestId('vat-output').innerText()).to.include(moneyText('cs', '4200.00'));
    await page.getByRole('heading', { name: text('cs', 'reports:statistics.heading') }).waitFor();
    await page.getByLabel(text('cs', 'reports:statistics.groupBy')).selectOption('day');
    await page.getByTestId('statistics-periods').getByText('2026-06-05').waitFor();

    const statement = page.getByTestId('control-statement');
    await statement.getByRole('heading', { name: text('cs', 'reports:filing.heading') }).waitFor();
    const a4 = statement.getByTestId('control-statement-a4');
    await a4.waitFor();
    expect(await a4.innerText())
      .to.include(invoice.number)
      .and.include('CZ11111111')
      .and.include(moneyText('cs', '4200.00'));
    const href = await statement
      .getByRole('link', { name: text('cs', 'reports:filing.downloadControlStatement') })
      .getAttribute('href');
    expect(href).to.equal('/api/v1/reports/vat-control-statement.xml?period=2026-06');
    const xml = await app.get(href!, company.token);
    expect(xml.status, xml.text).to.equal(200);
    expect(xml.text).to.include('DPHKH1');
    const vatReturn = await statement
      .getByRole('link', { name: text('cs', 'reports:filing.downloadVatReturn') })
      .getAttribute('href');
    expect(vatReturn).to.equal('/api/v1/reports/vat-return.xml?period=2026-06');
    await expectAccessible(page, 'reports in Czech');
    expect(problems).to.deep.equal([]);
    await page.context().close();
  });
});
