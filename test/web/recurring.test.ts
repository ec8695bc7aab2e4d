import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/app';
import { confirmDialog, expectAccessible, openApp, webFixture } from '../helpers/browser';
import { setClock } from '../helpers/controls';
import { makeCompany, makeContact, makeUser, type Company } from '../helpers/fixtures';
import { dateText, text } from '../helpers/texts';

/** The recurring series pages: list, form with the server's messages, detail with the next dates and the history. */
describe('web app: recurring series page', function () {
  this.timeout(90_000);
  const web = webFixture(() => startTestApp());
  let app: TestApp;
  let browser: Browser;
  let company: Company;

  before(async () => {
    ({ app, browser } = web);
    // The clock stays here: the series starts in the past, so one run generates its first two documents.
    await setClock(app, '2027-03-05T10:00:00Z');
    company = await makeCompany(app);
    await makeContact(app, company.token, { name: 'Kavárna Na Rohu s.r.o.' });
  });

  it('creates a series (an unknown placeholder is shown at its item), shows its next 12 dates and the documents it generated, pauses, resumes, edits and deletes it', async () => {
    const { page, context, problems } = await openApp(browser, app, company.token);
    await page.goto(`${app.url}/app/recurring`);
    await page.getByText('No recurring series yet.').waitFor();
    await expectAccessible(page, 'recurring series, empty');
    await page.getByRole('link', { name: 'New series' }).click();
    await page.getByLabel('Series name').fill('Pronájem vitríny');
    await page.getByLabel('Contact').selectOption({ label: 'Kavárna Na Rohu s.r.o.' });
    await page.getByLabel('Item 1 name').fill('Pronájem {{period.quarter}}');
    await page.getByLabel('Unit price').fill('1500');
    await page.getByText(text('en', 'recurring:form.previewIncomplete')).waitFor();
    await page.getByLabel('First issue date').fill('2027-01-31');
    await page.getByLabel('On the last day of the month').check();
    await page.getByLabel('Ends').selectOption('COUNT');
    await page.getByLabel('Number of documents').fill('24');
    const formPreview = page.getByTestId('schedule-preview').locator('li');
    await formPreview.nth(11).waitFor();
    expect(await formPreview.nth(1).innerText()).to.equal(dateText('en', '2027-02-28'));
    await page.getByRole('button', { name: 'Create series' }).click();
    const itemError = page
      .locator('.field.invalid')
      .filter({ has: page.getByLabel('Item 1 name') })
      .locator('.field-error');
    await itemError.waitFor();
    expect(await itemError.innerText()).to.contain('{{period.quarter}}');
    await expectAccessible(page, 'series form with an error');
    await page.getByLabel('Item 1 name').fill('Pronájem vitríny {{period.month}} {{period.year}}');
    await page.getByRole('button', { name: 'Create series' }).click();
    await page.getByRole('heading', { name: 'Pronájem vitríny', level: 1 }).waitFor();
    const preview = page.getByTestId('series-preview').locator('li');
    await preview.first().waitFor();
    expect(await preview.count()).to.equal(12);
    expect(await preview.first().innerText()).to.equal(dateText('en', '2027-01-31'));
    await page.getByText('Nothing generated yet.').waitFor();
    await expectAccessible(page, 'series detail');

    await app.app.container.services.recurring.recurringGenerator.run();
    await page.reload();
    const history = page.getByTestId('series-history').getByRole('link');
    await history.first().waitFor();
    expect(await history.allInnerTexts()).to.deep.equal([
      `Document of ${dateText('en', '2027-02-28')}`,
      `Document of ${dateText('en', '2027-01-31')}`,
    ]);
    expect(await preview.first().innerText()).to.equal(dateText('en', '2027-03-31'));
    await history.last().click();
    await page.getByRole('heading', { name: /^Invoice/, level: 1 }).waitFor();
    await page.getByText('Pronájem vitríny leden 2027').waitFor();
    await page.goBack();

    await page.getByRole('button', { name: 'Pause' }).click();
    await page.getByTestId('series-status').getByText('paused').waitFor();
    await page.getByRole('button', { name: 'Resume' }).click();
    await page.getByTestId('series-status').getByText('active').waitFor();

    await page.getByRole('link', { name: 'Edit' }).click();
    await page.getByLabel('Series name').fill('Pronájem vitríny U Rohu');
    await page.getByRole('button', { name: 'Save series' }).click();
    await page.getByRole('heading', { name: 'Pronájem vitríny U Rohu', level: 1 }).waitFor();

    await page.getByRole('link', { name: 'All series' }).click();
    const row = page.getByTestId('series-Pronájem vitríny U Rohu');
    await row.waitFor();
    expect(await row.innerText())
      .to.contain('Kavárna Na Rohu s.r.o.')
      .and.contain('24 documents in all');
    await row.getByRole('link', { name: 'Pronájem vitríny U Rohu' }).click();
    await page.getByRole('button', { name: 'Delete' }).click();
    await confirmDialog(page, 'Delete series');
    await page.getByText('No recurring series yet.').waitFor();
    expect(problems).to.deep.equal([]);
    await context.close();
  });

  it('in Czech: creates a series every 2 months, shows its schedule with Czech plurals and its next dates in Czech format, pauses it', async () => {
    const cs = (key: string, options?: Record<string, unknown>) => text('cs', `recurring:${key}`, options);
    const czech = await makeCompany(app);
    await makeContact(app, czech.token, { name: 'Cukrárna U Zvonu' });
    const { page, context, problems } = await openApp(browser, app, czech.token, 'desktop', { language: 'cs' });
    await page.goto(`${app.url}/app/recurring`);
    await page.getByRole('heading', { name: cs('title'), level: 1 }).waitFor();
    await page.getByText(cs('list.empty')).waitFor();
    await expectAccessible(page, 'recurring series in Czech, empty');
    await page.getByRole('link', { name: cs('list.new') }).click();
    await page.getByRole('heading', { name: cs('editor.new'), level: 1 }).waitFor();
    await page.getByLabel(cs('form.name')).fill('Dodávky dortů');
    await page.locator('select[name="contactId"]').selectOption({ label: 'Cukrárna U Zvonu' });
    await page.locator('[name="items[0].name"]').fill('Dorty {{period.month}} {{period.year}}');
    await page.locator('[name="items[0].unitPrice"]').fill('2500');
    await page.getByLabel(cs('form.startDate')).fill('2027-01-31');
    await page.getByLabel(cs('form.every')).fill('2');
    await page
      .getByRole('group', { name: cs('form.schedule') })
      .getByLabel(cs('form.unit'))
      .selectOption({ label: cs('units.MONTH') });
    await page.getByLabel(cs('form.lastDayOfMonth')).check();
    await page.getByLabel(cs('form.ends')).selectOption({ label: cs('form.endCount') });
    await page.getByLabel(cs('form.count')).fill('5');
    // The form previews the dates the schedule will issue on, from the server, before anything is saved.
    const dates = ['2027-01-31', '2027-03-31', '2027-05-31', '2027-07-31', '2027-09-30'].map((d) => dateText('cs', d));
    await page.getByRole('heading', { name: cs('form.preview') }).waitFor();
    const formPreview = page.getByTestId('schedule-preview').locator('li');
    await formPreview.nth(4).waitFor();
    expect(await formPreview.allInnerTexts()).to.deep.equal(dates);
    await expectAccessible(page, 'recurring series form in Czech');
    await page.getByRole('button', { name: cs('form.create') }).click();

    await page.getByRole('heading', { name: 'Dodávky dortů', level: 1 }).waitFor();
    const preview = page.getByTestId('series-preview').locator('li');
    await preview.first().waitFor();
    expect(await preview.allInnerTexts()).to.deep.equal(dates);
    const schedule = [
      cs('schedule.lastDay', { every: cs('schedule.every.MONTH', { count: 2 }) }),
      cs('schedule.count', { count: 5 }),
    ].join(', ');
    expect(schedule).to.equal('Každé 2 měsíce, poslední den v měsíci, celkem 5 dokladů');
    const facts = await page.locator('dl.facts').innerText();
    expect(facts)
      .to.include(cs('detail.scheduleFrom', { schedule, date: dateText('cs', '2027-01-31') }))
      .and.include(cs('detail.documentText', { type: cs('types.INVOICE'), currency: 'CZK', count: 14 }))
      .and.include(cs('detail.draft'));
    await page.getByText(cs('detail.nothing')).waitFor();
    expect(await page.getByTestId('series-status').innerText()).to.equal(cs('statuses.ACTIVE'));
    await expectAccessible(page, 'recurring series in Czech');
    await page.getByRole('button', { name: cs('detail.pause') }).click();
    await page.getByTestId('series-status').getByText(cs('statuses.PAUSED')).waitFor();

    await page.getByRole('link', { name: cs('detail.all') }).click();
    const row = page.getByTestId('series-Dodávky dortů');
    await row.waitFor();
    expect(await row.innerText())
      .to.include('Cukrárna U Zvonu')
      .and.include(schedule)
      .and.include(cs('types.INVOICE'))
      .and.include(cs('statuses.PAUSED'));
    expect(problems).to.deep.equal([]);
    await context.close();
  });

  it('a MEMBER with documents:read sees series but cannot create, change or delete them', async () => {
    const contact = await makeContact(app, company.token, { name: 'Hotel Slunce a.s.' });
    const created = await app.post(
      '/api/v1/recurring-series',
      {
        name: 'Pečivo na snídaně',
        documentType: 'PROFORMA',
        contactId: contact.id,
        items: [{ name: 'Pečivo', quantity: '1', unitPrice: '900', vatRate: 12 }],
        startDate: '2027-04-01',
        unit: 'WEEK',
      },
      company.token,
    );
    expect(created.status, created.text).to.equal(201);
    const reader = await makeUser(app, company, { role: 'MEMBER', permissions: { documents: 'read' } });
    const { page, context } = await openApp(browser, app, reader.token);
    await page.goto(`${app.url}/app/recurring`);
    await page.getByTestId('series-Pečivo na snídaně').waitFor();
    expect(await page.getByRole('link', { name: 'New series' }).count()).to.equal(0);
    await page.getByRole('link', { name: 'Pečivo na snídaně' }).click();
    await page.getByTestId('series-preview').waitFor();
    expect(await page.getByRole('button', { name: 'Pause' }).count()).to.equal(0);
    expect(await page.getByRole('button', { name: 'Delete' }).count()).to.equal(0);
    await context.close();
  });
});
