import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/app';
import { expectAccessible, openApp, webFixture } from '../helpers/browser';
import { makeCompany, type Company } from '../helpers/fixtures';

const SECRET_KEY = 'sk_test_51WebPageKey0123456789abcdefWXYZ';

/** The Payments page's "Online payments" section (issue 28): connect Stripe, see the hint, disconnect. */
describe('web app: online payments (payment gateway)', function () {
  this.timeout(60_000);
  const web = webFixture(() => startTestApp());
  let app: TestApp;
  let browser: Browser;
  let company: Company;

  before(async () => {
    ({ app, browser } = web);
    company = await makeCompany(app);
  });

  it('connects Stripe with keys that are never shown again, and disconnects it', async () => {
    const { page, context, problems } = await openApp(browser, app, company.token);
    await page.goto(`${app.url}/app/payments`);
    const section = page.getByRole('region', { name: 'Online payments' });
    await section.getByText('Not connected').waitFor();
    await section.getByText('Connect Stripe').click();
    await section.getByLabel('Secret key').fill('pk_test_publishable');
    await section.getByLabel('Webhook signing secret').fill('whsec_WebPageSecret0123456789');
    await section.getByRole('button', { name: 'Save keys' }).click();
    await section.getByText('must be a Stripe secret key').first().waitFor();

    await section.getByLabel('Secret key').fill(SECRET_KEY);
    await section.getByRole('button', { name: 'Save keys' }).click();
    await section.getByTestId('payment-gateway').getByText('sk_test_…WXYZ').waitFor();
    expect(await section.innerText()).to.include(`${app.url}/api/v1/gateway/stripe/webhook`);
    expect(await page.content()).to.not.include(SECRET_KEY);
    expect((await app.get('/api/v1/payment-gateway', company.token)).body.keyHint).to.equal('sk_test_…WXYZ');
    await expectAccessible(page, 'payments with a gateway');

    await section.getByRole('button', { name: 'Disconnect Stripe' }).click();
    await section.getByText('Not connected').waitFor();
    expect((await app.get('/api/v1/payment-gateway', company.token)).status).to.equal(404);
    expect(problems).to.deep.equal([]);
    await context.close();
  });
});
