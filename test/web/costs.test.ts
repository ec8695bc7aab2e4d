import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/app';
import { confirmDialog, expectAccessible, openApp, webFixture } from '../helpers/browser';
import { makeCompany, makeContact, type Company } from '../helpers/fixtures';
import { dateText, moneyText, text } from '../helpers/texts';
import { fixture, importFile } from '../costs/isdoc-import.helpers';

/** A cost typed by hand through the API, as a test's starting point. */
async function makeCost(app: TestApp, token: string, supplierId: string, input: Record<string, unknown> = {}) {
  const res = await app.post(
    '/api/v1/costs',
    {
      supplierId,
      kind: 'INVOICE',
      issuedAt: '2026-11-02',
      dueAt: '2026-11-16',
      supplierDocumentNumber: 'FV-1',
      items: [{ name: 'Papír', quantity: '1', unitPrice: '100.00', vatRate: '21' }],
      ...input,
    },
    token,
  );
  if (res.status !== 201) throw new Error(`creating a cost: ${res.status} ${res.text}`);
  return res.body;
}

/** The received costs page (issue 30 point 3): list, create with the server's VAT, detail, payments, attachments. */
describe('web app: received costs', function () {
  this.timeout(120_000);
  const web = webFixture(() => startTestApp());
  let app: TestApp;
  let browser: Browser;
  let company: Company;
  let supplier: any;

  before(async () => {
    ({ app, browser } = web);
    company = await makeCompany(app, { companyName: 'Stavebniny Novák s.r.o.' });
    supplier = await makeContact(app, company.token, { type: 'SUPPLIER', name: 'Papírnictví Malá' });
  });

  it('creates a cost with two VAT rates (VAT from the server), pays it, and shows it among the outgoing payments', async () => {
    const { page, context, problems } = await openApp(browser, app, company.token);
    await page.goto(`${app.url}/app/costs`);
    await page.getByText('No received cost matches.').waitFor();
    await page.getByRole('link', { name: 'New cost' }).click();
    const form = page.getByRole('form', { name: 'New received cost' });
    await form.getByLabel('Supplier', { exact: true }).selectOption({ label: 'Papírnictví Malá' });
    await form.getByLabel('Supplier’s document number').fill('FV-2026-118');
    await form.getByLabel('Variable symbol').fill('2026118');
    await form.getByLabel('Item 1', { exact: true }).fill('Kancelářský papír');
    await form.getByLabel('Quantity of item 1').fill('10');
    await form.getByLabel('Unit price of item 1 without VAT').fill('100');
    await form.getByRole('button', { name: 'Add item' }).click();
    await form.getByLabel('Item 2', { exact: true }).fill('Káva');
    await form.getByLabel('Unit price of item 2 without VAT').fill('250,50');
    await form.getByLabel('VAT rate of item 2').selectOption('12');
    const preview = page.getByTestId('cost-preview');
    await preview.getByTestId('total').getByText(moneyText('en', '1490.56'), { exact: true }).waitFor();
    expect(await preview.getByTestId('vat-total').innerText()).to.equal(moneyText('en', '240.06'));
    await expectAccessible(page, 'new cost form');
    await form.getByRole('button', { name: 'Save cost' }).click();

    await page.getByRole('heading', { name: /^Received cost / }).waitFor();
    const summary = page.getByTestId('vat-summary');
    expect(await summary.locator('tbody tr').count()).to.equal(2);
    expect(await page.getByTestId('total').innerText()).to.equal(moneyText('en', '1490.56'));
    const costs = (await app.get('/api/v1/costs', company.token)).body.data;
    expect(costs).to.have.length(1);
    expect(costs[0]).to.include({ supplierDocumentNumber: 'FV-2026-118', vatTotal: '240.06', total: '1490.56' });

    await page.locator('summary', { hasText: 'Record a payment' }).click();
    const pay = page.getByRole('form', { name: 'Record a payment of this cost' });
    expect(await pay.getByLabel('Amount').inputValue()).to.equal('1490.56');
    await pay.getByLabel('Method').selectOption({ label: 'Cash' });
    await pay.getByRole('button', { name: 'Record payment' }).click();
    await page.getByText(`${moneyText('en', '1490.56')} paid and matched to this cost.`).waitFor();
    await page.getByTestId('cost-status').getByText('Paid', { exact: true }).waitFor();
    expect(await page.getByTestId('cost-payments').locator('tbody tr').count()).to.equal(1);
    await expectAccessible(page, 'paid cost');

    await page.getByRole('link', { name: 'Back to received costs' }).click();
    const outgoing = page.getByTestId('outgoing-payments');
    await outgoing.getByText(moneyText('en', '1490.56')).waitFor();
    await outgoing.getByRole('link', { name: 'Open the cost' }).click();
    await page.getByTestId('cost-supplier-number').getByText('FV-2026-118').waitFor();
    expect(problems).to.deep.equal([]);
    await context.close();
  });

  it('filters and searches the list, and deletes a cost after a confirmation', async () => {
    await makeCost(app, company.token, supplier.id, { supplierDocumentNumber: 'SMAZAT-1' });
    await makeCost(app, company.token, supplier.id, { supplierDocumentNumber: 'PONECHAT-2', kind: 'RECEIPT' });
    const { page, context, problems } = await openApp(browser, app, company.token, 'phone');
    await page.goto(`${app.url}/app/costs`);
    const list = page.getByTestId('cost-list');
    await list.getByText('SMAZAT-1').waitFor();
    await page.getByLabel('Kind').selectOption({ label: 'Receipt' });
    await list.getByText('SMAZAT-1').waitFor({ state: 'detached' });
    expect(await list.getByText('PONECHAT-2').count()).to.equal(1);
    await page.getByLabel('Kind').selectOption({ label: 'Any' });
    await page.getByLabel('Search').fill('SMAZAT');
    await list.getByText('PONECHAT-2').waitFor({ state: 'detached' });
    await list.getByRole('link').first().click();
    await page.getByRole('button', { name: 'Delete' }).click();
    await confirmDialog(page, 'Delete the cost');
    await page.getByRole('heading', { name: 'Received costs' }).waitFor();
    const left = (await app.get('/api/v1/costs', company.token)).body.data.map((c: any) => c.supplierDocumentNumber);
    expect(left).to.not.include('SMAZAT-1');
    expect(left).to.include('PONECHAT-2');
    expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).to.equal(true);
    expect(problems).to.deep.equal([]);
    await context.close();
  });

  it('in Czech: an imported ISDOC with its attachment, a partial payment, an edit and a saved view', async () => {
    const czech = await makeCompany(app, { companyName: 'Pekárna Horák s.r.o.' });
    const imported = await importFile(app, czech.token, fixture('pohoda-6.0.1-czk.isdoc'), {
      filename: 'faktura.isdoc',
    });
    expect(imported.status).to.equal(201);
    const cost = imported.body;
    const { page, context, problems } = await openApp(browser, app, czech.token, 'desktop', { language: 'cs' });
    await page.goto(`${app.url}/app/costs`);
    await page.getByRole('heading', { name: text('cs', 'costs:list.title') }).waitFor();
    const row = page.getByTestId(`cost-${cost.number}`);
    await row.getByText(moneyText('cs', cost.total)).first().waitFor();
    expect(await row.getByText(dateText('cs', cost.issuedAt)).count()).to.be.greaterThan(0);
    await row
      .getByText(text('cs', 'costs:status.OPEN'))
      .or(row.getByText(text('cs', 'costs:status.overdue')))
      .waitFor();
    await expectAccessible(page, 'costs list in Czech');

    await page.getByLabel(text('cs', 'costs:list.overdue')).check();
    await page.getByLabel(text('cs', 'costs:list.overdue')).uncheck();
    await page
      .getByLabel(text('cs', 'costs:fields.status'), { exact: true })
      .selectOption({ label: text('cs', 'costs:status.OPEN') });
    await page.locator('summary', { hasText: text('cs', 'savedViews.save') }).click();
    const save = page.getByRole('form', { name: text('cs', 'savedViews.save') });
    await save.getByLabel(text('cs', 'savedViews.name')).fill('Neuhrazené');
    await save.getByRole('button', { name: text('cs', 'savedViews.save') }).click();
    await page.getByText(text('cs', 'savedViews.saved', { name: 'Neuhrazené' })).waitFor();
    const views = (await app.get('/api/v1/saved-views?resource=costs', czech.token)).body.data;
    expect(views.map((v: any) => [v.name, v.filters])).to.deep.equal([['Neuhrazené', { status: 'OPEN' }]]);

    await row.getByRole('link', { name: cost.number }).click();
    await page.getByRole('heading', { name: text('cs', 'costs:detail.title', { number: cost.number }) }).waitFor();
    const download = page.getByRole('link', {
      name: text('cs', 'costs:attachments.download', { name: cost.attachments[0].filename }),
    });
    const href = await download.getAttribute('href');
    const fetched = await page.request.get(`${app.url}${href}`);
    expect(fetched.status()).to.equal(200);
    expect(await page.getByTestId('total').innerText()).to.equal(moneyText('cs', cost.total));

    await page.locator('summary', { hasText: text('cs', 'costs:pay.open') }).click();
    const pay = page.getByRole('form', { name: text('cs', 'costs:pay.title') });
    await pay.getByLabel(text('cs', 'costs:payments.amount')).fill('1000,00');
    await pay.getByRole('button', { name: text('cs', 'costs:pay.submit') }).click();
    await page.getByText(text('cs', 'costs:pay.done', { amount: moneyText('cs', '1000') })).waitFor();
    await page.getByTestId('cost-paid').getByText(moneyText('cs', '1000')).waitFor();

    await page.getByRole('button', { name: text('cs', 'costs:edit.open') }).click();
    const edit = page.getByRole('form', { name: text('cs', 'costs:edit.title') });
    await edit.getByLabel(text('cs', 'costs:fields.variableSymbol')).fill('777123');
    await edit.getByRole('button', { name: text('cs', 'actions.save') }).click();
    await edit.waitFor({ state: 'detached' });
    expect((await app.get(`/api/v1/costs/${cost.id}`, czech.token)).body).to.include({
      variableSymbol: '777123',
      paidAmount: '1000.00',
    });
    await expectAccessible(page, 'cost detail in Czech');
    expect(problems).to.deep.equal([]);
    await context.close();
  });
  it('in Czech: an unmatched outgoing payment is matched to an open cost on the payments page', async () => {
    const czech = await makeCompany(app, { companyName: 'Zahradnictví Beneš s.r.o.' });
    const seller = await makeContact(app, czech.token, { type: 'SUPPLIER', name: 'Semena Vlk' });
    const cost = await makeCost(app, czech.token, seller.id, { supplierDocumentNumber: 'SV-77' });
    const paid = await app.post(
      '/api/v1/payments',
      { amount: cost.total, currency: 'CZK', receivedAt: '2026-11-10', method: 'TRANSFER', direction: 'OUT' },
      czech.token,
    );
    expect(paid.status).to.equal(201);
    const { page, context, problems } = await openApp(browser, app, czech.token, 'desktop', { language: 'cs' });
    await page.goto(`${app.url}/app/payments`);
    const form = page.getByRole('form', { name: text('cs', 'payments:matchCost.title') });
    await form.getByLabel(text('cs', 'payments:matchCost.cost')).selectOption({ value: cost.id });
    await expectAccessible(page, 'payments with an outgoing payment to match, in Czech');
    await form.getByRole('button', { name: text('cs', 'payments:matchCost.submit') }).click();
    await page.getByRole('link', { name: text('cs', 'payments:list.matchedCost') }).click();
    await page.getByRole('heading', { name: text('cs', 'costs:detail.title', { number: cost.number }) }).waitFor();
    await page.getByTestId('cost-status').getByText(text('cs', 'costs:status.PAID')).waitFor();
    expect(await page.getByTestId('cost-payments').getByText(moneyText('cs', cost.total)).count()).to.equal(1);
    expect(problems).to.deep.equal([]);
    await context.close();
  });
});
