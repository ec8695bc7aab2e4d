import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/app';
import { expectAccessible, openApp, webFixture } from '../helpers/browser';
import { makeApiKey, makeCompany, makeUser, type Company } from '../helpers/fixtures';
import { text } from '../helpers/texts';

/** Waits until the table shows exactly `count` entries (the filtered answer has arrived). */
const showsEntries = (page: Page, count: number) =>
  page.waitForFunction(
    (n) => (globalThis as any).document.querySelectorAll('[data-testid^="entry-"]').length === n,
    count,
  );

/** The settings page "Audit log": entries, filters by action and person, paging; managers only. */
describe('web app: audit log page', function () {
  this.timeout(60_000);
  const web = webFixture(() => startTestApp());
  let app: TestApp;
  let browser: Browser;
  let company: Company;
  let admin: Awaited<ReturnType<typeof makeUser>>;

  before(async () => {
    ({ app, browser } = web);
    company = await makeCompany(app);
    admin = await makeUser(app, company, { role: 'ADMIN' });
    // 21 keys by the owner: more than one page (20) of API key entries.
    for (let i = 1; i <= 21; i++) await makeApiKey(app, company, `key ${i}`);
    await makeApiKey(app, { ...company, token: admin.token }, 'the admin’s key');
  });

  it('lists entries newest first, filters by action and by person, and pages', async () => {
    const { page, context, problems } = await openApp(browser, app, company.token);
    await page.goto(`${app.url}/app/audit-log`);
    const table = page.getByTestId('audit-log');
    await table.waitFor();
    await expectAccessible(page, 'audit log');
    expect(await page.locator('#sidebar a').allInnerTexts()).to.include('Audit log');
    const first = table.locator('tbody tr').first();
    expect(await first.innerText())
      .to.include('API key created')
      .and.include(admin.email)
      .and.include('name: the admin’s key')
      .and.include('127.0.0.1');

    await page.getByLabel('Action').selectOption({ label: 'User created' });
    await page.getByTestId('entry-USER_CREATED').first().waitFor();
    expect(await page.getByTestId('entry-USER_CREATED').innerText())
      .to.include(company.email)
      .and.include('email: ' + admin.email);

    // The action's page (more than one entry) first: only then does "one entry" mean the person's filter applied.
    await page.getByLabel('Action').selectOption({ label: 'API key created' });
    await page.getByTestId('entry-API_KEY_CREATED').first().waitFor();
    await showsEntries(page, 20);
    await page.getByLabel('Person').selectOption({ label: admin.email });
    await showsEntries(page, 1);
    expect(await table.locator('tbody tr').innerText()).to.include('the admin’s key');

    await page.getByLabel('Person').selectOption({ label: company.email });
    await showsEntries(page, 20);
    expect(await table.locator('tbody tr').first().innerText()).to.include('name: key 21');
    await page.getByRole('button', { name: 'Next' }).click();
    await showsEntries(page, 1);
    expect(await table.locator('tbody tr').innerText()).to.include('name: key 1');
    expect(problems).to.deep.equal([]);
    await context.close();
  });

  it('is not offered to a MEMBER', async () => {
    const member = await makeUser(app, company, { role: 'MEMBER', permissions: { company_settings: 'write' } });
    const { page, context } = await openApp(browser, app, member.token);
    await page.goto(`${app.url}/app/audit-log`);
    await page.getByText('You do not have access to this page.').waitFor();
    expect(await page.locator('#sidebar a').allInnerTexts()).not.to.include('Audit log');
    expect(await page.getByTestId('audit-log').count()).to.equal(0);
    await context.close();
  });

  it('in Czech: the columns, actions, filters and dates read Czech', async () => {
    const { page, context, problems } = await openApp(browser, app, company.token, 'desktop', { language: 'cs' });
    const cs = (key: string) => text('cs', `audit-log:${key}`);
    await page.goto(`${app.url}/app/audit-log`);
    await page.getByRole('heading', { name: cs('title'), level: 1 }).waitFor();
    const table = page.getByTestId('audit-log');
    await table.waitFor();
    for (const column of ['when', 'action', 'who', 'target', 'details', 'from'])
      await table.getByRole('columnheader', { name: cs(`columns.${column}`), exact: true }).waitFor();
    const key = table.locator('tbody tr', { hasText: cs('actions.API_KEY_CREATED') }).first();
    expect(await key.innerText()).to.include(cs('targets.api_key'));
    // Czech dates: "17. 6. 2026 10:30", not the English "17 Jun 2026".
    expect(await key.innerText()).to.match(/\d{1,2}\.\s\d{1,2}\.\s\d{4}/);
    await page.getByLabel(cs('action')).selectOption({ label: cs('actions.USER_CREATED') });
    await page.getByTestId('entry-USER_CREATED').first().waitFor();
    await page.getByLabel(cs('person')).selectOption({ label: admin.email });
    await page.getByText(cs('none')).waitFor();
    await expectAccessible(page, 'audit log in Czech');
    expect(problems).to.deep.equal([]);
    await context.close();
  });
});
