import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/app';
import { expectAccessible, openApp, webFixture } from '../helpers/browser';
import { makeCompany, makeContact, makeDocument, makeUser, type Company } from '../helpers/fixtures';
import { dateText, text } from '../helpers/texts';

/** The reminder steps and e-mail templates pages, and a document's reminders panel. */
describe('web app: reminders and e-mail templates', function () {
  this.timeout(90_000);
  const web = webFixture(() => startTestApp());
  let app: TestApp;
  let browser: Browser;
  let company: Company;

  before(async () => {
    ({ app, browser } = web);
    company = await makeCompany(app, { companyName: 'Pekárna Novák s.r.o.' });
  });

  const stepDays = (page: Page, n: number) => page.getByLabel(`Step ${n}: days from the due date`);
  const fieldError = (page: Page, label: string) =>
    page
      .locator('.field.invalid')
      .filter({ has: page.getByLabel(label, { exact: true }) })
      .locator('.field-error');
  const savedSteps = async () =>
    (await app.get('/api/v1/settings/reminder-steps', company.token)).body.steps.map((s: any) => [s.days, s.active]);

  it('edits the reminder steps: adds, changes, switches off and removes; the server’s messages by the list and the field', async () => {
    const { page, context, problems } = await openApp(browser, app, company.token);
    await page.goto(`${app.url}/app/reminders`);
    await page.getByText('No steps: no reminders are sent.').waitFor();
    await expectAccessible(page, 'reminders, empty');
    for (const days of ['7', '-3', '7']) {
      await page.getByRole('button', { name: 'Add step' }).click();
      await stepDays(page, await page.getByTestId('reminder-step').count()).fill(days);
    }
    await page.getByText('3 days before the due date').waitFor();
    await page.getByRole('button', { name: 'Save reminder steps' }).click();
    await page.getByRole('alert').getByText('two steps with the same days').first().waitFor();
    expect(await savedSteps()).to.deep.equal([]);

    await stepDays(page, 3).fill('400');
    await page.getByRole('button', { name: 'Save reminder steps' }).click();
    await fieldError(page, 'Step 3: days from the due date').waitFor();
    await expectAccessible(page, 'reminders with an error');
    await stepDays(page, 3).fill('sedm');
    await page.getByRole('button', { name: 'Save reminder steps' }).click();
    await fieldError(page, 'Step 3: days from the due date').getByText('a whole number of days').waitFor();

    await stepDays(page, 3).fill('14');
    await page.getByLabel('Step 3 active').uncheck();
    await page.getByRole('button', { name: 'Save reminder steps' }).click();
    await page.getByText('Reminder steps saved.').waitFor();
    expect(await savedSteps()).to.deep.equal([
      [-3, true],
      [7, true],
      [14, false],
    ]);
    // The saved list comes back in order of days.
    expect(await stepDays(page, 1).inputValue()).to.equal('-3');

    await page.getByRole('button', { name: 'Remove step 1' }).click();
    await page.getByRole('button', { name: 'Save reminder steps' }).click();
    await page.getByText('Reminder steps saved.').waitFor();
    expect(await savedSteps()).to.deep.equal([
      [7, true],
      [14, false],
    ]);
    await page.reload();
    await stepDays(page, 2).waitFor();
    expect(await stepDays(page, 2).inputValue()).to.equal('14');
    expect(await page.getByLabel('Step 2 active').isChecked()).to.equal(false);
    expect(problems).to.deep.equal([]);
    await context.close();
  });

  it('edits a template with a live preview of the newest invoice, names an unknown variable at its field, saves and resets', async () => {
    const older = await makeDocument(app, company.token, { status: 'ISSUED', clientName: 'Kavárna Na Rohu' });
    const newest = await makeDocument(app, company.token, { status: 'ISSUED', clientName: 'Hotel Slunce' });
    const { page, context, problems } = await openApp(browser, app, company.token);
    await page.goto(`${app.url}/app/email-templates`);
    const subject = page.getByTestId('preview-subject');
    // Czech DOCUMENT default of the newest invoice (its title Faktura).
    await subject.getByText(`Faktura ${newest.number} – Pekárna Novák s.r.o.`).waitFor();
    await page.getByTestId('template-variables').getByText('{{amountDue}}').waitFor();
    await expectAccessible(page, 'e-mail templates');

    await page.getByLabel('E-mail').selectOption('REMINDER');
    await page.getByLabel('Template language').selectOption('en');
    await page.getByTestId('template-state').getByText('Faktura’s default').waitFor();
    await subject.getByText(`invoice ${newest.number}`, { exact: false }).waitFor();
    await page.getByLabel('Subject', { exact: true }).fill('Payment due: {{documentNumber}} for {{contact}}');
    await subject.getByText(`Payment due: ${newest.number} for Hotel Slunce`).waitFor();
    await page.getByLabel('Body', { exact: true }).fill('Dear {{contact}},\nplease pay {{preis}}.');
    await fieldError(page, 'Body').getByText('unknown variable {{preis}}').waitFor();
    await expectAccessible(page, 'template with an unknown variable');
    await page.getByLabel('Body', { exact: true }).fill('Dear {{contact}},\nplease pay {{amountDue}}.\n{{company}}');
    await page.getByTestId('preview-text').getByText('Dear Hotel Slunce,').waitFor();
    expect(await fieldError(page, 'Body').count()).to.equal(0);

    await page.getByLabel('Preview with document').selectOption(older.id);
    await subject.getByText(`Payment due: ${older.number} for Kavárna Na Rohu`).waitFor();

    await page.getByRole('button', { name: 'Save template' }).click();
    await page.getByText('Template saved.').waitFor();
    await page.getByTestId('template-state').getByText('Custom').waitFor();
    const kept = (await app.get('/api/v1/email-templates', company.token)).body;
    const reminderEn = (list: any) =>
      (Array.isArray(list) ? list : list.data).find((t: any) => t.kind === 'REMINDER' && t.language === 'en');
    expect(reminderEn(kept)).to.include({
      subject: 'Payment due: {{documentNumber}} for {{contact}}',
      body: 'Dear {{contact}},\nplease pay {{amountDue}}.\n{{company}}',
      custom: true,
    });
    // Another language of the same kind is still the default.
    await page.getByLabel('Template language').selectOption('de');
    await page.getByTestId('template-state').getByText('Faktura’s default').waitFor();
    await page.getByLabel('Template language').selectOption('en');
    await page.getByTestId('template-state').getByText('Custom').waitFor();

    await page.getByRole('button', { name: 'Reset to default' }).click();
    await page.getByTestId('template-state').getByText('Faktura’s default').waitFor();
    expect(reminderEn((await app.get('/api/v1/email-templates', company.token)).body).custom).to.equal(false);
    expect(await page.getByLabel('Subject', { exact: true }).inputValue()).to.not.include('Payment due');
    await subject.getByText(`invoice ${older.number}`, { exact: false }).waitFor();
    expect(problems).to.deep.equal([]);
    await context.close();
  });

  it('words a reminder step on its own beside the general reminder, resets it, and switches payment thanks on', async () => {
    expect(
      (await app.put('/api/v1/settings/reminder-steps', { steps: [{ days: -3 }, { days: 7 }] }, company.token)).status,
    ).to.equal(200);
    const doc = await makeDocument(app, company.token, { status: 'ISSUED', clientName: 'Pension U Lípy' });
    const reminders = async () =>
      ((await app.get('/api/v1/email-templates', company.token)).body.data as any[]).filter(
        (t) => t.kind === 'REMINDER' && t.language === 'en',
      );
    const [general] = await reminders();
    expect(general).to.include({ custom: false });

    const { page, context, problems } = await openApp(browser, app, company.token);
    await page.goto(`${app.url}/app/email-templates`);
    await page.getByLabel('E-mail').selectOption('REMINDER');
    await page.getByLabel('Template language').selectOption('en');
    const step = page.getByLabel('Reminder step');
    expect(await step.locator('option').allInnerTexts()).to.deep.equal([
      'All steps (general wording)',
      '3 days before the due date',
      '7 days after the due date',
    ]);
    await step.selectOption({ label: '7 days after the due date' });
    await page.getByLabel('Preview with document').selectOption(doc.id);
    const state = page.getByTestId('template-state');
    await state.getByText('Uses the general reminder text').waitFor();
    expect(await page.getByLabel('Subject', { exact: true }).inputValue()).to.equal(general.subject);
    await page.getByTestId('template-variables').getByText('{{paymentQr}}').waitFor();
    await expectAccessible(page, 'reminder step template');

    await page.getByLabel('Subject', { exact: true }).fill('A week overdue: {{documentNumber}} for {{contact}}');
    await page.getByTestId('preview-subject').getByText(`A week overdue: ${doc.number} for Pension U Lípy`).waitFor();
    await page.getByRole('button', { name: 'Save template' }).click();
    await page.getByText('Template saved.').waitFor();
    await state.getByText('Custom').waitFor();
    await step.locator('option', { hasText: '7 days after the due date (custom)' }).waitFor({ state: 'attached' });
    const saved = await reminders();
    expect(saved.find((t) => t.step === 7)).to.include({
      subject: 'A week overdue: {{documentNumber}} for {{contact}}',
      custom: true,
    });
    expect(saved.find((t) => t.step === undefined)).to.deep.equal(general);

    // The general wording is still Faktura's; the step keeps its own.
    await step.selectOption('');
    await state.getByText('Faktura’s default').waitFor();
    expect(await page.getByLabel('Subject', { exact: true }).inputValue()).to.equal(general.subject);
    await step.selectOption('7');
    await state.getByText('Custom').waitFor();
    await page.getByRole('button', { name: 'Use the general reminder text' }).click();
    await page.getByText('Back to the general reminder text.').waitFor();
    await state.getByText('Uses the general reminder text').waitFor();
    expect(await page.getByLabel('Subject', { exact: true }).inputValue()).to.equal(general.subject);
    expect((await reminders()).map((t) => t.step)).to.deep.equal([undefined]);

    expect((await app.get('/api/v1/settings/emails', company.token)).body.paymentThanks).to.equal(false);
    await page.getByLabel('Thank customers for payments').check();
    await page.getByText('Payment thanks switched on.').waitFor();
    expect((await app.get('/api/v1/settings/emails', company.token)).body.paymentThanks).to.equal(true);
    await page.reload();
    await page.getByLabel('Thank customers for payments').waitFor();
    expect(await page.getByLabel('Thank customers for payments').isChecked()).to.equal(true);
    expect(problems).to.deep.equal([]);
    await context.close();
  });

  it('a reader sees the steps and templates but cannot change them', async () => {
    const reader = await makeUser(app, company, {
      role: 'MEMBER',
      permissions: { company_settings: 'read', documents: 'read' },
    });
    const { page, context } = await openApp(browser, app, reader.token);
    await page.goto(`${app.url}/app/reminders`);
    await stepDays(page, 1).waitFor();
    expect(await stepDays(page, 1).isDisabled()).to.equal(true);
    expect(await page.getByRole('button', { name: 'Save reminder steps' }).count()).to.equal(0);
    await page.goto(`${app.url}/app/email-templates`);
    await page.getByTestId('preview-subject').waitFor();
    expect(await page.getByLabel('Subject', { exact: true }).isDisabled()).to.equal(true);
    expect(await page.getByRole('button', { name: 'Save template' }).count()).to.equal(0);
    expect(await page.getByLabel('Thank customers for payments').isDisabled()).to.equal(true);
    await context.close();

    // Without documents: read the texts still show; the preview says why it has no document.
    const settingsOnly = await makeUser(app, company, { role: 'MEMBER', permissions: { company_settings: 'read' } });
    const other = await openApp(browser, app, settingsOnly.token);
    await other.page.goto(`${app.url}/app/email-templates`);
    await other.page.getByText('it needs access to documents').waitFor();
    expect(await other.page.getByLabel('Subject', { exact: true }).inputValue()).to.include('{{documentNumber}}');
    expect(other.problems).to.deep.equal([]);
    await other.context.close();
  });

  it('the document page lists the reminders sent with step and time, and switches them off', async () => {
    expect(
      (await app.put('/api/v1/settings/reminder-steps', { steps: [{ days: -3 }] }, company.token)).status,
    ).to.equal(200);
    const contact = await makeContact(app, company.token, { name: 'Odběratel', email: 'odberatel@example.cz' });
    const doc = await makeDocument(app, company.token, {
      status: 'ISSUED',
      contactId: contact.id,
      dueAt: '2026-06-21',
    });
    // 08:01 in Prague three days before the due date: the daily job sends the −3 step.
    expect((await app.post('/api/test/clock', { now: '2026-06-18T06:01:00.000Z' })).status).to.equal(200);
    expect((await app.post('/api/test/jobs/run-due', {})).status).to.equal(200);

    // A day later the morning's session has expired: the owner logs in again.
    const login = await app.post('/api/v1/auth/login', { email: company.email, password: company.password });
    expect(login.status, login.text).to.equal(200);
    const { page, context, problems } = await openApp(browser, app, login.body.token);
    await page.goto(`${app.url}/app/documents/${doc.id}`);
    const panel = page.getByTestId('document-reminders');
    await panel.getByTestId('sent-reminder').getByText('Reminder 3 days before the due date (step -3)').waitFor();
    expect(await panel.getByTestId('sent-reminder').innerText()).to.include(dateText('en', '2026-06-18T06:01:00.000Z'));
    await expectAccessible(page, 'document with reminders');
    await panel.getByRole('button', { name: 'Switch reminders off' }).click();
    await panel.getByText('Reminders are switched off for this document.').waitFor();
    expect((await app.get(`/api/v1/documents/${doc.id}/reminders`, login.body.token)).body.enabled).to.equal(false);
    await panel.getByRole('button', { name: 'Switch reminders on' }).click();
    await panel.getByRole('button', { name: 'Switch reminders off' }).waitFor();
    expect((await app.get(`/api/v1/documents/${doc.id}/reminders`, login.body.token)).body.enabled).to.equal(true);
    expect(problems).to.deep.equal([]);
    await context.close();
  });

  it('in Czech: reminder steps read in Czech with Czech plurals, a refused step is told in Czech, and the templates page speaks Czech', async () => {
    const czech = await makeCompany(app, { companyName: 'Truhlářství Dvořák s.r.o.' });
    await makeDocument(app, czech.token, { status: 'ISSUED', clientName: 'Hotel Slunce' });
    const { page, context, problems } = await openApp(browser, app, czech.token, 'desktop', { language: 'cs' });
    const cs = (key: string, options: Record<string, unknown> = {}) => text('cs', `reminders:${key}`, options);
    await page.goto(`${app.url}/app/reminders`);
    await page.getByRole('heading', { name: cs('title'), level: 1 }).waitFor();
    await page.getByText(cs('form.none')).waitFor();
    for (const days of ['-3', 'sedm']) {
      await page.getByRole('button', { name: cs('form.add') }).click();
      const n = await page.getByTestId('reminder-step').count();
      await page.getByLabel(cs('form.days', { n })).fill(days);
    }
    await page.getByText(cs('step.before', { count: 3 })).waitFor();
    expect(cs('step.before', { count: 3 })).to.equal('3 dny před splatností');
    await page.getByRole('button', { name: cs('form.save') }).click();
    await fieldError(page, cs('form.days', { n: 2 }))
      .getByText(cs('form.wholeDays'))
      .waitFor();
    await page.getByLabel(cs('form.days', { n: 2 })).fill('5');
    await page.getByText(cs('step.after', { count: 5 })).waitFor();
    expect(cs('step.after', { count: 5 })).to.equal('5 dní po splatnosti');
    await page.getByRole('button', { name: cs('form.save') }).click();
    await page.getByText(cs('form.saved')).waitFor();
    await expectAccessible(page, 'reminders in Czech');
    expect(
      (await app.get('/api/v1/settings/reminder-steps', czech.token)).body.steps.map((s: any) => s.days),
    ).to.deep.equal([-3, 5]);

    const et = (key: string, options: Record<string, unknown> = {}) => text('cs', `email-templates:${key}`, options);
    await page.goto(`${app.url}/app/email-templates`);
    await page.getByRole('heading', { name: et('title'), level: 1 }).waitFor();
    await page.getByTestId('preview-subject').waitFor();
    await page.getByTestId('template-variables').getByText(et('variables.amountDue')).waitFor();
    await page.getByLabel(et('choose.kind'), { exact: true }).selectOption({ label: et('kinds.REMINDER') });
    await page.getByLabel(et('choose.step')).selectOption({ label: cs('step.before', { count: 3 }) });
    await page.getByTestId('template-state').getByText(et('editor.inherited')).waitFor();
    await page.getByLabel(et('editor.subject'), { exact: true }).fill('Upomínka: {{documentNumber}}');
    await page.getByRole('button', { name: et('editor.save') }).click();
    await page.getByText(et('editor.saved')).waitFor();
    await page.getByTestId('template-state').getByText(et('editor.custom')).waitFor();
    await page
      .getByLabel(et('choose.step'))
      .locator('option', { hasText: et('choose.customStep', { step: cs('step.before', { count: 3 }) }) })
      .waitFor({ state: 'attached' });
    await expectAccessible(page, 'e-mail templates in Czech');
    expect(problems).to.deep.equal([]);
    await context.close();
  });
});
