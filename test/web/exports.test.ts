import { expect } from 'chai';
import { parse } from 'csv-parse/sync';
import type { Browser } from 'playwright-core';
import { text } from '../helpers/texts';
import { startTestApp, type TestApp } from '../helpers/app';
import { expectAccessible, openApp, webFixture } from '../helpers/browser';
import { makeCompany, makeDocument, type Company } from '../helpers/fixtures';
import { fetchBytes, runJobs } from '../helpers/exports';

/** The documents list's Export (issue 27 point 4): the filters shown become the export's filters. */
describe('web app: exporting the documents list', function () {
  this.timeout(60_000);
  const web = webFixture(() => startTestApp());
  let app: TestApp;
  let browser: Browser;
  let company: Company;

  before(async () => {
    ({ app, browser } = web);
    company = await makeCompany(app);
    await makeDocument(app, company.token, { clientName: 'Exportovaný klient' });
    await makeDocument(app, company.token, { type: 'QUOTE', clientName: 'Nabídka' });
  });

  it('exports the documents the filters show as CSV for Czech Excel and offers the download link', async () => {
    const { page } = await openApp(browser, app, company.token);
    await page.goto(`${app.url}/app/documents`);
    await page.getByLabel('Type').selectOption('INVOICE');
    const control = page.getByTestId('document-export');
    await control.locator('summary').click();
    await control.getByLabel('Format').selectOption('csv');
    await control.getByRole('button', { name: 'Export the documents shown' }).click();
    await control.getByRole('status').getByText('Exporting').waitFor();
    await expectAccessible(page, 'documents with the export control');
    await runJobs(app);
    const link = control.getByRole('link', { name: text('en', 'documents:export.download', { count: 1 }) });
    await link.waitFor();
    const file = await fetchBytes(app, (await link.getAttribute('href'))!);
    expect(file.status).to.equal(200);
    const rows: string[][] = parse(file.bytes, { bom: true, delimiter: ';' });
    expect(rows).to.have.length(2);
    expect(rows[1]).to.include('Exportovaný klient');
    expect(rows[1]).to.include('1210,00');
  });
});
