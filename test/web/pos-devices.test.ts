import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/app';
import { confirmDialog, expectAccessible, openApp, readOneTimeSecret, webFixture } from '../helpers/browser';
import { makeCompany, type Company } from '../helpers/fixtures';
import { text } from '../helpers/texts';

describe('web app: POS devices page', function () {
  this.timeout(60_000);
  const web = webFixture(() => startTestApp());
  let app: TestApp;
  let browser: Browser;
  let company: Company;

  before(async () => {
    ({ app, browser } = web);
    company = await makeCompany(app);
  });

  /** A POS request with the token: 401 when the token is not (or no longer) valid, a 400 about the body otherwise. */
  const posStatus = async (token: string) =>
    (await app.request('POST', '/api/pos/documents', { token, body: {} })).status;

  it('creates a device (token once, working), renames it, changes its prefix, rotates and revokes it with confirmations', async () => {
    const { page, context, problems } = await openApp(browser, app, company.token);
    await page.goto(`${app.url}/app/pos-devices`);
    await page.getByText('No POS devices yet.').waitFor();
    await expectAccessible(page, 'POS devices, empty');

    await page.getByLabel('Name').fill('Pokladna 1');
    await page.getByLabel('Prefix (optional)').fill('P1');
    await page.getByRole('button', { name: 'Create device' }).click();
    const token = await readOneTimeSecret(page);
    expect(token).to.match(/^pos_[0-9a-f]{64}$/);
    await expectAccessible(page, 'POS devices, token shown');
    const row = page.getByTestId('device-Pokladna 1');
    await row.waitFor();
    expect(await row.innerText())
      .to.include('P1')
      .and.include('never')
      .and.include('Active');
    // The token works, and after "I have copied it" it is gone for good (a reload does not bring it back).
    expect(await posStatus(token)).to.equal(400);
    await page.getByRole('button', { name: 'I have copied it' }).click();
    expect(await page.locator('section.secret').count()).to.equal(0);
    await page.reload();
    await row.waitFor();
    expect(await page.content()).not.to.include(token);

    await row.getByRole('button', { name: 'Edit' }).click();
    await row.getByLabel('Name').fill('Pokladna U Vchodu');
    await row.getByLabel('Prefix').fill('UV');
    await row.getByRole('button', { name: 'Save' }).click();
    const renamed = page.getByTestId('device-Pokladna U Vchodu');
    await renamed.waitFor();
    expect(await renamed.innerText()).to.include('UV');

    // Rotate: nothing happens on Cancel; the confirmed rotation shows a new token once and the old one stops working.
    await renamed.getByRole('button', { name: 'Rotate token' }).click();
    await page.locator('dialog[open]').getByRole('button', { name: 'Cancel' }).click();
    expect(await page.locator('section.secret').count()).to.equal(0);
    await renamed.getByRole('button', { name: 'Rotate token' }).click();
    await expectAccessible(page, 'POS devices, confirm dialog');
    await confirmDialog(page, 'Rotate token');
    const rotated = await readOneTimeSecret(page);
    expect(rotated)
      .to.match(/^pos_[0-9a-f]{64}$/)
      .and.not.equal(token);
    expect(await posStatus(token)).to.equal(401);
    expect(await posStatus(rotated)).to.equal(400);
    await page.getByRole('button', { name: 'I have copied it' }).click();

    await renamed.getByRole('button', { name: 'Revoke' }).click();
    await confirmDialog(page, 'Revoke device');
    await renamed.getByText(/^Revoked /).waitFor();
    expect(await renamed.getByRole('button').count()).to.equal(0);
    expect(await posStatus(rotated)).to.equal(401);
    expect(problems).to.deep.equal([]);
    await context.close();
  });

  it("shows the server's message next to the field it names", async () => {
    const { page, context } = await openApp(browser, app, company.token);
    await page.goto(`${app.url}/app/pos-devices`);
    await page.getByLabel('Name').fill('x'.repeat(300));
    await page.getByRole('button', { name: 'Create device' }).click();
    const error = page
      .locator('.field.invalid')
      .filter({ has: page.getByLabel('Name') })
      .locator('.field-error');
    await error.waitFor();
    expect(await error.innerText()).to.match(/at most|too long|characters/i);
    await context.close();
  });

  it('shows when a device was last used, in Czech format', async () => {
    const created = await app.post('/api/v1/pos-devices', { name: 'Kasa 2' }, company.token);
    expect(await posStatus(created.body.token)).to.equal(400);
    const { page, context } = await openApp(browser, app, company.token, 'desktop', { language: 'cs' });
    await page.goto(`${app.url}/app/pos-devices`);
    const row = page.getByTestId('device-Kasa 2');
    await row.waitFor();
    // TEST_EPOCH is 17 June 2026, 10:30 in Prague: cs-CZ medium date "17. 6. 2026".
    expect(await row.getByTestId('last-used').innerText()).to.match(/^17\. 6\. 2026 10:3\d$/);
    await context.close();
  });

  it('in Czech: adds a device (token once), renames it and revokes it, every text Czech', async () => {
    const cs = (key: string, options?: Record<string, unknown>) => text('cs', `pos-devices:${key}`, options);
    const czech = await makeCompany(app);
    const { page, context, problems } = await openApp(browser, app, czech.token, 'phone', { language: 'cs' });
    await page.goto(`${app.url}/app/pos-devices`);
    await page.getByRole('heading', { name: cs('title'), level: 1 }).waitFor();
    await page.getByText(cs('list.empty')).waitFor();
    await expectAccessible(page, 'POS devices in Czech, empty');
    await page.getByLabel(cs('fields.name')).fill('Pokladna Náměstí');
    await page.getByLabel(cs('create.prefix')).fill('NAM');
    await page.getByRole('button', { name: cs('create.submit') }).click();
    const secret = page.getByRole('region', { name: cs('create.tokenLabel', { name: 'Pokladna Náměstí' }) });
    expect((await secret.getByTestId('secret-value').innerText()).trim()).to.match(/^pos_[0-9a-f]{64}$/);
    await secret.getByRole('button', { name: text('cs', 'actions.haveCopied') }).click();
    const row = page.getByTestId('device-Pokladna Náměstí');
    await row.waitFor();
    expect(await row.innerText())
      .to.include(cs('list.never'))
      .and.include(cs('list.active'));
    expect(await row.locator('td').first().getAttribute('data-label')).to.equal(cs('list.name'));

    await row.getByRole('button', { name: cs('list.edit') }).click();
    await row.getByLabel(cs('fields.name')).fill('Pokladna U Kašny');
    await row.getByRole('button', { name: text('cs', 'actions.save') }).click();
    const renamed = page.getByTestId('device-Pokladna U Kašny');
    await renamed.waitFor();
    await renamed.getByRole('button', { name: cs('revoke.label') }).click();
    await page.getByRole('dialog', { name: cs('revoke.title', { name: 'Pokladna U Kašny' }) }).waitFor();
    await expectAccessible(page, 'POS devices in Czech, confirm dialog');
    await confirmDialog(page, cs('revoke.confirm'));
    await renamed.getByText(new RegExp(`^${cs('list.revoked', { date: '' }).trim()} \\d`)).waitFor();
    await expectAccessible(page, 'POS devices in Czech');
    expect(problems).to.deep.equal([]);
    await context.close();
  });

  it('pages through more devices than fit one page', async () => {
    await Promise.all(
      Array.from({ length: 21 }, (_, i) =>
        app.post('/api/v1/pos-devices', { name: `Bulk ${String(i).padStart(2, '0')}` }, company.token),
      ),
    );
    const { page, context } = await openApp(browser, app, company.token);
    await page.goto(`${app.url}/app/pos-devices`);
    await page.locator('table.list tbody tr').first().waitFor();
    expect(await page.locator('table.list tbody tr').count()).to.equal(20);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Page 2').waitFor();
    // A locator wait (a string predicate is evaluated in the page, which the app's CSP forbids).
    await page.locator('table.list tbody tr').nth(19).waitFor({ state: 'detached' });
    const second = await page.locator('table.list tbody tr').count();
    expect(second).to.be.greaterThan(0);
    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByText('Page 1').waitFor();
    await context.close();
  });
});
