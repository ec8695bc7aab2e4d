import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/app';
import { confirmDialog, expectAccessible, openApp, webFixture } from '../helpers/browser';
import {
  getDocument,
  importPayments,
  makeBankAccount,
  makeCompany,
  makeInvoice,
  makePaymentLine,
  type Company,
} from '../helpers/fixtures';
import { moneyText, text } from '../helpers/texts';

/** Issue 28, point 1 in the web app: editing and deleting a bank account, and recording a payment by hand. */
describe('web app: bank accounts and payments recorded by hand', function () {
  this.timeout(90_000);
  const web = webFixture(() => startTestApp());
  let app: TestApp;
  let browser: Browser;
  let company: Company;

  before(async () => {
    ({ app, browser } = web);
    company = await makeCompany(app, { companyName: 'Pekárna Horák s.r.o.' });
  });

  it('edits a bank account, shows the server’s refusal of a bad IBAN, and deletes an account keeping its payments', async () => {
    const account = await makeBankAccount(app, company.token, { name: 'Fio účet' });
    const old = await makeBankAccount(app, company.token, { name: 'Starý účet', accountNumber: '19-2000145399/0800' });
    await importPayments(app, company.token, old.id, [makePaymentLine({ transactionId: 'OLD-1' })]);
    const { page, context, problems } = await openApp(browser, app, company.token);
    await page.goto(`${app.url}/app/payments`);

    const card = page.getByTestId('account-Fio účet');
    await card.getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('form', { name: 'Edit Fio účet' });
    await form.getByLabel('IBAN').fill('CZ6508000000192000145398');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('must be a valid IBAN', { exact: true }).waitFor();
    await expectAccessible(page, 'bank account edit with an error');
    await form.getByLabel('Name').fill('Fio EUR');
    await form.getByLabel('IBAN').fill('CZ65 0800 0000 1920 0014 5399');
    await form.getByLabel('Currency').fill('EUR');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('account-Fio EUR').getByText('CZ6508000000192000145399').waitFor();
    expect((await app.get(`/api/v1/bank-accounts/${account.id}`, company.token)).body).to.include({
      name: 'Fio EUR',
      iban: 'CZ6508000000192000145399',
      currency: 'EUR',
    });

    await page.getByTestId('account-Starý účet').getByRole('button', { name: 'Delete' }).click();
    await confirmDialog(page, 'Delete bank account');
    await page.getByTestId('account-Starý účet').waitFor({ state: 'detached' });
    expect((await app.get(`/api/v1/bank-accounts/${old.id}`, company.token)).status).to.equal(404);
    const kept = await app.get(`/api/v1/payments?bankAccountId=${old.id}`, company.token);
    expect(kept.body.data.map((p: any) => p.transactionId)).to.deep.equal(['OLD-1']);
    expect(problems).to.deep.equal([]);
    await context.close();
  });

  it('records a cash payment of an invoice: the invoice becomes PAID and the CASH account appears without edit buttons', async () => {
    const invoice = await makeInvoice(app, company.token, { total: '640.00' });
    const { page, context, problems } = await openApp(browser, app, company.token);
    await page.goto(`${app.url}/app/payments`);
    await page.locator('summary', { hasText: 'Record payment' }).click();
    const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Record payment' }) });
    await form.getByLabel('Amount').fill('640');
    await form.getByLabel('Method').selectOption({ label: 'Cash' });
    await form.getByLabel('Pays invoice').selectOption({ value: invoice.id });
    await form.getByLabel('Note').fill('Na prodejně');
    await expectAccessible(page, 'record payment form');
    await form.getByRole('button', { name: 'Record payment' }).click();
    await page.getByText('recorded and matched.').waitFor();
    expect(await getDocument(app, company.token, invoice.id)).to.include({ status: 'PAID', paidAmount: '640.00' });
    const cash = page.getByTestId('account-Pokladna CZK');
    await cash.waitFor();
    expect(await cash.getByRole('button').count()).to.equal(0);
    const payments = await app.get('/api/v1/payments?matchStatus=MANUAL_MATCHED', company.token);
    expect(payments.body.data.map((p: any) => [p.source, p.method, p.note, p.documentId])).to.deep.equal([
      ['MANUAL', 'CASH', 'Na prodejně', invoice.id],
    ]);
    expect(problems).to.deep.equal([]);
    await context.close();
  });
  it('in Czech: records a card payment of an invoice and shows it matched by hand, with Czech money', async () => {
    const czech = await makeCompany(app, { companyName: 'Květinářství Jana s.r.o.' });
    const invoice = await makeInvoice(app, czech.token, { total: '1250.00' });
    const { page, context, problems } = await openApp(browser, app, czech.token, 'phone', { language: 'cs' });
    await page.goto(`${app.url}/app/payments`);
    await page.getByRole('heading', { name: text('cs', 'payments:title'), level: 1 }).waitFor();
    await page.getByText(text('cs', 'payments:list.allMatched')).first().waitFor();
    await page.locator('summary', { hasText: text('cs', 'payments:record.submit') }).click();
    const form = page
      .locator('form')
      .filter({ has: page.getByRole('button', { name: text('cs', 'payments:record.submit') }) });
    await form.getByLabel(text('cs', 'payments:fields.amount')).fill('1250');
    await form
      .getByLabel(text('cs', 'payments:fields.method'))
      .selectOption({ label: text('cs', 'payments:method.CARD') });
    await form.getByLabel(text('cs', 'payments:fields.paysInvoice')).selectOption({ value: invoice.id });
    await expectAccessible(page, 'record payment form in Czech');
    await form.getByRole('button', { name: text('cs', 'payments:record.submit') }).click();
    await page.getByText(text('cs', 'payments:record.doneMatched', { amount: moneyText('cs', '1250') })).waitFor();
    const manual = page.getByRole('region', { name: text('cs', 'payments:list.manual') });
    await manual.getByText(moneyText('cs', '1250')).waitFor();
    await manual.getByText(text('cs', 'payments:list.byHand'), { exact: true }).waitFor();
    expect(await getDocument(app, czech.token, invoice.id)).to.include({ status: 'PAID' });
    await expectAccessible(page, 'payments in Czech');
    expect(problems).to.deep.equal([]);
    await context.close();
  });
});
