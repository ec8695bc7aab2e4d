import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import { expectAccessible, openApp, webFixture } from '../helpers/browser';
import type { Browser } from 'playwright-core';
import { getDocument, makeCompany, makeContact, makeDocument, type Company } from '../helpers/fixtures';

/** Issue 25 point 1 in the web app: "Convert to…" on the document detail page. */
describe('web app: converting a document', function () {
  this.timeout(90_000);
  const web = webFixture(() => startTestApp());
  let app: TestApp;
  let browser: Browser;
  let company: Company;

  before(async () => {
    ({ app, browser } = web);
    company = await makeCompany(app, { companyName: 'Truhlářství Dvořák s.r.o.' });
  });

  it('offers the types the server allows and opens the new document, linked back to its source', async () => {
    const contact = await makeContact(app, company.token, { name: 'Novák s.r.o.' });
    const quote = await makeDocument(app, company.token, {
      type: 'QUOTE',
      status: 'ISSUED',
      contactId: contact.id,
      note: 'Dodání do konce měsíce',
    });
    const draft = await makeDocument(app, company.token, { type: 'QUOTE' });
    const { page, context, problems } = await openApp(browser, app, company.token);

    // A draft converts to nothing yet: no button.
    await page.goto(`${app.url}/app/documents/${draft.id}`);
    await page.locator('.page-header .badge', { hasText: 'Draft' }).waitFor();
    expect(await page.getByRole('button', { name: 'Convert to…' }).count()).to.equal(0);

    // A quote's validity is set in its form (no such field on other types).
    await page.goto(`${app.url}/app/documents/${quote.id}/edit`);
    await page.getByLabel('Valid until').fill('2026-07-31');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    // Saved: the detail page (not the form, whose label reads the same) shows the validity.
    await page.waitForURL(`${app.url}/app/documents/${quote.id}`);
    await page.locator('dt', { hasText: 'Valid until' }).waitFor();
    expect((await getDocument(app, company.token, quote.id)).validUntil).to.equal('2026-07-30T22:00:00.000Z');

    await page.goto(`${app.url}/app/documents/${quote.id}`);
    await page.getByRole('button', { name: 'Convert to…' }).click();
    const form = page.getByRole('form', { name: 'Convert to' });
    const choices = await form.getByLabel('New document').locator('option').allInnerTexts();
    expect(choices).to.deep.equal(['Order', 'Invoice', 'Proforma invoice']);
    await expectAccessible(page, 'convert form');
    await form.getByLabel('New document').selectOption({ label: 'Order' });
    await form.getByLabel('Issue it now (else a draft)').check();
    await form.getByRole('button', { name: 'Convert' }).click();

    await page.getByRole('heading', { name: /^Order / }).waitFor();
    await page.locator('.page-header .badge', { hasText: 'Issued' }).waitFor();
    expect(await page.getByText('Valid until').count()).to.equal(0);
    const id = page.url().split('/').pop()!;
    const order = await getDocument(app, company.token, id);
    expect(order).to.deep.include({
      type: 'ORDER',
      status: 'ISSUED',
      sourceDocumentId: quote.id,
      contactId: contact.id,
    });
    // The order links back to the quote, and the quote lists the order.
    await page.getByRole('link', { name: 'Source document' }).click();
    await page.getByRole('heading', { name: /^Quote / }).waitFor();
    await page.getByTestId('derived-document').first().waitFor();
    expect(await page.getByTestId('derived-document').getAttribute('href')).to.equal(`/app/documents/${id}`);
    expect((await getDocument(app, company.token, quote.id)).derivedDocumentIds).to.deep.equal([id]);
    expect(problems).to.deep.equal([]);
    await context.close();
  });
});
