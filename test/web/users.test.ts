import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/app';
import { expectAccessible, openApp, webFixture } from '../helpers/browser';
import { makeCompany, type Company } from '../helpers/fixtures';
import { text } from '../helpers/texts';

/** The users and departments page in Czech (its English run is in people-and-apps.test.ts). */
describe('web app: users and departments in Czech', function () {
  this.timeout(60_000);
  const web = webFixture(() => startTestApp());
  let app: TestApp;
  let browser: Browser;
  let company: Company;

  before(async () => {
    ({ app, browser } = web);
    company = await makeCompany(app);
  });

  it('an OWNER adds a department and a MEMBER with per-section permissions, every label and message in Czech', async () => {
    const { page, context, problems } = await openApp(browser, app, company.token, 'desktop', { language: 'cs' });
    const cs = (key: string, options: Record<string, unknown> = {}) => text('cs', `users:${key}`, options);
    await page.goto(`${app.url}/app/users`);
    await page.getByRole('heading', { name: cs('title'), level: 1 }).waitFor();
    await page.getByText(cs('ownerIntro')).waitFor();
    await page.getByText(cs('departments.none')).waitFor();
    await page.getByLabel(cs('departments.name')).fill('Brno');
    await page.getByRole('button', { name: cs('departments.add') }).click();
    await page.locator('#departments ~ ul li', { hasText: 'Brno' }).waitFor();

    const form = page.locator('form', { has: page.getByRole('button', { name: cs('create') }) });
    await form.getByLabel(cs('email'), { exact: true }).fill('jana@example.cz');
    await form.getByLabel(cs('password')).fill('short');
    const documents = text('cs', 'common:sections.documents');
    await form.getByLabel(documents, { exact: true }).selectOption({ label: cs('access.levels.write') });
    await form.getByLabel(cs('access.allDepartments')).uncheck();
    await form.getByLabel('Brno').check();
    await form.getByRole('button', { name: cs('create') }).click();
    const refused = form.locator('.field.invalid .field-error');
    await refused.waitFor();
    expect(await refused.innerText()).to.equal(text('cs', 'common:errors.fields.password'));
    await expectAccessible(page, 'users in Czech, with an error');
    await form.getByLabel(cs('password')).fill('a long password for jana');
    await form.getByRole('button', { name: cs('create') }).click();
    await page.getByText(cs('created', { email: 'jana@example.cz' })).waitFor();
    const card = page.getByTestId('user-jana@example.cz');
    await card.waitFor();
    expect(await card.innerText())
      .to.include(text('cs', 'common:roles.MEMBER'))
      .and.include(cs('card.permission', { section: documents, level: cs('card.levels.write') }))
      .and.include('Brno');
    await card.getByRole('button', { name: cs('card.edit') }).click();
    await card.getByLabel(cs('access.role')).selectOption({ label: cs('access.roles.ADMIN') });
    await card.getByRole('button', { name: text('cs', 'common:actions.save') }).click();
    await card.getByText(text('cs', 'common:roles.ADMIN'), { exact: true }).waitFor();
    await page.getByTestId(`user-${company.email}`).getByText(cs('card.owner')).waitFor();
    await expectAccessible(page, 'users in Czech');
    expect(problems).to.deep.equal([]);
    await context.close();
  });
});
