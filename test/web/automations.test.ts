import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/app';
import { confirmDialog, expectAccessible, openApp, webFixture } from '../helpers/browser';
import { makeCompany, makeDocument, makeUser, type Company } from '../helpers/fixtures';

/** The automations page: rule editor with the server's messages, manual run, run history. */
describe('web app: automations page', function () {
  this.timeout(60_000);
  const web = webFixture(() => startTestApp());
  let app: TestApp;
  let browser: Browser;
  let company: Company;

  before(async () => {
    ({ app, browser } = web);
    company = await makeCompany(app);
  });

  it('writes a rule (the server’s messages next to the condition value and the cron), runs it by hand and shows each action’s result; edits and deletes it', async () => {
    const { page, context, problems } = await openApp(browser, app, company.token);
    await page.goto(`${app.url}/app/automations`);
    await page.getByText('No automation rules yet.').waitFor();
    await expectAccessible(page, 'automations, empty');
    await page.getByRole('link', { name: 'New rule' }).click();
    await page.getByLabel('Name').fill('Velké faktury');
    await page.getByLabel('Trigger').selectOption('MANUAL');
    await page.getByRole('button', { name: 'Add condition' }).click();
    await page.getByLabel('Condition 1 field').selectOption('amount');
    await page.getByLabel('Operator').selectOption('gte');
    await page.getByLabel('Value').fill('hodně');
    await page.getByLabel('Action 1').selectOption('ADD_TAG');
    await page.getByLabel('Tag').fill('velka');
    await page.getByRole('button', { name: 'Add action' }).click();
    await page.getByLabel('Action 2').selectOption('INTERNAL_NOTIFICATION');
    await page.getByLabel('Title').fill('Velká faktura');
    await page.getByLabel('Message').fill('Přišla velká faktura.');
    await page.getByRole('button', { name: 'Create rule' }).click();
    await page
      .locator('.field.invalid')
      .filter({ has: page.getByLabel('Value') })
      .locator('.field-error')
      .waitFor();
    await expectAccessible(page, 'rule editor with an error');
    await page.getByLabel('Value').fill('1000');
    await page.getByRole('button', { name: 'Create rule' }).click();
    await page.getByRole('heading', { name: 'Velké faktury', level: 1 }).waitFor();
    await page.getByText('No runs yet.').waitFor();

    const doc = await makeDocument(app, company.token);
    await page.getByLabel('Document id (optional)').fill(doc.id);
    await page.getByRole('button', { name: 'Run now' }).click();
    const run = page.getByTestId('automation-run').first();
    await run.waitFor();
    await run.getByText('COMPLETED').waitFor();
    const text = await run.innerText();
    expect(text).to.include('ADD_TAG').and.include('INTERNAL_NOTIFICATION').and.include('SUCCEEDED');
    expect((await app.get(`/api/v1/documents/${doc.id}`, company.token)).body.tags).to.deep.equal(['velka']);
    await expectAccessible(page, 'run history');

    // Scheduled with a bad cron: the server's message next to the cron field.
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.getByLabel('Trigger').selectOption('SCHEDULED');
    await page.getByLabel('Cron').fill('99 * * * *');
    await page.getByRole('button', { name: 'Save rule' }).click();
    await page
      .locator('.field.invalid')
      .filter({ has: page.getByLabel('Cron') })
      .locator('.field-error')
      .waitFor();
    await page.getByLabel('Cron').fill('0 8 * * 1');
    await page.getByRole('button', { name: 'Save rule' }).click();
    await page.getByText('cron 0 8 * * 1').waitFor();

    await page.getByRole('link', { name: 'All rules' }).click();
    const card = page.getByTestId('automation-Velké faktury');
    await card.waitFor();
    await card.getByRole('button', { name: 'Delete' }).click();
    await confirmDialog(page, 'Delete rule');
    await page.getByText('No automation rules yet.').waitFor();
    expect(problems).to.deep.equal([]);
    await context.close();
  });

  it('a MEMBER with automations:read sees rules and runs but no editor or run button', async () => {
    await app.post(
      '/api/v1/automations',
      { name: 'Čtené pravidlo', triggerType: 'MANUAL', actions: [{ type: 'ADD_TAG', params: { tag: 'x' } }] },
      company.token,
    );
    const reader = await makeUser(app, company, { role: 'MEMBER', permissions: { automations: 'read' } });
    const { page, context } = await openApp(browser, app, reader.token);
    await page.goto(`${app.url}/app/automations`);
    await page.getByTestId('automation-Čtené pravidlo').waitFor();
    expect(await page.getByRole('link', { name: 'New rule' }).count()).to.equal(0);
    await page.getByRole('link', { name: 'Čtené pravidlo' }).click();
    await page.getByText('No runs yet.').waitFor();
    expect(await page.getByRole('button', { name: 'Run now' }).count()).to.equal(0);
    await context.close();
  });
});
