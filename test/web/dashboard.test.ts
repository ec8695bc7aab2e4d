import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { startTestApp, TEST_EPOCH, type TestApp } from '../helpers/app';
import { expectAccessible, openApp, webFixture } from '../helpers/browser';
import {
  getDocument,
  importPayments,
  makeBankAccount,
  makeCompany,
  makeContact,
  makeDocument,
  type Company,
} from '../helpers/fixtures';
import { moneyText, text, type Language } from '../helpers/texts';
import { makeWebhook, settleWebhooks } from '../helpers/webhooks';
import { makeAutomation, manualRun } from '../helpers/automations';

/** An invoice of one line at VAT 0 %: its total is `amount`. */
function invoice(amount: string, extra: Record<string, unknown>) {
  return {
    type: 'INVOICE',
    status: 'ISSUED',
    currency: 'CZK',
    items: [{ name: 'Consulting', quantity: 1, unit: 'h', unitPrice: amount, vatRate: 0 }],
    ...extra,
  };
}

/** The dashboard (issue 30 point 2): the app's clock is 17 June 2026; the browser's is set to it. */
describe('web app: the dashboard', function () {
  this.timeout(90_000);
  const web = webFixture(() => startTestApp());
  let app: TestApp;
  let browser: Browser;
  let company: Company;
  let overdue: any;
  let old: any;

  before(async () => {
    ({ app, browser } = web);
    company = await makeCompany(app);
    const contact = await makeContact(app, company.token, { name: 'Novák s.r.o.', email: 'novak@example.cz' });
    // Last month, 14 days overdue; this month, not yet due; March, 99 days overdue.
    overdue = await makeDocument(
      app,
      company.token,
      invoice('1000.00', { contactId: contact.id, issuedAt: '2026-05-20', dueAt: '2026-06-03' }),
    );
    const current = await makeDocument(app, company.token, invoice('2500.00', { contactId: contact.id }));
    old = await makeDocument(
      app,
      company.token,
      invoice('700.00', { clientName: 'Stará s.r.o.', issuedAt: '2026-03-01', dueAt: '2026-03-10' }),
    );
    const account = await makeBankAccount(app, company.token);
    await importPayments(app, company.token, account.id, [
      {
        transactionId: 'DASH-IN-1',
        amount: '2500.00',
        currency: 'CZK',
        direction: 'IN',
        receivedAt: '2026-06-15T09:00:00Z',
        variableSymbol: current.variableSymbol,
        counterAccount: '123456789/0800',
      },
      {
        transactionId: 'DASH-OUT-1',
        amount: '400.00',
        currency: 'CZK',
        direction: 'OUT',
        receivedAt: '2026-06-16T09:00:00Z',
        variableSymbol: null,
        counterAccount: '987654321/0100',
      },
    ]);
    // A webhook nobody answers: its delivery fails.
    await makeWebhook(app, company.token, { name: 'Účetní systém', url: 'http://127.0.0.1:9/hook' });
    await makeContact(app, company.token, { name: 'Spouštěč webhooku' });
    await settleWebhooks(app);
    // A rule whose action has nobody to deliver to: its run fails.
    const rule = await makeAutomation(app, company.token, {
      name: 'Upozornění na velkou fakturu',
      triggerType: 'MANUAL',
      triggerEvent: null,
      actions: [{ type: 'TRIGGER_WEBHOOK', params: { event: 'nobody.listens' } }],
    });
    const run = await manualRun(app, company.token, rule.id, { organizationId: company.organizationId });
    expect(run.status).to.equal('FAILED');
  });

  async function openDashboard(language: Language, width: 'desktop' | 'phone' = 'desktop') {
    const opened = await openApp(browser, app, company.token, width, { language });
    // The browser's day is the app's (the test clock starts on 17 June 2026).
    await opened.page.clock.setFixedTime(new Date(TEST_EPOCH));
    await opened.page.goto(`${app.url}/app/`);
    // The company's name is the home page's heading (the shell's tests and the tour go by it).
    await opened.page.getByRole('heading', { level: 1, name: 'Acme s.r.o.' }).waitFor();
    await opened.page.getByRole('region', { name: text(language, 'dashboard:title') }).waitFor();
    await opened.page.getByTestId('thisMonth-invoiced').waitFor();
    return opened;
  }

  async function statistics() {
    const res = await app.get('/api/v1/reports/statistics?from=2026-05-01&to=2026-06-17&groupBy=month', company.token);
    expect(res.status, res.text).to.equal(200);
    return res.body;
  }

  async function expectNumbers(page: Page, language: Language) {
    const stats = await statistics();
    const [may, june] = stats.periods;
    expect(june.invoiced.total).to.equal('2500.00');
    expect(may.invoiced.total).to.equal('1000.00');
    expect(await page.getByTestId('thisMonth-invoiced').innerText()).to.equal(moneyText(language, june.invoiced.total));
    expect(await page.getByTestId('thisMonth-paid').innerText()).to.equal(moneyText(language, june.paid));
    expect(await page.getByTestId('thisMonth-outstanding').innerText()).to.equal(
      moneyText(language, Number(june.invoiced.total) - Number(june.paid)),
    );
    expect(await page.getByTestId('lastMonth-invoiced').innerText()).to.equal(moneyText(language, may.invoiced.total));
    expect(await page.getByTestId('lastMonth-outstanding').innerText()).to.equal(moneyText(language, '1000.00'));
    expect(await page.getByTestId('month-counts').innerText()).to.include(
      text(language, 'common:counts.invoice', { count: 1 }),
    );
    // The aging: 1000 in 1–30 days, 700 over 90 days, as the API counts them.
    expect(stats.aging.d1_30).to.deep.equal({ amount: '1000.00', count: 1 });
    expect(stats.aging.d90plus).to.deep.equal({ amount: '700.00', count: 1 });
    const aging = page.getByTestId('dashboard-aging');
    expect(await aging.getByTestId('aging-d1_30').innerText()).to.include(moneyText(language, '1000.00'));
    expect(await aging.getByTestId('aging-d90plus').innerText()).to.include(moneyText(language, '700.00'));
    expect(await aging.getByRole('img').getAttribute('aria-label')).to.include(moneyText(language, '700.00'));
  }

  it('in English: this month against the last as the statistics count them, each linking to its filtered list', async () => {
    const { page, problems } = await openDashboard('en');
    await expectNumbers(page, 'en');
    await page.getByTestId('thisMonth-invoiced').click();
    await page.waitForURL(/\/app\/documents\?/);
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).to.deep.equal({
      type: 'INVOICE',
      from: '2026-06-01',
      to: '2026-06-17',
    });
    await page.goBack();
    await page
      .getByTestId('dashboard-overdue')
      .getByRole('link', { name: text('en', 'dashboard:overdue.all') })
      .click();
    // The overdue list: invoices waiting for payment and due before today (the list's URL contract).
    await page.waitForURL(/\/app\/documents\?type=INVOICE&unpaid=true&dueBefore=2026-06-17$/);
    await page.getByTestId(`document-${overdue.number}`).waitFor();
    await page.getByTestId(`document-${old.number}`).waitFor();
    expect(await page.getByLabel(text('en', 'documents:list.unpaid')).isChecked()).to.equal(true);
    expect(await page.locator('tr[data-testid^="document-"]').count()).to.equal(2);
    expect(problems).to.deep.equal([]);
    await page.context().close();
  });

  it('in English: the cash of the last 30 days as a chart (chart.js) with a table of the same days', async () => {
    const { page, problems } = await openDashboard('en');
    const cash = page.getByTestId('dashboard-cash');
    const chart = cash.getByTestId('cash-chart');
    await cash.locator('canvas[data-drawn="true"]').waitFor();
    expect(await chart.getAttribute('role')).to.equal('img');
    expect(await chart.getAttribute('aria-label')).to.include(moneyText('en', '2500.00'));
    expect(await chart.getAttribute('aria-label')).to.include(moneyText('en', '400.00'));
    await cash.getByText(text('en', 'dashboard:cash.showTable')).click();
    const table = cash.getByRole('table', { name: text('en', 'dashboard:cash.table') });
    await table.waitFor();
    expect(await table.getByTestId('cash-2026-06-15').innerText()).to.include(moneyText('en', '2500.00'));
    expect(await table.getByTestId('cash-2026-06-16').innerText()).to.include(moneyText('en', '400.00'));
    await expectAccessible(page, 'the dashboard with the cash table open');
    expect(problems).to.deep.equal([]);
    await page.context().close();
  });

  it('in Czech: the overdue invoices with a one-click reminder, Czech plurals and formats, inbox, a failing webhook and automation', async () => {
    const { page, problems } = await openDashboard('cs');
    await expectNumbers(page, 'cs');
    const list = page.getByTestId('dashboard-overdue');
    await list.getByRole('heading', { name: text('cs', 'dashboard:overdue.heading') }).waitFor();
    // The longest overdue first: March (99 days) then May (14 days).
    const rows = list.locator('tbody tr');
    expect(await rows.count()).to.equal(2);
    expect(await rows.nth(0).innerText()).to.include(old.number);
    expect(await rows.nth(0).innerText()).to.include(text('cs', 'common:counts.day', { count: 99 }));
    expect(await rows.nth(1).innerText()).to.include(text('cs', 'common:counts.day', { count: 14 }));
    expect(await rows.nth(1).innerText()).to.include(moneyText('cs', '1000.00'));
    await list
      .getByRole('button', { name: text('cs', 'dashboard:overdue.remindLabel', { number: overdue.number }) })
      .click();
    await list
      .getByRole('status')
      .getByText(text('cs', 'dashboard:overdue.reminded', { number: overdue.number }))
      .waitFor();
    // A reminder (the company's REMINDER template), listed among the document's reminders sent.
    const reminded = await getDocument(app, company.token, overdue.id);
    expect(reminded.reminders).to.have.length(1);
    expect(reminded.reminders[0]).to.include({ step: null });
    expect(reminded.reminders[0].sentAt).to.be.a('string');

    await page.getByTestId('dashboard-failing').getByTestId('failing-webhook').waitFor();
    await page.getByTestId('dashboard-failing').getByTestId('failing-automation').waitFor();
    expect(await page.getByTestId('dashboard-failing').innerText())
      .to.include('Účetní systém')
      .and.include('Upozornění na velkou fakturu');
    expect(await page.getByTestId('dashboard-inbox').innerText()).to.include(text('cs', 'dashboard:inbox.none'));
    await expectAccessible(page, 'the dashboard in Czech');
    expect(problems).to.deep.equal([]);
    await page.context().close();
  });

  it('on a phone in Czech: no horizontal scroll', async () => {
    const { page, problems } = await openDashboard('cs', 'phone');
    await page.getByTestId('dashboard-cash').locator('canvas[data-drawn="true"]').waitFor();
    expect(Number(await page.evaluate('document.documentElement.scrollWidth'))).to.be.at.most(390);
    await expectAccessible(page, 'the dashboard on a phone');
    expect(problems).to.deep.equal([]);
    await page.context().close();
  });
});
