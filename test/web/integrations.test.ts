import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/app';
import { confirmDialog, expectAccessible, openApp, readOneTimeSecret, webFixture } from '../helpers/browser';
import { makeCompany, makeUser, type Company } from '../helpers/fixtures';
import { startReceiver, type Receiver } from '../helpers/receiver';

/** API keys, webhooks and notifications pages: one app and one Chromium for the file. */
describe('web app: API keys, webhooks and notifications pages', function () {
  this.timeout(60_000);
  const web = webFixture(() => startTestApp());
  let app: TestApp;
  let browser: Browser;
  let company: Company;
  let receiver: Receiver;
  let failNext = 0;

  before(async () => {
    ({ app, browser } = web);
    [company, receiver] = await Promise.all([
      makeCompany(app),
      startReceiver(() => (failNext-- > 0 ? { status: 500, body: 'down' } : { status: 200, body: 'ok' })),
    ]);
  });
  after(() => receiver?.close());

  describe('API keys', () => {
    it('creates a key shown once that works, shows its usage this month against the quota, deletes it after a confirmation', async () => {
      const { page, context, problems } = await openApp(browser, app, company.token);
      await page.goto(`${app.url}/app/api-keys`);
      await page.getByText('No API keys yet.').waitFor();
      await expectAccessible(page, 'API keys, empty');
      await page.getByLabel('Name').fill('ERP export');
      // The sections default to the person's own; documents are taken away from this key.
      expect(await page.getByLabel('Contacts').inputValue()).to.equal('write');
      await page.getByLabel('Documents').selectOption('none');
      await page.getByRole('button', { name: 'Create key' }).click();
      const key = await readOneTimeSecret(page);
      expect(key).to.match(/^fk_[0-9a-f]{64}$/);
      await expectAccessible(page, 'API keys, key shown');
      await page.getByRole('button', { name: 'I have copied it' }).click();

      for (let i = 0; i < 3; i++) expect((await app.get('/api/v1/organization', key)).status).to.equal(200);
      await page.reload();
      const row = page.getByTestId('key-ERP export');
      await row.waitFor();
      expect(await page.content()).not.to.include(key);
      // en-GB groups thousands with a comma (the Czech run, keys-and-apps.test.ts, with a no-break space).
      expect(await row.getByTestId('usage').innerText()).to.equal('3 of 1,000');
      expect(await row.getByTestId('sections').innerText())
        .to.include('Contacts: write')
        .and.not.include('Documents');
      expect((await app.get('/api/v1/documents', key)).status).to.equal(403);

      await row.getByRole('button', { name: 'Delete' }).click();
      await confirmDialog(page, 'Delete key');
      await page.getByText('No API keys yet.').waitFor();
      expect((await app.get('/api/v1/organization', key)).status).to.equal(401);
      expect(problems).to.deep.equal([]);
      await context.close();
    });
  });

  describe('webhooks', () => {
    it('creates an endpoint (secret once), tests it, shows the delivery log with attempts, replays a failed delivery, edits and deletes it', async () => {
      const { page, context, problems } = await openApp(browser, app, company.token);
      await page.goto(`${app.url}/app/webhooks`);
      await page.getByText('No webhook endpoints yet.').waitFor();
      await expectAccessible(page, 'webhooks, empty');

      // The server's refusal of a bad URL lands next to the URL field.
      await page.getByLabel('Name').fill('ERP');
      await page.getByLabel('URL').fill('ftp://example.cz/hook');
      await page.getByLabel('document.paid').check();
      await page.getByRole('button', { name: 'Create endpoint' }).click();
      await page
        .locator('.field.invalid')
        .filter({ has: page.getByLabel('URL') })
        .locator('.field-error')
        .waitFor();

      await page.getByLabel('URL').fill(receiver.url);
      await page.getByRole('button', { name: 'Create endpoint' }).click();
      const secret = await readOneTimeSecret(page);
      expect(secret.length).to.be.greaterThan(20);
      await page.getByRole('button', { name: 'I have copied it' }).click();
      const card = page.getByTestId('webhook-ERP');
      await card.waitFor();
      expect(await card.innerText())
        .to.include('document.paid')
        .and.include('active');

      failNext = 1;
      await card.getByRole('button', { name: 'Send test' }).click();
      await card.getByText('Test failed').waitFor();
      await card.getByRole('link', { name: 'Delivery log' }).click();
      const delivery = page.getByTestId('delivery');
      await delivery.waitFor();
      expect(await delivery.innerText())
        .to.include('webhook.test')
        .and.include('HTTP 500');
      await expectAccessible(page, 'webhook deliveries');
      await delivery.getByRole('button', { name: 'Replay' }).click();
      await delivery.getByText('DELIVERED').waitFor();
      expect(await delivery.locator('tbody tr').count()).to.equal(2);
      expect(await delivery.innerText()).to.include('HTTP 200');
      expect(receiver.received.length).to.equal(2);

      await page.getByRole('link', { name: 'All endpoints' }).click();
      await card.getByRole('button', { name: 'Edit' }).click();
      await card.getByLabel('Active').uncheck();
      await card.getByLabel('contact.created').check();
      await card.getByRole('button', { name: 'Save' }).click();
      await card.getByText('inactive').waitFor();
      expect(await card.innerText()).to.include('contact.created');

      await card.getByRole('button', { name: 'Delete' }).click();
      await confirmDialog(page, 'Delete endpoint');
      await page.getByText('No webhook endpoints yet.').waitFor();
      expect(problems).to.deep.equal([]);
      await context.close();
    });

    it('a MEMBER with automations:read sees the endpoints but no form or write action', async () => {
      await app.post(
        '/api/v1/webhooks',
        { name: 'Readable', url: receiver.url, events: ['contact.created'] },
        company.token,
      );
      const reader = await makeUser(app, company, { role: 'MEMBER', permissions: { automations: 'read' } });
      const { page, context } = await openApp(browser, app, reader.token);
      await page.goto(`${app.url}/app/webhooks`);
      await page.getByTestId('webhook-Readable').waitFor();
      expect(await page.getByRole('button', { name: 'Create endpoint' }).count()).to.equal(0);
      expect(await page.getByTestId('webhook-Readable').getByRole('button').count()).to.equal(0);
      await context.close();
    });
  });

  describe('notifications', () => {
    it('lists notifications, shows the unread count in the shell and marks one read', async () => {
      const { orm } = app.app.container;
      const em = orm.em.fork();
      const notifications = app.app.container.services.notifications.notifications;
      notifications.raise(em, company.organizationId, {
        type: 'webhook.failed',
        title: 'Webhook ERP failing',
        message: 'Deliveries to ERP fail.',
      });
      notifications.raise(em, company.organizationId, {
        type: 'automation.failed',
        title: 'Automation stopped',
        message: 'The rule "Remind" failed.',
      });
      await em.flush();

      const { page, context, problems } = await openApp(browser, app, company.token);
      await page.goto(`${app.url}/app/notifications`);

      await page.getByTestId('notification').first().waitFor();
      await page.getByTestId('unread-count').getByText('2', { exact: true }).waitFor();
      await expectAccessible(page, 'notifications');
      const first = page.getByTestId('notification').filter({ hasText: 'Webhook ERP failing' });
      await first.getByRole('button', { name: 'Mark read' }).click();
      await first.getByText('· read').waitFor();
      await page.getByTestId('unread-count').getByText('1').waitFor();
      await page.getByLabel('Show').selectOption('unread');
      // Locator waits (a string predicate is evaluated in the page, which the app's CSP forbids).
      await page.getByTestId('notification').nth(1).waitFor({ state: 'detached' });
      await page.getByTestId('notification').first().waitFor();
      expect(await page.getByTestId('notification').innerText()).to.include('Automation stopped');
      expect(problems).to.deep.equal([]);
      await context.close();
    });
  });
});
