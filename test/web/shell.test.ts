import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/app';
import { expectAccessible, openApp, webFixture } from '../helpers/browser';
import { advanceClock } from '../helpers/controls';
import { makeCompany, makeUser, type Company } from '../helpers/fixtures';
import { text } from '../helpers/texts';

describe('web app: the shell (sign up, log in and out, navigation by permissions, 404)', function () {
  this.timeout(60_000);
  const web = webFixture(() => startTestApp());
  let app: TestApp;
  let browser: Browser;
  let company: Company;

  before(async () => {
    ({ app, browser } = web);
    company = await makeCompany(app, { companyName: 'Truhlářství Dvořák s.r.o.' });
    // A company with no country reads Czech by default; this file logs in by the page and reads English.
    expect((await app.patch('/api/v1/auth/me', { language: 'en' }, company.token)).status).to.equal(200);
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
    // The shell sends the visitor on to the login page while /app/ is still loading: wait for that navigation to be
    // committed, not for its load, which the next navigation may abort (net::ERR_ABORTED, a CI failure under load).
    await page.waitForURL((u) => u.pathname === '/app/login', { waitUntil: 'commit' });
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
    expect(await page.getByTestId('person').innerText()).to.equal(`${company.email} · ${text('en', 'roles.OWNER')}`);
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
      'Received costs',
      'Inbox',
      'Payments',
      'Reports',
      'Exports',
      'Notifications',
      'Connected applications',
      'Two-factor login',
      'Sessions',
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
      'Sessions',
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

  it('keyboard shortcuts: n opens a new invoice, / focuses the page search, ? lists them; none while typing', async () => {
    const { page, context, problems } = await openApp(browser, app, company.token);
    await page.goto(`${app.url}/app/notifications`);
    await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
    // A page with a search field marked for the shortcut (the documents list marks its own).
    await page.evaluate(`(() => {
      const input = document.createElement('input');
      input.setAttribute('data-shortcut', 'search');
      input.setAttribute('aria-label', 'Search');
      document.querySelector('main').append(input);
    })()`);
    await page.keyboard.press('/');
    expect(await page.evaluate('document.activeElement.dataset.shortcut')).to.equal('search');
    // Typed into a field: the key is text, not a shortcut.
    await page.keyboard.type('n?');
    expect(await page.evaluate('document.activeElement.value')).to.equal('n?');
    expect(new URL(page.url()).pathname).to.equal('/app/notifications');
    expect(await page.locator('dialog[open]').count()).to.equal(0);

    await page.evaluate('document.activeElement.blur()');
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: text('en', 'shell.shortcuts') });
    await dialog.waitFor();
    expect(await dialog.innerText()).to.include(text('en', 'shortcuts.newInvoice'));
    await expectAccessible(page, 'the shortcuts dialog');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    await page.keyboard.press('n');
    await page.waitForURL(`${app.url}/app/documents/new`);
    expect(problems).to.deep.equal([]);
    await context.close();
  });

  it('language: a CZ company sees Czech by default, switches to English in the topbar, and a reload keeps it; a German company reads English', async () => {
    const czech = await makeCompany(app, { companyName: 'Kovárna Brno s.r.o.' });
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'cs-CZ' });
    await context.addCookies([{ name: 'session', value: czech.token, url: app.url, httpOnly: true, sameSite: 'Lax' }]);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error' && !/^Failed to load resource/.test(msg.text())) problems.push(msg.text());
    });
    await page.goto(`${app.url}/app/notifications`);
    await page.getByRole('heading', { name: text('cs', 'nav.notifications'), level: 1 }).waitFor();
    expect(await page.evaluate('document.documentElement.lang')).to.equal('cs');
    expect(await page.locator('#sidebar a').first().innerText()).to.equal(text('cs', 'shell.home'));
    await expectAccessible(page, 'the shell in Czech');

    await page.getByLabel(text('cs', 'shell.language')).selectOption('en');
    await page.getByRole('heading', { name: text('en', 'nav.notifications'), level: 1 }).waitFor();
    const me = await app.get('/api/v1/auth/me', czech.token);
    expect(me.body.language).to.equal('en');
    await page.reload();
    await page.getByRole('heading', { name: text('en', 'nav.notifications'), level: 1 }).waitFor();
    expect(await page.evaluate('document.documentElement.lang')).to.equal('en');
    // The signed-out pages of this browser follow: the login page reads the lang cookie.
    expect((await context.cookies()).find((c) => c.name === 'lang')?.value).to.equal('en');
    expect(problems).to.deep.equal([]);
    await context.close();

    const german = await makeCompany(app, { companyName: 'Bäckerei Müller GmbH' });
    const moved = await app.request('PUT', '/api/v1/settings/company', {
      token: german.token,
      body: {
        legalName: 'Bäckerei Müller GmbH',
        street: 'Hauptstraße 1',
        city: 'Dresden',
        zip: '01067',
        country: 'DE',
      },
    });
    expect(moved.status, moved.text).to.equal(200);
    const other = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'cs-CZ' });
    await other.addCookies([{ name: 'session', value: german.token, url: app.url, httpOnly: true, sameSite: 'Lax' }]);
    const germanPage = await other.newPage();
    await germanPage.goto(`${app.url}/app/notifications`);
    await germanPage.getByRole('heading', { name: text('en', 'nav.notifications'), level: 1 }).waitFor();
    expect(await germanPage.evaluate('document.documentElement.lang')).to.equal('en');
    await other.close();
  });

  it('in Czech: the navigation, the 404 page and a refused field show Czech texts', async () => {
    const { page, context, problems } = await openApp(browser, app, company.token, 'phone', { language: 'cs' });
    await page.goto(`${app.url}/app/no/such/page`);
    await page.getByRole('heading', { name: text('cs', 'notFound.title'), level: 1 }).waitFor();
    await page.getByRole('button', { name: text('cs', 'shell.menu') }).click();
    await page
      .locator('#sidebar')
      .getByRole('link', { name: text('cs', 'nav.sessions'), exact: true })
      .waitFor();
    await expectAccessible(page, '404 in Czech at 390 px');
    expect(problems).to.deep.equal([]);
    await context.close();

    // A field the server refuses shows the Czech text of its name, not the server's English message.
    const signUp = await openApp(browser, app, null, 'phone', { language: 'cs' });
    await signUp.page.goto(`${app.url}/app/signup`);
    await signUp.page.getByLabel(text('cs', 'signUp.companyName')).fill('Květinářství Růžena');
    await signUp.page.getByLabel(text('cs', 'signUp.email')).fill('ruzena.cs@example.cz');
    await signUp.page.getByLabel(text('cs', 'signUp.password')).fill('short');
    await signUp.page.getByRole('button', { name: text('cs', 'signUp.submit') }).click();
    const error = signUp.page.locator('.field.invalid .field-error');
    await error.waitFor();
    expect(await error.innerText()).to.equal(text('cs', 'errors.fields.password'));
    expect(signUp.problems).to.deep.equal([]);
    await signUp.context.close();
  });

  it('the login page speaks the browser’s language (Czech by default), or the one the web app last showed (lang cookie)', async () => {
    const { page, context, problems } = await openApp(browser, app, null, 'phone', { language: 'cs' });
    await page.goto(`${app.url}/app/login`);
    await page.getByRole('heading', { name: 'Přihlášení do Faktury', level: 1 }).waitFor();
    expect(await page.evaluate('document.documentElement.lang')).to.equal('cs');
    await page.getByLabel('Heslo').fill('wrong password!');
    await page.getByLabel('E-mail').fill(company.email);
    await page.getByRole('button', { name: 'Přihlásit se' }).click();
    await page.getByText('Nesprávný e-mail nebo heslo').waitFor();
    await expectAccessible(page, 'the login page in Czech');
    await context.addCookies([{ name: 'lang', value: 'en', url: app.url }]);
    await page.goto(`${app.url}/app/login`);
    await page.getByRole('heading', { name: 'Log in to Faktura', level: 1 }).waitFor();
    expect(problems).to.deep.equal([]);
    await context.close();

    const page_ = async (headers: Record<string, string>) => (await app.request('GET', '/app/login', { headers })).text;
    expect(await page_({ 'accept-language': 'de-DE,cs;q=0.8,en;q=0.5' })).to.include('Přihlásit se</button>');
    expect(await page_({ 'accept-language': 'en-GB,cs;q=0.5' })).to.include('Log in</button>');
    expect(await page_({ 'accept-language': 'de-DE' })).to.include('Přihlásit se</button>');
    expect(await page_({ 'accept-language': 'de;q=0.9,en;q=1' })).to.include('Log in</button>');
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
