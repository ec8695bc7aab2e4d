import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/app';
import { confirmDialog, expectAccessible, openApp, webFixture } from '../helpers/browser';
import { makeBankAccount, makeCompany, type Company } from '../helpers/fixtures';
import { FioServer } from '../helpers/fio-server';

/** Issue 28 point 6: a bank account's Fio connection in the web app (pages/payments/BankConnection.tsx). */
describe('web: bank connection', function () {
  this.timeout(90_000);
  const fio = new FioServer();
  let fioUrl = '';
  const web = webFixture(async () => startTestApp({ FIO_API_URL: (fioUrl = await fio.start()) }));
  let app: TestApp;
  let browser: Browser;
  let company: Company;

  before(async () => {
    ({ app, browser } = web);
    company = await makeCompany(app);
  });
  after(() => fio.stop());

  it('connects with a token, syncs now, shows the last sync and a refused token, and disconnects', async () => {
    expect(fioUrl).to.match(/^http:/);
    const account = await makeBankAccount(app, company.token, { name: 'Fio účet' });
    const token = FioServer.token('webToken');
    fio.account(token, '2000145399');
    fio.add(token, { amount: 250, date: '2026-06-17', vs: '123' });
    const { page, context, problems } = await openApp(browser, app, company.token);
    await page.goto(`${app.url}/app/payments`);
    const card = page.getByTestId(`connection-${account.id}`);
    await card.getByText('Connect to Fio').click();
    // A token that cannot be Fio's: the server's message next to the field.
    await card.getByLabel('Fio API token').fill('too-short');
    await card.getByRole('button', { name: 'Connect' }).click();
    await card.getByText('must be a Fio API token: 64 letters and digits', { exact: true }).waitFor();
    await card.getByLabel('Fio API token').fill(token);
    await card.getByRole('button', { name: 'Connect' }).click();
    await card.getByText('connected, not synced yet').waitFor();
    await expectAccessible(page, 'payments, a connected account');

    await card.getByRole('button', { name: 'Sync now' }).click();
    await card.getByText('Synced: 1 new, 0 seen before').waitFor();
    await card.getByText('synced', { exact: true }).waitFor();

    // Fio refuses the token: the card says so.
    fio.revoke(token);
    fio.advance(31_000);
    const now = Date.parse((await app.get('/api/test/clock')).body.now);
    await app.post('/api/test/clock', { now: new Date(now + 31_000).toISOString() });
    await card.getByRole('button', { name: 'Sync now' }).click();
    await card.getByText('Fio refused the token: put a new one').waitFor();
    await card
      .getByRole('alert')
      .getByText(/refused the token/)
      .waitFor();
    expect(await page.content()).not.to.contain(token);

    await card.getByRole('button', { name: 'Disconnect' }).click();
    await confirmDialog(page, 'Disconnect');
    await card.getByText('Connect to Fio').waitFor();
    expect(problems).to.deep.equal([]);
    await context.close();
  });
});
