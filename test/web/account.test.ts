import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { base32Decode, totp } from '../../src/modules/identity/totp';
import { startTestApp, type TestApp } from '../helpers/app';
import { confirmDialog, expectAccessible, openApp, readOneTimeSecret, webFixture } from '../helpers/browser';
import { makeCompany, type Company } from '../helpers/fixtures';
import { text } from '../helpers/texts';
import { obtainTokens, registerApp } from '../oauth/oauth.helpers';

/** The person's own pages in Czech: sessions, two-factor login (with its QR code), notifications, connected applications. */
describe('web app: the account pages in Czech (sessions, two-factor, notifications, connected applications)', function () {
  this.timeout(90_000);
  const web = webFixture(() => startTestApp());
  let app: TestApp;
  let browser: Browser;
  let company: Company;

  before(async () => {
    ({ app, browser } = web);
    company = await makeCompany(app, { companyName: 'Sklenářství Horák s.r.o.' });
  });

  /** Another live session of the same person: a login by the API. */
  async function anotherSession(): Promise<string> {
    const res = await app.post('/api/v1/auth/login', { email: company.email, password: company.password });
    expect(res.status, res.text).to.equal(200);
    return res.body.token as string;
  }

  it('sessions: lists them with this browser marked, ends one, then all the others', async () => {
    const others = [await anotherSession(), await anotherSession(), await anotherSession()];
    const { page, context, problems } = await openApp(browser, app, company.token, 'phone', { language: 'cs' });
    await page.goto(`${app.url}/app/sessions`);
    await page.getByRole('heading', { name: text('cs', 'nav.sessions'), level: 1 }).waitFor();
    const current = page.getByTestId('session-current');
    await current.waitFor();
    expect(await current.innerText()).to.include(text('cs', 'sessions:current'));
    expect(await current.getByRole('button').count()).to.equal(0);
    // makeCompany's own login, the three above, and this browser's (the same token as makeCompany's).
    await page.getByTestId('session').nth(2).waitFor();
    const count = await page.getByTestId('session').count();
    await expectAccessible(page, 'sessions in Czech');

    await page
      .getByTestId('session')
      .first()
      .getByRole('button', { name: text('cs', 'sessions:end') })
      .click();
    await confirmDialog(page, text('cs', 'sessions:end'));
    await page.getByText(text('cs', 'sessions:ended')).waitFor();
    await page
      .getByTestId('session')
      .nth(count - 1)
      .waitFor({ state: 'detached' });

    await page.getByRole('button', { name: text('cs', 'sessions:endOthers') }).click();
    await confirmDialog(page, text('cs', 'sessions:endOthers'));
    await page.getByText(text('cs', 'sessions:endedOthers', { count: count - 1 })).waitFor();
    await page.getByText(text('cs', 'sessions:onlyThis')).waitFor();
    expect(await page.getByTestId('session').count()).to.equal(0);
    for (const token of others) expect((await app.get('/api/v1/auth/me', token)).status).to.equal(401);
    expect((await app.get('/api/v1/auth/me', company.token)).status).to.equal(200);
    expect(problems).to.deep.equal([]);
    await context.close();
  });

  it('two-factor login: the QR code of the otpauth link is shown beside the secret; enabling takes a code', async () => {
    const owner = await makeCompany(app, { companyName: 'Zámečnictví Král' });
    const { page, context, problems } = await openApp(browser, app, owner.token, 'desktop', { language: 'cs' });
    await page.goto(`${app.url}/app/two-factor`);
    await page.getByRole('button', { name: text('cs', 'two-factor:setUp') }).click();
    const qr = page.getByRole('img', { name: text('cs', 'two-factor:qr') });
    await qr.waitFor();
    // A QR code: a square of modules (version 1 is 21 modules, plus 4 of quiet zone on each side).
    const viewBox = String(await qr.getAttribute('viewBox'))
      .split(' ')
      .map(Number);
    expect(viewBox[2]).to.equal(viewBox[3]).and.to.be.at.least(29);
    expect((await qr.locator('path').getAttribute('d'))?.length).to.be.greaterThan(500);
    await expectAccessible(page, 'two-factor setup in Czech');
    const secret = (await page.getByTestId('totp-secret').innerText()).trim();
    const now = new Date((await app.get('/api/test/clock')).body.now);
    await page.getByLabel(text('cs', 'two-factor:code')).fill(totp(base32Decode(secret)!, now));
    await page.getByRole('button', { name: text('cs', 'two-factor:enable'), exact: true }).click();
    expect((await readOneTimeSecret(page)).split(/\s+/)).to.have.length(10);
    await page.getByRole('button', { name: text('cs', 'actions.haveCopied') }).click();
    await page.getByText(text('cs', 'two-factor:codesLeft', { count: 10 })).waitFor();
    expect(problems).to.deep.equal([]);
    await context.close();
  });

  it('notifications and connected applications in Czech: filter, mark read, revoke', async () => {
    const em = app.app.container.orm.em.fork();
    app.app.container.services.notifications.notifications.raise(em, company.organizationId, {
      type: 'export.completed',
      title: 'Export hotov',
      message: 'Export dokladů je připraven ke stažení.',
    });
    await em.flush();
    const client = await registerApp(app, company, {
      name: 'Účetní robot',
      redirectUris: ['https://robot.example.cz/callback'],
    });
    await obtainTokens(app, company, client);

    const { page, context, problems } = await openApp(browser, app, company.token, 'desktop', { language: 'cs' });
    await page.goto(`${app.url}/app/notifications`);
    const item = page.getByTestId('notification').filter({ hasText: 'Export hotov' });
    await item.waitFor();
    expect(await item.innerText()).to.include(text('cs', 'notifications:types.export_completed'));
    await expectAccessible(page, 'notifications in Czech');
    await item.getByRole('button', { name: text('cs', 'notifications:markRead') }).click();
    await item.getByText(text('cs', 'notifications:read'), { exact: false }).waitFor();
    await page.getByLabel(text('cs', 'notifications:show')).selectOption('unread');
    await page.getByText(text('cs', 'notifications:empty')).waitFor();

    await page.goto(`${app.url}/app/connected-applications`);
    const grant = page.getByTestId('grant-Účetní robot');
    await grant.waitFor();
    await expectAccessible(page, 'connected applications in Czech');
    await grant.getByRole('button', { name: text('cs', 'connected-applications:revoke') }).click();
    await confirmDialog(page, text('cs', 'connected-applications:revoke'));
    await page.getByText(text('cs', 'connected-applications:empty')).waitFor();
    expect(problems).to.deep.equal([]);
    await context.close();
  });
});
