import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/app';
import { expectAccessible, openApp, webFixture } from '../helpers/browser';
import { getDocument, makeCompany, makeContact, makeDocument, type Company } from '../helpers/fixtures';
import { dateText, moneyText, text } from '../helpers/texts';

/**
 * Issue 30 on the documents page: the main path in Czech, the list's filters in the URL (the
 * contract other pages link to), long lists that keep their place, and a form that keeps what was
 * typed when the server refuses a field.
 */
describe('web app: documents in Czech, filters in the URL, paging and forms', function () {
  this.timeout(120_000);
  const web = webFixture(() => startTestApp());
  let app: TestApp;
  let browser: Browser;
  let company: Company;

  before(async () => {
    ({ app, browser } = web);
    company = await makeCompany(app, { companyName: 'Pekařství Novotná s.r.o.' });
  });

  const cs = (key: string, options: Record<string, unknown> = {}) => text('cs', `documents:${key}`, options);
  const itemRow = (page: Page, index: number) => page.getByTestId('item-row').nth(index);

  it('creates and issues an invoice in Czech: Czech labels, live totals in Czech money, the list in Czech', async () => {
    await makeContact(app, company.token, { name: 'Odběratel Dvořák s.r.o.' });
    const { page, context, problems } = await openApp(browser, app, company.token, 'desktop', { language: 'cs' });
    await page.goto(`${app.url}/app/documents`);
    await page.getByRole('heading', { name: cs('list.title'), level: 1 }).waitFor();
    await page.getByText(cs('list.empty')).waitFor();
    await page.getByRole('link', { name: cs('list.new') }).click();
    await page.getByRole('heading', { name: cs('editor.new') }).waitFor();
    await page.getByLabel(cs('editor.contact'), { exact: true }).selectOption({ label: 'Odběratel Dvořák s.r.o.' });
    const first = itemRow(page, 0);
    await first.getByLabel(cs('items.name', { n: 1 })).fill('Chléb kváskový');
    await first.getByLabel(cs('items.quantity')).fill('10');
    await first.getByLabel(cs('items.unitPrice')).fill('50');
    await first.getByLabel(cs('items.vatRate')).selectOption('12');
    await page.getByTestId('total').getByText(moneyText('cs', '560.00')).waitFor();
    expect(await page.getByTestId('vat-total').innerText()).to.include(moneyText('cs', '60.00'));
    expect(await first.getByTestId('line-total').innerText()).to.include(
      cs('items.line', {
        base: moneyText('cs', '500.00'),
        vat: moneyText('cs', '60.00'),
        total: moneyText('cs', '560.00'),
      }),
    );
    await page.getByText(cs('totals.recapitulation')).waitFor();
    await expectAccessible(page, 'new document in Czech');

    await page.getByRole('button', { name: cs('editor.saveIssue') }).click();
    await page.locator('.page-header .badge', { hasText: cs('status.ISSUED') }).waitFor();
    const id = page.url().split('/').pop()!;
    const issued = await getDocument(app, company.token, id);
    expect(issued).to.include({ status: 'ISSUED', total: '560.00' });
    await page.getByRole('heading', { name: `${cs('type.INVOICE')} ${issued.number}`, level: 1 }).waitFor();
    expect(await page.getByTestId('total').innerText()).to.equal(moneyText('cs', '560.00'));
    expect(await page.locator('dl.facts').innerText())
      .to.include(cs('detail.variableSymbol'))
      .and.include(dateText('cs', issued.dueAt));
    const buttons = await page.locator('.doc-actions > .actions > button').allInnerTexts();
    expect(buttons).to.include.members([cs('transition.SENT'), cs('transition.PAID'), cs('actions.send')]);
    await page.getByRole('button', { name: cs('transition.SENT') }).click();
    await page.locator('.page-header .badge', { hasText: cs('status.SENT') }).waitFor();
    await page
      .getByTestId('history')
      .getByText(cs('history.move', { from: cs('status.ISSUED'), to: cs('statusLower.SENT') }))
      .waitFor();
    await expectAccessible(page, 'document detail in Czech');

    await page.getByRole('link', { name: cs('detail.all') }).click();
    const row = page.getByTestId(`document-${issued.number}`);
    await row.waitFor();
    expect(await row.innerText())
      .to.include(cs('type.INVOICE'))
      .and.include(cs('status.SENT'))
      .and.include(moneyText('cs', '560.00'))
      .and.include(dateText('cs', issued.issuedAt));
    await page.getByText(cs('list.count', { count: 1 })).waitFor();
    await expectAccessible(page, 'documents list in Czech');
    expect(problems).to.deep.equal([]);
    await context.close();
  });

  it('keeps the filters, search and sort in the URL: a link opens the filtered list, Back returns to the previous filters', async () => {
    const shop = await makeCompany(app);
    const contact = await makeContact(app, shop.token, { name: 'Stálý zákazník a.s.' });
    const invoice = await makeDocument(app, shop.token, { status: 'ISSUED', clientName: 'Alfa s.r.o.' });
    const proforma = await makeDocument(app, shop.token, { type: 'PROFORMA', status: 'ISSUED', clientName: 'Beta' });
    const draft = await makeDocument(app, shop.token, { contactId: contact.id });
    const { page, context, problems } = await openApp(browser, app, shop.token);

    // A shared link (the dashboard's): the filters it names apply and show in the fields.
    await page.goto(`${app.url}/app/documents?status=ISSUED&type=PROFORMA`);
    await page.getByTestId(`document-${proforma.number}`).waitFor();
    expect(await page.getByTestId(`document-${invoice.number}`).count()).to.equal(0);
    expect(await page.getByLabel('Status').inputValue()).to.equal('ISSUED');
    expect(await page.getByLabel('Type').inputValue()).to.equal('PROFORMA');

    // Changing a filter changes the URL; Back returns to the previous filters and rows.
    await page.getByLabel('Type').selectOption('INVOICE');
    await page.getByTestId(`document-${invoice.number}`).waitFor();
    expect(new URL(page.url()).searchParams.get('type')).to.equal('INVOICE');
    await page.goBack();
    await page.getByTestId(`document-${proforma.number}`).waitFor();
    expect(await page.getByLabel('Type').inputValue()).to.equal('PROFORMA');
    expect(await page.getByTestId(`document-${invoice.number}`).count()).to.equal(0);

    // The search: typed into the URL as `q`, one history entry for the whole word.
    await page.goto(`${app.url}/app/documents`);
    await page.getByTestId(`document-${draft.number}`).waitFor();
    const search = page.locator('[data-shortcut="search"]');
    expect(await search.getAttribute('type')).to.equal('search');
    await search.pressSequentially('alfa');
    await page.getByTestId(`document-${proforma.number}`).waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.get('q')).to.equal('alfa');
    await page.getByLabel('Sort by').selectOption('issuedAt');
    expect(new URL(page.url()).searchParams.get('sort')).to.equal('issuedAt');
    await page.goBack();
    expect(new URL(page.url()).searchParams.get('sort')).to.equal(null);
    expect(await search.inputValue()).to.equal('alfa');
    await page.goBack();
    await page.getByTestId(`document-${proforma.number}`).waitFor();
    expect(await search.inputValue()).to.equal('');

    // A contact's documents (contactId, and `contact` as the contacts page spells it).
    for (const name of ['contactId', 'contact']) {
      await page.goto(`${app.url}/app/documents?${name}=${contact.id}`);
      await page.getByTestId(`document-${draft.number}`).waitFor();
      expect(await page.getByTestId(`document-${invoice.number}`).count()).to.equal(0);
    }
    // An unknown status reads as none.
    await page.goto(`${app.url}/app/documents?status=NOPE`);
    await page.getByTestId(`document-${invoice.number}`).waitFor();
    await expectAccessible(page, 'documents list filtered by URL');
    expect(problems).to.deep.equal([]);
    await context.close();
  });

  it('shows more of a long list below what is shown, and Back from a document returns to the same place', async () => {
    const busy = await makeCompany(app);
    const made: string[] = [];
    for (let i = 0; i < 25; i++)
      made.push((await makeDocument(app, busy.token, { clientName: `Zákazník ${i}` })).number);
    const { page, context, problems } = await openApp(browser, app, busy.token, 'phone');
    await page.goto(`${app.url}/app/documents`);
    await page.locator('tbody tr').nth(19).waitFor();
    expect(await page.locator('tbody tr').count()).to.equal(20);
    await page.getByRole('button', { name: 'Show more' }).click();
    await page.locator('tbody tr').nth(24).waitFor();
    expect(await page.getByRole('button', { name: 'Show more' }).count()).to.equal(0);
    await page.getByText(text('en', 'documents:list.count', { count: 25 })).waitFor();

    const last = page.locator('tbody tr').nth(24);
    const number = (await last.getByRole('link').innerText()).trim();
    expect(made).to.include(number);
    await last.scrollIntoViewIfNeeded();
    const y = await page.evaluate<number>('window.scrollY');
    expect(y).to.be.greaterThan(500);
    await last.getByRole('link').click();
    await page.getByRole('heading', { name: new RegExp(`${number}$`), level: 1 }).waitFor();
    expect(await page.evaluate<number>('window.scrollY'), 'a document opens at its top').to.equal(0);

    await page.goBack();
    await page.locator('tbody tr').nth(24).waitFor();
    await page.waitForFunction(`Math.abs(window.scrollY - ${y}) < 5`);
    expect(await page.locator('tbody tr').count()).to.equal(25);
    expect(await last.isVisible()).to.equal(true);
    expect(problems).to.deep.equal([]);
    await context.close();
  });

  it('keeps what was typed in the document editor when the server refuses one field, its message in Czech beside it', async () => {
    const { page, context, problems } = await openApp(browser, app, company.token, 'desktop', { language: 'cs' });
    await page.goto(`${app.url}/app/documents/new`);
    await page.getByRole('heading', { name: cs('editor.new') }).waitFor();
    await page.getByLabel(cs('editor.clientName')).fill('Ruční odběratel s.r.o.');
    await page.getByLabel(cs('editor.variableSymbol')).fill('ABC-12');
    await page.getByLabel(cs('editor.note')).fill('Děkujeme za objednávku.');
    const row = itemRow(page, 0);
    await row.getByLabel(cs('items.name', { n: 1 })).fill('Koláče');
    await row.getByLabel(cs('items.unitPrice')).fill('25');
    await page.getByTestId('total').getByText(moneyText('cs', '30.25')).waitFor();
    await page.getByRole('button', { name: cs('editor.saveDraft') }).click();

    const field = page.locator('.field.invalid').filter({ has: page.getByLabel(cs('editor.variableSymbol')) });
    const message = await field.locator('.field-error').innerText();
    let expected: string;
    try {
      expected = text('cs', 'common:errors.fields.variableSymbol');
    } catch {
      expected = text('cs', 'common:errors.invalid');
    }
    expect(message).to.equal(expected);
    // Nothing typed is lost, and the page did not move.
    expect(page.url()).to.match(/\/documents\/new$/);
    expect(await page.getByLabel(cs('editor.clientName')).inputValue()).to.equal('Ruční odběratel s.r.o.');
    expect(await page.getByLabel(cs('editor.variableSymbol')).inputValue()).to.equal('ABC-12');
    expect(await page.getByLabel(cs('editor.note')).inputValue()).to.equal('Děkujeme za objednávku.');
    expect(await row.getByLabel(cs('items.name', { n: 1 })).inputValue()).to.equal('Koláče');
    expect(await row.getByLabel(cs('items.unitPrice')).inputValue()).to.equal('25');
    await expectAccessible(page, 'document form with a refused field, in Czech');

    // Corrected, it saves.
    await page.getByLabel(cs('editor.variableSymbol')).fill('2026777');
    await page.getByRole('button', { name: cs('editor.saveDraft') }).click();
    await page.locator('.page-header .badge', { hasText: cs('status.DRAFT') }).waitFor();
    const saved = await getDocument(app, company.token, page.url().split('/').pop()!);
    expect(saved).to.include({ variableSymbol: '2026777', clientName: 'Ruční odběratel s.r.o.', total: '30.25' });
    expect(problems).to.deep.equal([]);
    await context.close();
  });
  it('converts a quote to an invoice and issues a credit note of it, in Czech', async () => {
    const quote = await makeDocument(app, company.token, {
      type: 'QUOTE',
      status: 'ISSUED',
      clientName: 'Zákazník nabídky s.r.o.',
      items: [{ name: 'Dort', quantity: 2, unitPrice: 500, vatRate: 12 }],
    });
    const { page, context, problems } = await openApp(browser, app, company.token, 'phone', { language: 'cs' });
    await page.goto(`${app.url}/app/documents/${quote.id}`);
    await page.getByRole('heading', { name: `${cs('type.QUOTE')} ${quote.number}` }).waitFor();
    await page.getByRole('button', { name: cs('convert.open') }).click();
    const convert = page.getByRole('form', { name: cs('convert.label') });
    expect(await convert.getByLabel(cs('convert.type')).locator('option').allInnerTexts()).to.include(
      cs('type.INVOICE'),
    );
    await convert.getByLabel(cs('convert.type')).selectOption({ label: cs('type.INVOICE') });
    await convert.getByLabel(cs('convert.issue')).check();
    await expectAccessible(page, 'convert form in Czech');
    await convert.getByRole('button', { name: cs('convert.submit') }).click();
    await page.getByRole('heading', { name: new RegExp(`^${cs('type.INVOICE')} `) }).waitFor();
    await page.locator('.page-header .badge', { hasText: cs('status.ISSUED') }).waitFor();
    expect(await page.getByTestId('total').innerText()).to.equal(moneyText('cs', '1120.00'));

    await page.getByRole('button', { name: cs('actions.creditNote') }).click();
    const form = page.getByRole('form', { name: cs('creditNote.label') });
    await form.getByLabel(cs('creditNote.reason')).fill('Poškozený dort');
    await form.getByLabel(cs('items.name', { n: 1 })).fill('Dort – sleva');
    await form.getByLabel(cs('items.unitPrice')).fill('100');
    await form.getByLabel(cs('items.vatRate')).selectOption('12');
    await page.getByTestId('total').getByText(moneyText('cs', '-112.00')).first().waitFor();
    await expectAccessible(page, 'credit note form in Czech');
    await form.getByRole('button', { name: cs('creditNote.submit') }).click();
    await page.getByRole('heading', { name: new RegExp(`^${cs('type.CREDIT_NOTE')} `) }).waitFor();
    expect(await page.getByTestId('credit-note-reason').innerText()).to.equal('Poškozený dort');
    expect(await page.getByTestId('total').innerText()).to.equal(moneyText('cs', '-112.00'));
    await page.getByTestId('corrected-document').getByRole('link').click();
    expect(await page.getByTestId('credited').innerText()).to.equal(moneyText('cs', '-112.00'));
    expect(await page.getByTestId('remaining').innerText()).to.equal(moneyText('cs', '1008.00'));
    expect(problems).to.deep.equal([]);
    await context.close();
  });
});
