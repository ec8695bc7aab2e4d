import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/app';
import { confirmDialog, expectAccessible, openApp, webFixture } from '../helpers/browser';
import { makeCompany, makeDocument, makeUser, type Company } from '../helpers/fixtures';
import { text } from '../helpers/texts';

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
    await run.getByText(text('en', 'automations:runs.statuses.COMPLETED')).waitFor();
    const shown = await run.innerText();
    expect(shown)
      .to.include(text('en', 'automations:actions.ADD_TAG'))
      .and.include(text('en', 'automations:actions.INTERNAL_NOTIFICATION'))
      .and.include(text('en', 'automations:runs.actionStatuses.SUCCEEDED'));
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

  it('in Czech: writes a rule, is told of a wrong value in Czech, runs it and reads the run history in Czech', async () => {
    const czech = await makeCompany(app);
    const { page, context, problems } = await openApp(browser, app, czech.token, 'desktop', { language: 'cs' });
    const cs = (key: string, options: Record<string, unknown> = {}) => text('cs', `automations:${key}`, options);
    await page.goto(`${app.url}/app/automations`);
    await page.getByRole('heading', { name: cs('title'), level: 1 }).waitFor();
    await page.getByText(cs('none')).waitFor();
    await page.getByRole('link', { name: cs('newRule') }).click();
    await page.getByRole('heading', { name: cs('form.newTitle'), level: 1 }).waitFor();
    await page.getByLabel(cs('form.name'), { exact: true }).fill('Velké faktury');
    await page.getByLabel(cs('form.trigger')).selectOption({ label: cs('triggers.MANUAL') });
    await page.getByRole('button', { name: cs('conditions.add') }).click();
    await page.getByLabel(cs('conditions.field', { n: 1 })).selectOption({ label: cs('fields.amount') });
    await page.getByLabel(cs('conditions.operator')).selectOption({ label: cs('operators.gte') });
    await page.getByLabel(cs('conditions.value')).fill('hodně');
    await page.getByLabel(cs('actionRows.action', { n: 1 })).selectOption({ label: cs('actions.ADD_TAG') });
    await page.getByLabel(cs('params.tag')).fill('velka');
    await page.getByRole('button', { name: cs('form.create') }).click();
    const refused = page
      .locator('.field.invalid')
      .filter({ has: page.getByLabel(cs('conditions.value')) })
      .locator('.field-error');
    await refused.waitFor();
    // Not the server's English: the Czech text of the field (or the generic one).
    expect(await refused.innerText()).to.not.match(/[a-z]+ must/i);
    await expectAccessible(page, 'automation editor in Czech, with an error');
    await page.getByLabel(cs('conditions.value')).fill('1000');
    await page.getByRole('button', { name: cs('form.create') }).click();
    await page.getByRole('heading', { name: 'Velké faktury', level: 1 }).waitFor();
    await page.getByText(cs('trigger.byHand')).waitFor();
    await page.getByText(cs('runs.none')).waitFor();
    const doc = await makeDocument(app, czech.token);
    await page.getByLabel(cs('runs.documentId')).fill(doc.id);
    await page.getByRole('button', { name: cs('runs.runNow') }).click();
    await page.getByText(cs('runs.ran', { status: cs('runs.ranStatuses.COMPLETED') })).waitFor();
    const run = page.getByTestId('automation-run').first();
    await run.getByText(cs('runs.statuses.COMPLETED')).waitFor();
    await run.getByRole('cell', { name: cs('actions.ADD_TAG') }).waitFor();
    await run.getByRole('cell', { name: cs('runs.actionStatuses.SUCCEEDED') }).waitFor();
    await expectAccessible(page, 'run history in Czech');
    await page.getByRole('link', { name: cs('runs.allRules') }).click();
    const card = page.getByTestId('automation-Velké faktury');
    await card.getByText(cs('then', { actions: cs('actions.ADD_TAG').toLowerCase() })).waitFor();
    expect(problems).to.deep.equal([]);
    await context.close();
  });

  it('in Czech: the webhooks page creates an endpoint (the refused URL told in Czech), edits and deletes it', async () => {
    const czech = await makeCompany(app);
    const { page, context, problems } = await openApp(browser, app, czech.token, 'desktop', { language: 'cs' });
    const cs = (key: string, options: Record<string, unknown> = {}) => text('cs', `webhooks:${key}`, options);
    await page.goto(`${app.url}/app/webhooks`);
    await page.getByRole('heading', { name: cs('title'), level: 1 }).waitFor();
    await page.getByText(cs('none')).waitFor();
    await page.getByLabel(cs('fields.name'), { exact: true }).fill('ERP');
    await page.getByLabel(cs('fields.url'), { exact: true }).fill('ftp://example.cz/hook');
    await page.getByLabel('document.paid').check();
    await page.getByRole('button', { name: cs('create') }).click();
    const refused = page
      .locator('.field.invalid')
      .filter({ has: page.getByLabel(cs('fields.url'), { exact: true }) })
      .locator('.field-error');
    await refused.waitFor();
    expect(await refused.innerText()).to.not.match(/must|expected/i);
    await page.getByLabel(cs('fields.url'), { exact: true }).fill('https://example.cz/hook');
    await page.getByRole('button', { name: cs('create') }).click();
    const secret = page.locator('section.secret');
    await secret.getByText(text('cs', 'common:secret.warning')).waitFor();
    expect((await secret.getByTestId('secret-value').innerText()).trim().length).to.be.greaterThan(20);
    await page.getByRole('button', { name: text('cs', 'common:actions.haveCopied') }).click();
    const card = page.getByTestId('webhook-ERP');
    await card.getByText(cs('card.active'), { exact: true }).waitFor();
    await expectAccessible(page, 'webhooks in Czech');
    await card.getByRole('link', { name: cs('card.deliveryLog') }).click();
    await page.getByRole('heading', { name: cs('deliveries.titleOf', { name: 'ERP' }), level: 1 }).waitFor();
    await page.getByText(cs('deliveries.none')).waitFor();
    await page.getByLabel(cs('deliveries.status')).selectOption({ label: cs('deliveries.statuses.FAILED') });
    await page.getByRole('link', { name: cs('deliveries.allEndpoints') }).click();
    await card.getByRole('button', { name: cs('card.edit') }).click();
    await card.getByLabel(cs('fields.active')).uncheck();
    await card.getByRole('button', { name: text('cs', 'common:actions.save') }).click();
    await card.getByText(cs('card.inactive'), { exact: true }).waitFor();
    await card.getByRole('button', { name: cs('card.delete') }).click();
    await confirmDialog(page, cs('card.deleteConfirm'));
    await page.getByText(cs('none')).waitFor();
    expect(problems).to.deep.equal([]);
    await context.close();
  });
});
