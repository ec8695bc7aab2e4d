import { expect } from 'chai';
import { parse } from 'csv-parse/sync';
import type { Browser } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/app';
import { expectAccessible, openApp, webFixture } from '../helpers/browser';
import { fetchBytes, runJobs } from '../helpers/exports';
import { makeCompany, makeContact, type Company } from '../helpers/fixtures';
import { text, type Language } from '../helpers/texts';

/** The exports page (issue 30 point 3): start an export of a list, see its progress, download the file. */
describe('web app: the exports page', function () {
  this.timeout(90_000);
  const web = webFixture(() => startTestApp());
  let app: TestApp;
  let browser: Browser;
  let company: Company;

  before(async () => {
    ({ app, browser } = web);
    company = await makeCompany(app);
    await makeContact(app, company.token, { name: 'Exportovaný kontakt s.r.o.' });
  });

  for (const language of ['cs', 'en'] as Language[]) {
    it(`in ${language}: exports the contacts as CSV for Czech Excel, shows the state and offers the download`, async () => {
      const { page, problems } = await openApp(browser, app, company.token, 'desktop', { language });
      await page.goto(`${app.url}/app/exports`);
      await page.getByRole('heading', { level: 1, name: text(language, 'exports:title') }).waitFor();
      await page.getByLabel(text(language, 'exports:start.resource')).selectOption('contacts');
      // ZIPs of PDFs are for documents only.
      const formats = await page.getByLabel(text(language, 'exports:start.format')).locator('option').allInnerTexts();
      expect(formats).to.deep.equal([text(language, 'exports:formats.csv'), text(language, 'exports:formats.xlsx')]);
      await page.getByRole('button', { name: text(language, 'exports:start.submit') }).click();
      await page.getByRole('status').getByText(text(language, 'exports:start.started')).waitFor();
      await page.getByTestId('exports').waitFor();
      await expectAccessible(page, `exports in ${language}`);
      await runJobs(app);
      const link = page.getByRole('link', { name: text(language, 'exports:list.download') }).first();
      await link.waitFor();
      expect(await page.getByTestId('exports').locator('tbody tr').first().innerText()).to.include(
        text(language, 'exports:resources.contacts'),
      );
      const file = await fetchBytes(app, (await link.getAttribute('href'))!);
      expect(file.status).to.equal(200);
      const rows: string[][] = parse(file.bytes, { bom: true, delimiter: ';' });
      expect(rows.flat()).to.include('Exportovaný kontakt s.r.o.');
      expect(problems).to.deep.equal([]);
      await page.context().close();
    });
  }
});
