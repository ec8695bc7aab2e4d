import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/app';
import { expectAccessible, openApp, webFixture } from '../helpers/browser';
import { makeCompany, makeDocument, makeUser, type Company } from '../helpers/fixtures';
import { text } from '../helpers/texts';

/** Company billing data, document look and numbering series: one app and one Chromium for the file. */
describe('web app: company billing data and numbering page', function () {
  this.timeout(60_000);
  const web = webFixture(() => startTestApp());
  let app: TestApp;
  let browser: Browser;
  let company: Company;

  before(async () => {
    ({ app, browser } = web);
    company = await makeCompany(app);
  });

  it('saves the billing data, with the server’s message next to a wrong IČO and IBAN; changes the look and a numbering series', async () => {
    const { page, context, problems } = await openApp(browser, app, company.token);
    await page.goto(`${app.url}/app/company`);
    await page.getByTestId('series-INVOICE').waitFor();
    await expectAccessible(page, 'company');
    const billing = page.locator('form', { has: page.getByRole('button', { name: 'Save billing data' }) });
    await billing.getByLabel('Legal name').fill('Pekárna Novák s.r.o.');
    await billing.getByLabel('IČO').fill('27074359');
    await billing.getByLabel('IBAN').fill('CZ6508000000192000145398');
    await billing.getByRole('button', { name: 'Save billing data' }).click();
    await billing
      .locator('.field.invalid')
      .filter({ has: page.getByLabel('IČO') })
      .locator('.field-error')
      .waitFor();
    expect(await billing.locator('.field.invalid').count()).to.equal(2);
    await billing.getByLabel('IČO').fill('27074358');
    await billing.getByLabel('IBAN').fill('CZ65 0800 0000 1920 0014 5399');
    await billing.getByLabel('DIČ').fill('CZ27074358');
    await billing.getByLabel('VAT payer').check();
    await billing.getByLabel('Lock issued documents (corrections only by credit note)').check();
    await billing.getByRole('button', { name: 'Save billing data' }).click();
    await page.getByText('Billing data saved.').waitFor();
    await billing.getByText('Account 19-2000145399/0800').waitFor();
    const saved = (await app.get('/api/v1/settings/company', company.token)).body;
    expect(saved).to.include({
      legalName: 'Pekárna Novák s.r.o.',
      taxId: '27074358',
      vatId: 'CZ27074358',
      vatPayer: true,
      iban: 'CZ6508000000192000145399',
      accountNumber: '19-2000145399/0800',
      lockIssuedDocuments: true,
    });

    const look = page.locator('form', { has: page.getByRole('button', { name: 'Save look' }) });
    await look.getByLabel('Document language').selectOption('en');
    await look.getByLabel('Footer text').fill('Děkujeme za nákup');
    await look.getByRole('button', { name: 'Save look' }).click();
    await page.waitForResponse(
      (r) => r.url().endsWith('/graphql') && r.request().postData()!.includes('CompanySettings'),
    );
    expect((await app.get('/api/v1/settings/document-look', company.token)).body).to.include({
      language: 'en',
      footerText: 'Děkujeme za nákup',
    });
    await page.getByLabel('Upload a logo (PNG or SVG)').setInputFiles({
      name: 'logo.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="#c00"/></svg>',
      ),
    });
    await page.getByTestId('logo-type').getByText('SVG').waitFor();

    const series = page.getByTestId('series-INVOICE');
    await series.getByLabel('Invoices: format').fill('FA{YYYY}-{NNNN}');
    await series.getByLabel('Invoices: counter restarts').selectOption('YEARLY');
    await page.getByRole('button', { name: 'Save numbering' }).click();
    await series.getByTestId('series-preview').getByText('FA2026-0001').waitFor();
    expect((await makeDocument(app, company.token)).number).to.equal('FA2026-0001');
    await series.getByLabel('Invoices: format').fill('FA{YYYY}{NNNNNNN}');
    await page.getByRole('button', { name: 'Save numbering' }).click();
    await series
      .locator('.field.invalid .field-error')
      .getByText('prints 11 digits; the variable symbol takes at most 10')
      .waitFor();
    expect(problems).to.deep.equal([]);
    await context.close();
  });

  it('saves the tax filing settings the EPO files need, with the server’s message next to a wrong code', async () => {
    const { page, context, problems } = await openApp(browser, app, company.token);
    await page.goto(`${app.url}/app/company`);
    const filing = page.locator('form', { has: page.getByRole('button', { name: 'Save tax filing settings' }) });
    await filing.getByLabel('Tax office', { exact: true }).fill('45');
    await filing.getByLabel('Filer').selectOption('LEGAL_PERSON');
    await filing.getByLabel('VAT period').selectOption('QUARTERLY');
    await filing.getByLabel('CZ-NACE').fill('62010');
    await filing.getByRole('button', { name: 'Save tax filing settings' }).click();
    await filing
      .locator('.field.invalid')
      .filter({ has: page.getByLabel('Tax office', { exact: true }) })
      .waitFor();
    await filing.getByLabel('Tax office', { exact: true }).fill('451');
    await filing.getByRole('button', { name: 'Save tax filing settings' }).click();
    await page.getByText('Tax filing settings saved.').waitFor();
    expect((await app.get('/api/v1/settings/tax-filing', company.token)).body).to.deep.equal({
      taxOfficeCode: '451',
      taxOfficeWorkplaceCode: null,
      filerType: 'LEGAL_PERSON',
      filerFirstName: null,
      filerLastName: null,
      vatPeriod: 'QUARTERLY',
      naceCode: '62010',
    });
    expect(problems).to.deep.equal([]);
    await context.close();
  });

  it('a MEMBER with company_settings:read sees the data but cannot change it', async () => {
    const reader = await makeUser(app, company, { role: 'MEMBER', permissions: { company_settings: 'read' } });
    const { page, context } = await openApp(browser, app, reader.token);
    await page.goto(`${app.url}/app/company`);
    await page.getByTestId('series-INVOICE').waitFor();
    expect(await page.getByRole('button', { name: /^Save/ }).count()).to.equal(0);
    expect(await page.getByLabel('Legal name').isDisabled()).to.equal(true);
    await context.close();
  });
  it('in Czech: the page, its labels, notices and the server’s refusal of a field read Czech', async () => {
    const czech = await makeCompany(app);
    const { page, context, problems } = await openApp(browser, app, czech.token, 'desktop', { language: 'cs' });
    await page.goto(`${app.url}/app/company`);
    await page.getByRole('heading', { name: text('cs', 'company:title'), level: 1 }).waitFor();
    await page.getByTestId('series-INVOICE').waitFor();
    const save = text('cs', 'company:billing.save');
    const billing = page.locator('form', { has: page.getByRole('button', { name: save }) });
    await billing.getByLabel(text('cs', 'company:billing.legalName')).fill('Pekárna Novák s.r.o.');
    await billing.getByLabel(text('cs', 'company:billing.taxId')).fill('27074359');
    await billing.getByRole('button', { name: save }).click();
    const refused = billing.locator('.field.invalid .field-error').first();
    await refused.waitFor();
    // A Czech page never shows the server's English message next to the field.
    expect(await refused.textContent()).to.be.oneOf([
      text('cs', 'common:errors.invalid'),
      ...(hasText('common:errors.fields.taxId') ? [text('cs', 'common:errors.fields.taxId')] : []),
    ]);
    await billing.getByLabel(text('cs', 'company:billing.taxId')).fill('27074358');
    await billing.getByLabel(text('cs', 'company:billing.iban')).fill('CZ65 0800 0000 1920 0014 5399');
    await billing.getByRole('button', { name: save }).click();
    await page.getByText(text('cs', 'company:billing.saved')).waitFor();
    await billing.getByText(text('cs', 'company:billing.ibanAccount', { account: '19-2000145399/0800' })).waitFor();

    const invoices = text('cs', 'company:series.names.INVOICE');
    const series = page.getByTestId('series-INVOICE');
    await series.getByRole('heading', { name: invoices }).waitFor();
    await series.getByLabel(text('cs', 'company:series.format', { series: invoices })).fill('FA{YYYY}-{NNNN}');
    await series
      .getByLabel(text('cs', 'company:series.restart', { series: invoices }))
      .selectOption({ label: text('cs', 'company:series.restarts.YEARLY') });
    await page.getByRole('button', { name: text('cs', 'company:series.save') }).click();
    await series.getByTestId('series-preview').getByText('FA2026-0001').waitFor();

    const filing = page.locator('form', { has: page.getByRole('button', { name: text('cs', 'company:tax.save') }) });
    await filing
      .getByLabel(text('cs', 'company:tax.vatPeriod'))
      .selectOption({ label: text('cs', 'company:tax.vatPeriods.QUARTERLY') });
    await filing.getByRole('button', { name: text('cs', 'company:tax.save') }).click();
    await page.getByText(text('cs', 'company:tax.saved')).waitFor();
    await expectAccessible(page, 'company in Czech');
    expect(problems).to.deep.equal([]);
    await context.close();
  });
});

function hasText(key: string): boolean {
  try {
    text('cs', key);
    return true;
  } catch {
    return false;
  }
}
