import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/app';
import { confirmDialog, expectAccessible, openApp, webFixture } from '../helpers/browser';
import { makeCompany, makeUser, type Company } from '../helpers/fixtures';

/** Contacts and products pages: one app and one Chromium for the file. */
describe('web app: contacts and products pages', function () {
  this.timeout(60_000);
  const web = webFixture(() => startTestApp());
  let app: TestApp;
  let browser: Browser;
  let company: Company;

  before(async () => {
    ({ app, browser } = web);
    company = await makeCompany(app);
  });

  it('creates a contact (the server’s message next to a bad e-mail), finds it by search, edits it, archives and restores it', async () => {
    const { page, context, problems } = await openApp(browser, app, company.token);
    await page.goto(`${app.url}/app/contacts`);
    await page.getByText('No contacts found.').waitFor();
    await expectAccessible(page, 'contacts, empty');
    await page.getByText('New contact').click();
    const form = page.locator('form', { has: page.getByRole('button', { name: 'Create contact' }) });
    await form.getByLabel('Name').fill('Stavby Horák s.r.o.');
    await form.getByLabel('E-mail').fill('not an e-mail');
    // The browser's own check would stop the form; the server's message is what the page must show.
    await page.evaluate("document.querySelectorAll('form').forEach((f) => f.setAttribute('novalidate', ''))");
    await form.getByLabel('IČO').fill('27074358');
    await form.getByLabel('DIČ').fill('cz 27074358');
    await form.getByRole('button', { name: 'Create contact' }).click();
    await form
      .locator('.field.invalid')
      .filter({ has: page.getByLabel('E-mail') })
      .locator('.field-error')
      .waitFor();
    await form.getByLabel('E-mail').fill('info@horak.example.cz');
    await form.getByRole('button', { name: 'Create contact' }).click();
    await page.getByText('Contact Stavby Horák s.r.o. created.').waitFor();
    await page.getByTestId('contact-Stavby Horák s.r.o.').waitFor();
    expect(await page.getByTestId('contact-Stavby Horák s.r.o.').innerText()).to.include('27074358 / CZ27074358');

    await app.post('/api/v1/contacts', { name: 'Jiný odběratel' }, company.token);
    await page.reload();
    await page.getByTestId('contact-Jiný odběratel').waitFor();
    await page.getByRole('searchbox', { name: 'Search' }).fill('horák');
    await page.getByTestId('contact-Jiný odběratel').waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Stavby Horák s.r.o.' }).click();

    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('City').fill('Olomouc');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('contact-facts').getByText('Olomouc').waitFor();
    await expectAccessible(page, 'contact');

    await page.getByRole('button', { name: 'Archive' }).click();
    await confirmDialog(page, 'Archive contact');
    await page.locator('.page-header .badge', { hasText: 'archived' }).waitFor();
    const id = page.url().split('/').pop()!;
    expect((await app.get(`/api/v1/contacts/${id}`, company.token)).body).to.include({
      archived: true,
      city: 'Olomouc',
      email: 'info@horak.example.cz',
    });
    await page.getByRole('link', { name: 'All contacts' }).click();
    await page.getByTestId('contact-Jiný odběratel').waitFor();
    expect(await page.getByTestId('contact-Stavby Horák s.r.o.').count()).to.equal(0);
    await page.getByLabel('Show').selectOption('archived');
    await page.getByRole('link', { name: 'Stavby Horák s.r.o.' }).click();
    await page.getByRole('button', { name: 'Restore' }).click();
    await page.getByRole('button', { name: 'Archive' }).waitFor();
    expect(problems).to.deep.equal([]);
    await context.close();
  });

  it('creates a product (the server refuses a price with three decimals next to the field), edits it, deletes it after a confirmation and puts it back', async () => {
    const { page, context, problems } = await openApp(browser, app, company.token);
    await page.goto(`${app.url}/app/products`);
    await page.getByText('No products found.').waitFor();
    await page.getByText('New product').click();
    const form = page.locator('form', { has: page.getByRole('button', { name: 'Create product' }) });
    await form.getByLabel('Name').fill('Montáž');
    await form.getByLabel('SKU').fill('MNT-1');
    await form.getByLabel('Unit').fill('h');
    await form.getByLabel('Price without VAT').fill('650.125');
    await form.getByRole('button', { name: 'Create product' }).click();
    await form
      .locator('.field.invalid')
      .filter({ has: page.getByLabel('Price without VAT') })
      .locator('.field-error')
      .waitFor();
    await form.getByLabel('Price without VAT').fill('650,50');
    await form.getByLabel('VAT rate').selectOption('12');
    await form.getByRole('button', { name: 'Create product' }).click();
    const card = page.getByTestId('product-Montáž');
    await card.waitFor();
    expect(await card.innerText())
      .to.match(/650,50\sKč \/ h/)
      .and.include('12 %')
      .and.include('MNT-1');
    await expectAccessible(page, 'products');

    await card.getByRole('button', { name: 'Edit' }).click();
    await card.getByLabel('Price without VAT').fill('700');
    await card.getByRole('button', { name: 'Save' }).click();
    await card.getByText(/700,00\sKč/).waitFor();

    await card.getByRole('button', { name: 'Delete' }).click();
    await confirmDialog(page, 'Delete product');
    await page.getByText('No products found.').waitFor();
    await page.getByLabel('Show').selectOption('deleted');
    await card.getByRole('button', { name: 'Put back on the price list' }).click();
    await page.getByText('No products found.').waitFor();
    const listed = (await app.get('/api/v1/products?active=true', company.token)).body.data;
    expect(listed.map((p: any) => [p.name, p.price, p.vatRate])).to.deep.equal([['Montáž', '700.00', 12]]);
    expect(problems).to.deep.equal([]);
    await context.close();
  });

  it('a MEMBER with contacts:read sees contacts but no form or write action, and no documents or payments in the navigation', async () => {
    await app.post('/api/v1/contacts', { name: 'Čtený kontakt' }, company.token);
    const reader = await makeUser(app, company, { role: 'MEMBER', permissions: { contacts: 'read' } });
    const { page, context } = await openApp(browser, app, reader.token);
    await page.goto(`${app.url}/app/contacts`);
    await page.getByTestId('contact-Čtený kontakt').waitFor();
    expect(await page.getByText('New contact').count()).to.equal(0);
    const nav = await page.getByRole('navigation', { name: 'Sections' }).innerText();
    expect(nav).to.include('Contacts').and.not.include('Documents').and.not.include('Payments');
    await page.getByRole('link', { name: 'Čtený kontakt' }).click();
    await page.getByTestId('contact-facts').waitFor();
    expect(await page.getByRole('button', { name: 'Edit' }).count()).to.equal(0);
    await context.close();
  });
});
