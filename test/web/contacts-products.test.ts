import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/app';
import { confirmDialog, expectAccessible, openApp, webFixture } from '../helpers/browser';
import { makeCompany, makeUser, type Company } from '../helpers/fixtures';
import { moneyText, text } from '../helpers/texts';

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
      .to.include(`${moneyText('en', '650.50')} / h`)
      .and.include('VAT 12%')
      .and.include('MNT-1');
    await expectAccessible(page, 'products');

    await card.getByRole('button', { name: 'Edit' }).click();
    await card.getByLabel('Price without VAT').fill('700');
    await card.getByRole('button', { name: 'Save' }).click();
    await card.getByText(moneyText('en', '700')).waitFor();

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

  /** What a Czech page shows next to a refused field: its own text, else the generic one (common:errors). */
  const czechFieldError = (name: string): string => {
    try {
      return text('cs', `errors.fields.${name}`);
    } catch {
      return text('cs', 'errors.invalid');
    }
  };

  it('in Czech: creates a contact (the refused e-mail explained in Czech), finds it, shows its facts and archives it', async () => {
    const cs = (key: string, options?: Record<string, unknown>) => text('cs', `contacts:${key}`, options);
    const czech = await makeCompany(app);
    const { page, context, problems } = await openApp(browser, app, czech.token, 'phone', { language: 'cs' });
    await page.goto(`${app.url}/app/contacts`);
    await page.getByRole('heading', { name: cs('title'), level: 1 }).waitFor();
    await page.getByText(cs('list.empty')).waitFor();
    await expectAccessible(page, 'contacts in Czech, empty');
    await page.getByText(cs('create.open')).click();
    const form = page.locator('form', { has: page.getByRole('button', { name: cs('create.submit') }) });
    await form.getByLabel(cs('fields.name')).fill('Pekárna Novák s.r.o.');
    await form.getByLabel(cs('fields.type')).selectOption({ label: cs('types.BOTH') });
    await form.getByLabel(cs('fields.email')).fill('není e-mail');
    await page.evaluate("document.querySelectorAll('form').forEach((f) => f.setAttribute('novalidate', ''))");
    await form.getByLabel(cs('fields.city')).fill('Brno');
    await form.getByLabel(cs('fields.language')).selectOption({ label: cs('languages.en') });
    await form.getByRole('button', { name: cs('create.submit') }).click();
    const emailError = form
      .locator('.field.invalid')
      .filter({ has: page.getByLabel(cs('fields.email')) })
      .locator('.field-error');
    await emailError.waitFor();
    expect(await emailError.innerText()).to.equal(czechFieldError('email'));
    await expectAccessible(page, 'contact form in Czech with an error');
    await form.getByLabel(cs('fields.email')).fill('objednavky@pekarna.example.cz');
    await form.getByRole('button', { name: cs('create.submit') }).click();
    await page.getByText(cs('create.created', { name: 'Pekárna Novák s.r.o.' })).waitFor();
    await page.getByRole('searchbox', { name: cs('list.searchField') }).fill('pekárna');
    await page.getByRole('link', { name: 'Pekárna Novák s.r.o.' }).click();
    const facts = page.getByTestId('contact-facts');
    await facts.waitFor();
    expect(await facts.innerText())
      .to.include(cs('types.BOTH'))
      .and.include(cs('languages.en'))
      .and.include(cs('detail.changed'));
    const id = page.url().split('/').pop()!;
    expect(await page.getByRole('link', { name: cs('detail.documents') }).getAttribute('href')).to.equal(
      `/app/documents?contactId=${id}`,
    );
    await expectAccessible(page, 'contact in Czech');
    await page.getByRole('button', { name: cs('archive.label') }).click();
    await confirmDialog(page, cs('archive.confirm'));
    await page.locator('.page-header .badge', { hasText: cs('detail.archived') }).waitFor();
    await page.getByRole('button', { name: cs('detail.restore') }).waitFor();
    expect(problems).to.deep.equal([]);
    await context.close();
  });

  it('in Czech: creates a product (the refused price explained in Czech), shows Czech money and VAT rate, deletes it', async () => {
    const cs = (key: string, options?: Record<string, unknown>) => text('cs', `products:${key}`, options);
    const czech = await makeCompany(app);
    const { page, context, problems } = await openApp(browser, app, czech.token, 'desktop', { language: 'cs' });
    await page.goto(`${app.url}/app/products`);
    await page.getByRole('heading', { name: cs('title'), level: 1 }).waitFor();
    await page.getByText(cs('list.empty')).waitFor();
    await page.getByText(cs('create.open')).click();
    const form = page.locator('form', { has: page.getByRole('button', { name: cs('create.submit') }) });
    await form.getByLabel(cs('fields.name')).fill('Chléb kváskový');
    await form.getByLabel(cs('fields.unit')).fill('ks');
    await form.getByLabel(cs('fields.price')).fill('45,125');
    await form.getByRole('button', { name: cs('create.submit') }).click();
    const priceError = form
      .locator('.field.invalid')
      .filter({ has: page.getByLabel(cs('fields.price')) })
      .locator('.field-error');
    await priceError.waitFor();
    expect(await priceError.innerText()).to.equal(czechFieldError('price'));
    await form.getByLabel(cs('fields.price')).fill('45,50');
    const twelve = new Intl.NumberFormat('cs-CZ', { style: 'percent' }).format(0.12);
    await form.getByLabel(cs('fields.vatRate')).selectOption({ label: twelve });
    await form.getByRole('button', { name: cs('create.submit') }).click();
    const card = page.getByTestId('product-Chléb kváskový');
    await card.waitFor();
    expect(await card.innerText()).to.include(
      cs('card.price', { price: moneyText('cs', '45.50'), unit: 'ks', rate: twelve }),
    );
    await expectAccessible(page, 'products in Czech');
    await card.getByRole('button', { name: cs('delete.label') }).click();
    await confirmDialog(page, cs('delete.confirm'));
    await page.getByText(cs('list.empty')).waitFor();
    await page.getByLabel(cs('list.show')).selectOption({ label: cs('list.deleted') });
    await card.getByRole('button', { name: cs('card.putBack') }).waitFor();
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
