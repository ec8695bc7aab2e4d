import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/app';
import { expectAccessible, openApp, webFixture } from '../helpers/browser';
import { advanceClock } from '../helpers/controls';
import { makeCompany, makeUser, type Company } from '../helpers/fixtures';

describe('web app: the shell (sign up, log in and out, navigation by permissions, 404)', function () {
  this.timeout(60_000);
  const web = webFixture(() => startTestApp());
  let app: TestApp;
  let browser: Browser;
  let company: Company;

  before(async () => {
    ({ app, browser } = web);
    company = await makeCompany(app, { companyName: 'Truhlářství Dvořák s.r.o.' });
  });

  it('signs up: the field the server refuses shows its message, then the new company lands on its home', async () => {
    const { page, context, problems } = await openApp(browser, app, null);
    await page.goto(`${app.url}/app/signup`);
    await expectAccessible(page, 'sign up');
    await page.getByLabel('Company name').fill('Květinářství Růžena');
    await page.getByLabel('E-mail').fill('ruzena@example.cz');
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Sign up' }).click();
    const error = page.locator('.field.invalid .field-error');
    await error.waitFor();
    expect(await error.innerText()).to.equal('must be at least 12 characters');
    expect(await page.getByLabel('Password').getAttribute('aria-invalid')).to.equal('true');
    await expectAccessible(page, 'sign up with an error');
    await page.getByLabel('Password').fill('a long enough password');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL(`${app.url}/app/`);
    await page.getByTestId('organization').waitFor();
    expect(await page.getByTestId('organization').innerText()).to.equal('Květinářství Růžena');
    expect(await page.getByTestId('person').innerText()).to.include('ruzena@example.cz');
    expect(problems).to.deep.equal([]);
    await context.close();
  });

  it('a visitor without a session goes to /app/login and, after logging in, back to the page asked for; log out ends the session', async () => {
    const { page, context, problems } = await openApp(browser, app, null);
    await page.goto(`${app.url}/app/api-keys`);
    await page.waitForURL((u) => u.pathname === '/app/login');
    expect(new URL(page.url()).searchParams.get('return_to')).to.equal('/app/api-keys');
    await page.fill('input[name="email"]', company.email);
    await page.fill('input[name="password"]', company.password);
    await page.click('button:has-text("Log in")');
    await page.waitForURL(`${app.url}/app/api-keys`);
    await page.getByRole('heading', { name: 'API keys', level: 1 }).waitFor();
    const cookie = (await context.cookies()).find((c) => c.name === 'session')!;
    expect(cookie).to.include({ httpOnly: true, sameSite: 'Lax' });

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL((u) => u.pathname === '/app/login');
    expect((await context.cookies()).find((c) => c.name === 'session')).to.equal(undefined);
    await page.goto(`${app.url}/app/`);
    await page.waitForURL((u) => u.pathname === '/app/login');
    expect(problems).to.deep.equal([]);
    await context.close();
  });

  it('logging in at /app/login with no return address lands on the home page, showing the company and the person', async () => {
    const { page, context } = await openApp(browser, app, null);
    await page.goto(`${app.url}/app/login`);
    await page.fill('input[name="email"]', company.email);
    await page.fill('input[name="password"]', company.password);
    await page.click('button:has-text("Log in")');
    await page.waitForURL(`${app.url}/app/`);
    expect(await page.getByTestId('organization').innerText()).to.equal('Truhlářství Dvořák s.r.o.');
    expect(await page.getByTestId('person').innerText()).to.equal(`${company.email} · OWNER`);
    await expectAccessible(page, 'home');
    await context.close();
  });

  it('an OWNER is offered every page; a MEMBER only its own, and a page it lacks says so instead of showing it', async () => {
    const owner = await openApp(browser, app, company.token);
    await owner.page.goto(`${app.url}/app/`);
    await owner.page.getByTestId('person').waitFor();
    const ownerNav = await owner.page.locator('#sidebar a').allInnerTexts();
    expect(ownerNav).to.deep.equal([
      'Home',
      'Documents',
      'Recurring series',
      'Contacts',
      'Products',
      'Inbox',
      'Payments',
      'Reports',
      'Notifications',
      'Connected applications',
      'Two-factor login',
      'POS devices',
      'API keys',
      'OAuth applications',
      'Automations',
      'Webhooks',
      'Company and numbering',
      'Reminders',
      'E-mail templates',
      'Users and departments',
      'Audit log',
    ]);
    await owner.context.close();

    const member = await makeUser(app, company, { role: 'MEMBER', permissions: { documents: 'write' } });
    const { page, context, problems } = await openApp(browser, app, member.token);
    await page.goto(`${app.url}/app/`);
    await page.getByTestId('person').waitFor();
    // documents:write also covers the price list (products are part of documents).
    expect(await page.locator('#sidebar a').allInnerTexts()).to.deep.equal([
      'Home',
      'Documents',
      'Recurring series',
      'Products',
      'Notifications',
      'Connected applications',
      'Two-factor login',
    ]);
    for (const path of [
      'pos-devices',
      'api-keys',
      'oauth-applications',
      'automations',
      'webhooks',
      'users',
      'contacts',
      'payments',
      'reports',
      'company',
      'reminders',
      'email-templates',
    ]) {
      await page.goto(`${app.url}/app/${path}`);
      await page.getByText('You do not have access to this page').waitFor();
      expect(await page.locator('table').count(), path).to.equal(0);
    }
    const withAutomations = await makeUser(app, company, { role: 'MEMBER', permissions: { automations: 'read' } });
    const reader = await openApp(browser, app, withAutomations.token);
    await reader.page.goto(`${app.url}/app/`);
    await reader.page.getByTestId('person').waitFor();
    expect(await reader.page.locator('#sidebar a').allInnerTexts()).to.include.members(['Automations', 'Webhooks']);
    await reader.context.close();
    expect(problems).to.deep.equal([]);
    await context.close();
  });

  it('an unknown address shows the 404 page inside the shell', async () => {
    const { page, context } = await openApp(browser, app, company.token);
    await page.goto(`${app.url}/app/no/such/page`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await expectAccessible(page, '404');
    await page.getByRole('link', { name: 'Back to the home page' }).click();
    await page.waitForURL((u) => /^\/app\/?$/.test(u.pathname));
    await page.getByRole('heading', { name: 'Truhlářství Dvořák s.r.o.' }).waitFor();
    await context.close();
  });

  it('at 390 px the navigation folds behind a Menu button', async () => {
    const { page, context } = await openApp(browser, app, company.token, 'phone');
    await page.goto(`${app.url}/app/`);
    await page.getByTestId('person').waitFor();
    expect(await page.locator('#sidebar').isVisible()).to.equal(false);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.locator('#sidebar').getByRole('link', { name: 'POS devices' }).click();
    await page.waitForURL(`${app.url}/app/pos-devices`);
    expect(await page.locator('#sidebar').isVisible()).to.equal(false);
    expect(await page.evaluate('document.documentElement.scrollWidth')).to.be.at.most(390);
    await expectAccessible(page, 'POS devices at 390 px');
    await context.close();
  });

  it('works from the keyboard: the skip link comes first, a confirmation takes the focus and Escape cancels it', async () => {
    await app.post('/api/v1/pos-devices', { name: 'Klávesnice' }, company.token);
    const { page, context } = await openApp(browser, app, company.token);
    await page.goto(`${app.url}/app/pos-devices`);
    const row = page.getByTestId('device-Klávesnice');
    await row.waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate('document.activeElement.textContent')).to.equal('Skip to content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate('document.activeElement.id')).to.equal('main');
    await row.getByRole('button', { name: 'Revoke' }).focus();
    await page.keyboard.press('Enter');
    await page.locator('dialog[open]').waitFor();
    expect(await page.evaluate('!!document.activeElement.closest("dialog[open]")')).to.equal(true);
    await page.keyboard.press('Escape');
    await page.locator('dialog[open]').waitFor({ state: 'detached' });
    expect(await row.locator('td[data-label="Status"]').innerText()).to.equal('Active');
    await context.close();
  });

  // Last in this file: it moves the app's clock past every session issued so far.
  it('a session that expires while a page is open leads to the login page and back to that page', async () => {
    const { page, context } = await openApp(browser, app, company.token);
    await page.goto(`${app.url}/app/pos-devices`);
    await page.getByRole('button', { name: 'Create device' }).waitFor();
    // Every query of the page's first render answered: one still in flight when the clock moves would
    // find the session expired and lead to the login page before the form is used.
    await page.waitForLoadState('networkidle');
    await advanceClock(app, 13 * 3600);
    await page.getByLabel('Name').fill('Pokladna 3');
    await page.getByRole('button', { name: 'Create device' }).click();
    await page.waitForURL((u) => u.pathname === '/app/login');
    expect(new URL(page.url()).searchParams.get('return_to')).to.equal('/app/pos-devices');
    await context.close();
  });
});
