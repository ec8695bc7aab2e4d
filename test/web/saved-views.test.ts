import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/app';
import { expectAccessible, openApp, webFixture } from '../helpers/browser';
import { makeCompany, makeContact, makeDocument, type Company } from '../helpers/fixtures';

/** Saved views on the list pages: one app and one Chromium for the file. */
describe('web app: saved views', function () {
  this.timeout(60_000);
  const web = webFixture(() => startTestApp());
  let app: TestApp;
  let browser: Browser;
  let company: Company;

  before(async () => {
    ({ app, browser } = web);
    company = await makeCompany(app);
  });

  it("saves the documents list's filters as a view and chooses it again, the list asking with the view", async () => {
    const invoice = await makeDocument(app, company.token, { type: 'INVOICE', status: 'ISSUED' });
    const proforma = await makeDocument(app, company.token, { type: 'PROFORMA', status: 'ISSUED' });
    const { page, context, problems } = await openApp(browser, app, company.token);
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/graphql') && r.postData()?.includes('DocumentList')) asked.push(r.postData() ?? '');
    });
    await page.goto(`${app.url}/app/documents`);
    await page.getByTestId(`document-${invoice.number}`).waitFor();
    await page.getByLabel('Type').selectOption('PROFORMA');
    await page.getByTestId(`document-${invoice.number}`).waitFor({ state: 'detached' });

    await page.getByText('Save view', { exact: true }).first().click();
    const form = page.getByRole('form', { name: 'Save view' });
    await form.getByLabel('View name').fill('Proformas');
    await form.getByLabel('Shared with the company').check();
    await form.getByRole('button', { name: 'Save view' }).click();
    await page.getByText('View Proformas saved.').waitFor();
    const saved = (await app.get('/api/v1/saved-views?resource=documents', company.token)).body.data;
    expect(saved).to.have.length(1);
    expect(saved[0]).to.deep.include({ name: 'Proformas', filters: { type: 'PROFORMA' }, shared: true });
    await expectAccessible(page, 'documents with saved views');

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByLabel('Saved view').selectOption('');
    await page.getByTestId(`document-${invoice.number}`).waitFor();
    asked.length = 0;
    await page.getByLabel('Saved view').selectOption({ label: 'Proformas (shared)' });
    await page.getByTestId(`document-${invoice.number}`).waitFor({ state: 'detached' });
    await page.getByTestId(`document-${proforma.number}`).waitFor();
    expect(await page.getByLabel('Type').inputValue(), 'the view’s filters shown').to.equal('PROFORMA');
    expect(
      asked.some((body) => body.includes(`"view":"${saved[0].id}"`)),
      'the list asks with view',
    ).to.equal(true);
    expect(problems).to.deep.equal([]);
    await context.close();
  });

  it('chooses a view saved through the API on the contacts page', async () => {
    await makeContact(app, company.token, { name: 'Odběratel a.s.', type: 'CLIENT' });
    await makeContact(app, company.token, { name: 'Dodavatel s.r.o.', type: 'SUPPLIER' });
    const view = await app.post(
      '/api/v1/saved-views',
      { name: 'Dodavatelé', resource: 'contacts', filters: { search: 'Dodavatel' } },
      company.token,
    );
    expect(view.status, view.text).to.equal(201);
    const { page, context, problems } = await openApp(browser, app, company.token);
    await page.goto(`${app.url}/app/contacts`);
    await page.getByTestId('contact-Odběratel a.s.').waitFor();
    await page.getByLabel('Saved view').selectOption({ label: 'Dodavatelé' });
    await page.getByTestId('contact-Odběratel a.s.').waitFor({ state: 'detached' });
    await page.getByTestId('contact-Dodavatel s.r.o.').waitFor();
    expect(await page.getByRole('searchbox', { name: 'Search' }).inputValue()).to.equal('Dodavatel');
    expect(problems).to.deep.equal([]);
    await context.close();
  });
});
