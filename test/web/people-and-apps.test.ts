import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/app';
import { confirmDialog, expectAccessible, openApp, readOneTimeSecret, webFixture } from '../helpers/browser';
import { makeCompany, makeUser, type Company } from '../helpers/fixtures';
import { text } from '../helpers/texts';
import { basic, obtainTokens, registerApp, tokenRequest } from '../oauth/oauth.helpers';

/** Users and departments, OAuth applications and connected applications: one app and one Chromium. */
describe('web app: users, OAuth applications and connected applications pages', function () {
  this.timeout(60_000);
  const web = webFixture(() => startTestApp());
  let app: TestApp;
  let browser: Browser;
  let company: Company;

  before(async () => {
    ({ app, browser } = web);
    company = await makeCompany(app);
  });

  it('an OWNER adds a department, creates a MEMBER with per-section permissions in it, who can log in with them; then changes its access', async () => {
    const { page, context, problems } = await openApp(browser, app, company.token);
    await page.goto(`${app.url}/app/users`);
    await page.getByText('No departments yet.').waitFor();
    await expectAccessible(page, 'users');
    await page.getByLabel('Department name').fill('Brno');
    await page.getByRole('button', { name: 'Add department' }).click();
    await page.locator('#departments ~ ul li', { hasText: 'Brno' }).waitFor();

    const form = page.locator('form', { has: page.getByRole('button', { name: 'Create user' }) });
    await form.getByLabel('E-mail').fill('jana@example.cz');
    await form.getByLabel('Initial password').fill('short');
    await form.getByLabel('Documents').selectOption('write');
    await form.getByLabel('Contacts').selectOption('read');
    await form.getByLabel('All departments').uncheck();
    await form.getByLabel('Brno').check();
    await form.getByRole('button', { name: 'Create user' }).click();
    await form.locator('.field.invalid .field-error').waitFor();
    expect(await form.locator('.field.invalid .field-error').innerText()).to.equal('must be at least 12 characters');
    await form.getByLabel('Initial password').fill('a long password for jana');
    await form.getByRole('button', { name: 'Create user' }).click();
    const card = page.getByTestId('user-jana@example.cz');
    await card.waitFor();
    expect(await card.innerText())
      .to.include(text('en', 'common:roles.MEMBER'))
      .and.include('Documents: write')
      .and.include('Contacts: read')
      .and.include('Payments: none')
      .and.include('Brno');

    const login = await app.post('/api/v1/auth/login', {
      email: 'jana@example.cz',
      password: 'a long password for jana',
    });
    expect(login.status).to.equal(200);
    expect((await app.get('/api/v1/contacts', login.body.token)).status).to.equal(200);
    expect((await app.post('/api/v1/contacts', { name: 'X' }, login.body.token)).status).to.equal(403);

    await card.getByRole('button', { name: 'Edit access' }).click();
    await card.getByLabel('Contacts').selectOption('write');
    await card.getByRole('button', { name: 'Save' }).click();
    await card.getByText('Contacts: write').waitFor();
    expect((await app.post('/api/v1/contacts', { name: 'X' }, login.body.token)).status).to.equal(201);
    expect(
      await page.getByTestId(`user-${company.email}`).getByRole('button').count(),
      'the owner cannot be edited',
    ).to.equal(0);
    expect(problems).to.deep.equal([]);
    await context.close();
  });

  it('an ADMIN manages users too, but not the owner, another admin or itself', async () => {
    const admin = await makeUser(app, company, { role: 'ADMIN' });
    const otherAdmin = await makeUser(app, company, { role: 'ADMIN' });
    const member = await makeUser(app, company, {});
    const { page, context } = await openApp(browser, app, admin.token);
    await page.goto(`${app.url}/app/users`);
    await page.getByTestId(`user-${company.email}`).waitFor();
    expect(await page.locator('#sidebar a').allInnerTexts()).to.include('Users and departments');
    const editButtons = (email: string) =>
      page.getByTestId(`user-${email}`).getByRole('button', { name: 'Edit access' }).count();
    expect(await page.getByTestId(`user-${company.email}`).getByRole('button').count()).to.equal(0);
    expect(await editButtons(admin.email), 'nobody changes their own access').to.equal(0);
    expect(await editButtons(otherAdmin.email), 'only the owner changes an admin').to.equal(0);
    expect(await editButtons(member.email)).to.equal(1);
    await context.close();
  });

  it('registers a confidential application (secret once, working), edits it, rotates the secret and disables it, with confirmations', async () => {
    const { page, context, problems } = await openApp(browser, app, company.token);
    await page.goto(`${app.url}/app/oauth-applications`);
    await page.getByText('No applications yet.').waitFor();
    await expectAccessible(page, 'OAuth applications');
    await page.getByLabel('Name').fill('Účetní robot');
    await page.getByLabel('Description', { exact: true }).fill('Books invoices');
    await page.getByLabel('Redirect URIs (one per line)').fill('http://evil.example/cb');
    await page.getByLabel('documents:read').check();
    await page.getByRole('button', { name: 'Register application' }).click();
    const uriError = page.locator('#redirect-uris-error');
    await uriError.waitFor();
    expect(await uriError.innerText()).to.match(/https/);
    await page
      .getByLabel('Redirect URIs (one per line)')
      .fill('https://robot.example.cz/callback\nhttp://127.0.0.1:9/callback');
    await page.getByRole('button', { name: 'Register application' }).click();
    const secret = await readOneTimeSecret(page);
    expect(secret).to.match(/^fcs_[0-9a-f]{64}$/);
    const clientId = await page.locator('.notice code').innerText();
    expect(clientId).to.match(/^fci_[0-9a-f]{32}$/);
    await page.getByRole('button', { name: 'I have copied it' }).click();
    const card = page.getByTestId('app-Účetní robot');
    await card.waitFor();
    expect(await card.innerText())
      .to.include('confidential')
      .and.include('documents:read')
      .and.include('https://robot.example.cz/callback');
    // The secret authenticates the client: a bad code is invalid_grant (not invalid_client).
    const probe = (s: string) =>
      tokenRequest(
        app,
        { grant_type: 'authorization_code', code: 'fac_x', redirect_uri: 'https://robot.example.cz/callback' },
        basic(clientId, s),
      );
    expect((await probe(secret)).body.error).to.equal('invalid_grant');

    await card.getByRole('button', { name: 'Edit' }).click();
    await card.getByLabel('contacts:read').check();
    await card.getByRole('button', { name: 'Save' }).click();
    await card.getByText(/Scopes: .*contacts:read/).waitFor();

    await card.getByRole('button', { name: 'Rotate secret' }).click();
    await confirmDialog(page, 'Rotate secret');
    const rotated = await readOneTimeSecret(page);
    expect(rotated)
      .to.match(/^fcs_[0-9a-f]{64}$/)
      .and.not.equal(secret);
    expect((await probe(secret)).body.error).to.equal('invalid_client');
    expect((await probe(rotated)).body.error).to.equal('invalid_grant');
    await page.getByRole('button', { name: 'I have copied it' }).click();

    await card.getByRole('button', { name: 'Disable' }).click();
    await confirmDialog(page, 'Disable application');
    await card.getByText('disabled', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Enable' }).click();
    await card.getByRole('button', { name: 'Disable' }).waitFor();
    expect(problems).to.deep.equal([]);
    await context.close();
  });

  it('registers a public client: no secret is shown', async () => {
    const { page, context } = await openApp(browser, app, company.token);
    await page.goto(`${app.url}/app/oauth-applications`);
    await page.getByLabel('Name').fill('Pocket app');
    await page.getByLabel('Redirect URIs (one per line)').fill('http://127.0.0.1:9/pocket');
    await page.getByLabel('documents:read').check();
    await page.getByLabel(/Confidential client/).uncheck();
    await page.getByRole('button', { name: 'Register application' }).click();
    await page.getByTestId('app-Pocket app').waitFor();
    expect(await page.locator('section.secret').count()).to.equal(0);
    expect(await page.getByTestId('app-Pocket app').innerText()).to.include('public');
    await context.close();
  });

  it("shows the person's connected applications and revokes one: its tokens stop working", async () => {
    const client = await registerApp(app, company, { name: 'Fakturační robot' });
    const tokens = await obtainTokens(app, company, client);
    expect((await app.get('/api/v1/contacts', tokens.access_token)).status).to.equal(200);
    const { page, context, problems } = await openApp(browser, app, company.token);
    await page.goto(`${app.url}/app/connected-applications`);
    const grant = page.getByTestId('grant-Fakturační robot');
    await grant.waitFor();
    expect(await grant.innerText()).to.include('contacts:read');
    await expectAccessible(page, 'connected applications');
    await grant.getByRole('button', { name: 'Revoke access' }).click();
    await confirmDialog(page, 'Revoke access');
    await page.getByText('You have not connected any application.').waitFor();
    expect((await app.get('/api/v1/contacts', tokens.access_token)).status).to.equal(401);
    expect(problems).to.deep.equal([]);
    await context.close();
  });
});
