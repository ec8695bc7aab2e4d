import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { moneyText } from '../helpers/texts';
import { startTestApp, type TestApp } from '../helpers/app';
import { expectAccessible, openApp, webFixture } from '../helpers/browser';
import { getDocument, makeCompany, makeContact, type Company } from '../helpers/fixtures';

/** Issue 25 point 6 in the web app: a reverse-charge invoice from the document form. */
describe('web app: reverse charge on the document form', function () {
  this.timeout(90_000);
  const web = webFixture(() => startTestApp());
  let app: TestApp;
  let browser: Browser;
  let company: Company;

  before(async () => {
    ({ app, browser } = web);
    company = await makeCompany(app);
  });

  it('issues a § 92a invoice with its code: live totals without VAT, the server’s message for a customer without a DIČ', async () => {
    await makeContact(app, company.token, { name: 'Stavby Plátce a.s.', vatId: 'CZ12345678' });
    await makeContact(app, company.token, { name: 'Jan Novák' });
    const { page, context, problems } = await openApp(browser, app, company.token);
    await page.goto(`${app.url}/app/documents/new`);
    await page.getByRole('heading', { name: 'New document' }).waitFor();
    await page.getByLabel('Contact', { exact: true }).selectOption({ label: 'Jan Novák' });
    await page.getByLabel('Reverse charge').selectOption('DOMESTIC');
    await page.getByLabel('Supply code').fill('4');
    const row = page.getByTestId('item-row').nth(0);
    await row.getByLabel('Item 1 name').fill('Stavební práce');
    await row.getByLabel('Unit price').fill('20000');
    await page.getByTestId('total').getByText(moneyText('en', '20000.00')).waitFor();
    expect(await page.getByTestId('vat-total').innerText()).to.include(moneyText('en', '0.00'));
    await expectAccessible(page, 'new reverse-charge document');

    // Jan Novák has no DIČ: the server's refusal is shown at the reverse-charge field.
    await page.getByRole('button', { name: 'Save and issue' }).click();
    await page
      .locator('.field.invalid')
      .filter({ has: page.getByLabel('Reverse charge') })
      .waitFor();
    await page.getByLabel('Contact', { exact: true }).selectOption({ label: 'Stavby Plátce a.s.' });
    await page.getByRole('button', { name: 'Save and issue' }).click();
    await page.locator('.page-header .badge', { hasText: 'Issued' }).waitFor();
    expect(await page.getByTestId('reverse-charge').innerText())
      .to.include('§ 92a')
      .and.include('code 4');
    const issued = await getDocument(app, company.token, page.url().split('/').pop()!);
    expect(issued).to.deep.include({
      reverseCharge: { regime: 'DOMESTIC', code: '4' },
      vatTotal: '0.00',
      total: '20000.00',
    });
    expect(problems).to.deep.equal([]);
    await context.close();
  });
});
