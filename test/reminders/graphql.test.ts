import { expect } from 'chai';
import { CZ_TZ, czechDate, dayjs } from '../../src/core/clock';
import { startTestApp, type TestApp } from '../helpers/app';
import { type Company, makeCompany, makeContact, makeDocument, makeUser } from '../helpers/fixtures';

const STEPS = '{ reminderSteps { id days active } }';
const SAVE_STEPS = `mutation($steps: [ReminderStepInput!]!) { saveReminderSteps(steps: $steps) { id days active } }`;
const DOCUMENT_REMINDERS = `query($id: ID!) { documentReminders(documentId: $id) { enabled sent { stepId days sentAt } } }`;
const SET_DOCUMENT_REMINDERS = `mutation($id: ID!, $enabled: Boolean!) {
  setDocumentReminders(documentId: $id, enabled: $enabled) { enabled sent { stepId days sentAt } }
}`;

describe('reminders over GraphQL: the same services as REST', () => {
  let app: TestApp;
  let company: Company;
  // 06:00 in Prague; the daily job runs at 08:00.
  const start = '2026-06-17T04:00:00.000Z';
  const runAt = dayjs.tz('2026-06-17 08:01', CZ_TZ).toDate();

  before(async () => {
    app = await startTestApp({}, { clockStart: start });
    company = await makeCompany(app);
  });
  after(() => app.stop());

  it('reads and replaces the steps; a repeated or out-of-range days is VALIDATION_FAILED naming the field', async () => {
    expect((await app.graphql(STEPS, {}, company.token)).body.data.reminderSteps).to.deep.equal([]);
    const saved = await app.graphql(
      SAVE_STEPS,
      { steps: [{ days: 7 }, { days: -3 }, { days: 30, active: false }] },
      company.token,
    );
    expect(saved.body.errors, saved.text).to.equal(undefined);
    expect(saved.body.data.saveReminderSteps.map((s: any) => [s.days, s.active])).to.deep.equal([
      [-3, true],
      [7, true],
      [30, false],
    ]);
    const rest = await app.get('/api/v1/settings/reminder-steps', company.token);
    expect(rest.body.steps).to.deep.equal(saved.body.data.saveReminderSteps);
    expect((await app.graphql(STEPS, {}, company.token)).body.data.reminderSteps).to.deep.equal(rest.body.steps);

    const twice = await app.graphql(SAVE_STEPS, { steps: [{ days: 1 }, { days: 1 }] }, company.token);
    expect(twice.body.errors[0].extensions.code).to.equal('VALIDATION_FAILED');
    expect(twice.body.errors[0].extensions.details.map((d: any) => d.path)).to.deep.equal(['steps']);
    const far = await app.graphql(SAVE_STEPS, { steps: [{ days: 1 }, { days: 400 }] }, company.token);
    expect(far.body.errors[0].extensions.details.map((d: any) => d.path)).to.deep.equal(['steps[1].days']);
    // Nothing of a refused list is kept.
    expect((await app.graphql(STEPS, {}, company.token)).body.data.reminderSteps).to.deep.equal(rest.body.steps);

    const reader = await makeUser(app, company, { role: 'MEMBER', permissions: { company_settings: 'read' } });
    expect((await app.graphql(STEPS, {}, reader.token)).body.data.reminderSteps).to.have.length(3);
    const refused = await app.graphql(SAVE_STEPS, { steps: [] }, reader.token);
    expect(refused.body.errors[0].extensions.code).to.equal('FORBIDDEN');
  });

  it('a document’s reminders: those the 08:00 job sent with step and time; switched off and on', async () => {
    await app.graphql(SAVE_STEPS, { steps: [{ days: -3 }, { days: 7 }] }, company.token);
    const contact = await makeContact(app, company.token, { name: 'Odběratel', email: 'odberatel@example.cz' });
    const due = czechDate(dayjs(runAt).add(3, 'day').toDate());
    const doc = await makeDocument(app, company.token, { status: 'ISSUED', contactId: contact.id, dueAt: due });
    const other = await makeDocument(app, company.token, { status: 'ISSUED', contactId: contact.id, dueAt: due });

    const off = await app.graphql(SET_DOCUMENT_REMINDERS, { id: other.id, enabled: false }, company.token);
    expect(off.body.data.setDocumentReminders).to.deep.equal({ enabled: false, sent: [] });
    expect((await app.get(`/api/v1/documents/${other.id}/reminders`, company.token)).body.enabled).to.equal(false);

    expect((await app.post('/api/test/clock', { now: runAt.toISOString() })).status).to.equal(200);
    expect((await app.post('/api/test/jobs/run-due', {})).status).to.equal(200);

    const read = await app.graphql(DOCUMENT_REMINDERS, { id: doc.id }, company.token);
    expect(read.body.errors, read.text).to.equal(undefined);
    const steps = (await app.get('/api/v1/settings/reminder-steps', company.token)).body.steps;
    const { enabled, sent } = read.body.data.documentReminders;
    expect(enabled).to.equal(true);
    // The test clock runs on from 08:01: the time is the job's run, to the minute.
    expect(sent.map((r: any) => [r.stepId, r.days, r.sentAt.slice(0, 16)])).to.deep.equal([
      [steps.find((s: any) => s.days === -3).id, -3, runAt.toISOString().slice(0, 16)],
    ]);
    expect(read.body.data.documentReminders).to.deep.equal(
      (await app.get(`/api/v1/documents/${doc.id}/reminders`, company.token)).body,
    );
    const silenced = await app.graphql(DOCUMENT_REMINDERS, { id: other.id }, company.token);
    expect(silenced.body.data.documentReminders).to.deep.equal({ enabled: false, sent: [] });
    const on = await app.graphql(SET_DOCUMENT_REMINDERS, { id: other.id, enabled: true }, company.token);
    expect(on.body.data.setDocumentReminders.enabled).to.equal(true);

    const stranger = await makeCompany(app);
    const hidden = await app.graphql(DOCUMENT_REMINDERS, { id: doc.id }, stranger.token);
    expect(hidden.body.errors[0].extensions.code).to.equal('NOT_FOUND');
    const notMine = await app.graphql(SET_DOCUMENT_REMINDERS, { id: doc.id, enabled: false }, stranger.token);
    expect(notMine.body.errors[0].extensions.code).to.equal('NOT_FOUND');
    expect(
      (await app.graphql(DOCUMENT_REMINDERS, { id: doc.id }, company.token)).body.data.documentReminders.enabled,
    ).to.equal(true);
  });
});
