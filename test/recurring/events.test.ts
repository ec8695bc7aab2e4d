import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import { setClock } from '../helpers/controls';
import { type Company, makeApiKey, makeCompany, makeContact, makeUser } from '../helpers/fixtures';
import { lastEventSeq, orgEventEntries } from '../helpers/outbox';
import { startReceiver, type Receiver } from '../helpers/receiver';
import { makeSeries } from '../helpers/recurring';
import { makeWebhook, octokitVerify, settleWebhooks } from '../helpers/webhooks';

const SERIES_FIELDS = [
  'id',
  'name',
  'documentType',
  'contactId',
  'currency',
  'items',
  'note',
  'tags',
  'dueInDays',
  'language',
  'startDate',
  'unit',
  'every',
  'lastDayOfMonth',
  'endDate',
  'count',
  'issueAndSend',
  'status',
  'nextDate',
  'lastOccurrenceDate',
  'lastError',
  'createdAt',
  'updatedAt',
];

describe('recurring series: recurring_series.* events, webhooks and period placeholders (issue 26 points 1–2)', () => {
  let app: TestApp;
  let company: Company;
  let receiver: Receiver;
  let key: string;

  before(async () => {
    app = await startTestApp({ WEBHOOK_TIMEOUT_MS: '1000' });
    receiver = await startReceiver();
    await setClock(app, '2027-01-10T10:00:00Z');
    company = await makeCompany(app);
    key = (await makeApiKey(app, company)).key;
  });
  after(async () => {
    await receiver.close();
    await app.stop();
  });

  const generate = () => app.app.container.services.recurring.recurringGenerator.run();

  const series = (over: Record<string, unknown> = {}) => makeSeries(app, key, over);

  it('lists the recurring_series.* events in the webhook catalog with the series fields', async () => {
    const res = await app.get('/api/v1/webhooks/events', key);
    expect(res.status, res.text).to.equal(200);
    const byName = Object.fromEntries(res.body.data.map((e: { event: string }) => [e.event, e]));
    for (const name of ['created', 'updated', 'deleted', 'paused', 'resumed', 'ended'])
      expect(byName[`recurring_series.${name}`].dataFields, name).to.deep.equal(SERIES_FIELDS);
    expect(byName['recurring_series.generated'].dataFields).to.deep.equal([
      ...SERIES_FIELDS,
      'documentId',
      'occurrenceIndex',
      'occurrenceDate',
    ]);
    expect(byName['recurring_series.failed'].dataFields).to.deep.equal([...SERIES_FIELDS, 'error']);
  });

  it('subscribing to them needs documents:read', async () => {
    const noDocuments = await makeUser(app, company, { permissions: { automations: 'write', documents: 'none' } });
    const denied = await app.post(
      '/api/v1/webhooks',
      { name: 'ERP', url: receiver.url, events: ['recurring_series.generated'] },
      noDocuments.token,
    );
    expect(denied.status, denied.text).to.equal(403);
    expect(denied.body.details).to.deep.equal({ requiredScope: 'documents:read' });
  });

  it('records created, updated, paused, resumed, deleted with the series record, only on a change', async () => {
    const after = await lastEventSeq(app);
    const created = await series();
    const id = created.id as string;
    const updated = await app.put(
      `/api/v1/recurring-series/${id}`,
      { ...created, name: 'Hosting 2', id: undefined, status: undefined },
      key,
    );
    expect(updated.status, updated.text).to.equal(200);
    const paused = await app.post(`/api/v1/recurring-series/${id}/pause`, {}, key);
    await app.post(`/api/v1/recurring-series/${id}/pause`, {}, key);
    const resumed = await app.post(`/api/v1/recurring-series/${id}/resume`, {}, key);
    await app.post(`/api/v1/recurring-series/${id}/resume`, {}, key);
    expect((await app.del(`/api/v1/recurring-series/${id}`, key)).status).to.equal(204);
    const events = (await orgEventEntries(app, company.organizationId, after)).filter((e) =>
      e.event.startsWith('recurring_series.'),
    );
    expect(events).to.deep.equal([
      { event: 'recurring_series.created', data: created },
      { event: 'recurring_series.updated', data: updated.body },
      { event: 'recurring_series.paused', data: paused.body },
      { event: 'recurring_series.resumed', data: resumed.body },
      { event: 'recurring_series.deleted', data: resumed.body },
    ]);
  });

  it('delivers one signed recurring_series.generated to a webhook; the document.created of the document is recorded; a count ends it', async () => {
    const verify = await octokitVerify();
    const hook = await makeWebhook(app, key, {
      url: receiver.url,
      events: ['recurring_series.generated'],
    });
    const created = await series({ count: 1, startDate: '2027-01-12', lastDayOfMonth: false });
    const after = await lastEventSeq(app);
    await setClock(app, '2027-01-12T05:00:00Z');
    expect(await generate()).to.be.at.least(1);
    await generate();
    const events = await orgEventEntries(app, company.organizationId, after);
    const generated = events.find((e) => e.event === 'recurring_series.generated' && e.data.id === created.id)!;
    const documentId = generated.data.documentId as string;
    const mineOnly = events.filter((e) => e.data.id === created.id || e.data.id === documentId);
    expect(mineOnly.map((e) => e.event)).to.deep.equal([
      'document.created',
      'recurring_series.generated',
      'recurring_series.ended',
    ]);
    const ended = mineOnly[2];
    expect(mineOnly[0].data).to.include({ id: documentId, status: 'DRAFT' });
    expect(generated.data).to.include({
      id: created.id,
      occurrenceIndex: 0,
      occurrenceDate: '2027-01-12',
      status: 'ENDED',
      lastOccurrenceDate: '2027-01-12',
    });
    expect(ended.data).to.include({ id: created.id, status: 'ENDED', nextDate: null });

    await settleWebhooks(app);
    const mine = receiver.received.filter((r) => JSON.parse(r.body).data.id === created.id);
    expect(mine).to.have.length(1);
    const envelope = JSON.parse(mine[0].body);
    expect(envelope.event).to.equal('recurring_series.generated');
    expect(mine[0].headers['x-faktura-event']).to.equal('recurring_series.generated');
    expect(envelope.data).to.deep.equal(generated.data);
    expect(await verify(hook.secret, mine[0].body, mine[0].headers['x-faktura-signature'] as string)).to.equal(true);
    await setClock(app, '2027-01-10T10:00:00Z');
  });

  it('renders {{period.*}} in item names and the note in the document language (cs and en)', async () => {
    const template = {
      startDate: '2027-01-31',
      lastDayOfMonth: true,
      items: [
        { name: 'Hosting {{period.month}} {{period.year}}', quantity: '1', unitPrice: '500.00', vatRate: 21 },
        { name: 'Období {{ period.from }} – {{period.to}}', quantity: '1', unitPrice: '100.00', vatRate: 21 },
      ],
      note: 'Za {{period.month}}',
    };
    const cs = await series(template);
    const en = await series({ ...template, language: 'en' });
    await setClock(app, '2027-02-28T05:00:00Z');
    await generate();
    const documentsOf = async (id: string) => {
      const res = await app.get(`/api/v1/recurring-series/${id}/documents`, key);
      expect(res.status, res.text).to.equal(200);
      return Promise.all(
        res.body.data
          .sort((a: { index: number }, b: { index: number }) => a.index - b.index)
          .map(async (o: { documentId: string }) => (await app.get(`/api/v1/documents/${o.documentId}`, key)).body),
      );
    };
    const csDocs = await documentsOf(cs.id);
    expect(csDocs.map((d) => [d.language, d.items.map((i: { name: string }) => i.name), d.note])).to.deep.equal([
      ['cs', ['Hosting leden 2027', 'Období 31. 1. 2027 – 27. 2. 2027'], 'Za leden'],
      ['cs', ['Hosting únor 2027', 'Období 28. 2. 2027 – 30. 3. 2027'], 'Za únor'],
    ]);
    const enDocs = await documentsOf(en.id);
    expect(enDocs.map((d) => [d.language, d.items.map((i: { name: string }) => i.name), d.note])).to.deep.equal([
      ['en', ['Hosting January 2027', 'Období 2027-01-31 – 2027-02-27'], 'Za January'],
      ['en', ['Hosting February 2027', 'Období 2027-02-28 – 2027-03-30'], 'Za February'],
    ]);
    await setClock(app, '2027-01-10T10:00:00Z');
  });

  it('an unknown {{…}} name is 400 VALIDATION_FAILED naming the field path, on create and update', async () => {
    const contact = await makeContact(app, key);
    const body = {
      name: 'Hosting',
      documentType: 'INVOICE',
      contactId: contact.id,
      items: [
        { name: 'Hosting {{period.month}}', quantity: '1', unitPrice: '500.00', vatRate: 21 },
        { name: 'Hosting {{period.quarter}}', quantity: '1', unitPrice: '500.00', vatRate: 21 },
      ],
      startDate: '2027-01-31',
      unit: 'MONTH',
    };
    const bad = await app.post('/api/v1/recurring-series', body, key);
    expect(bad.status, bad.text).to.equal(400);
    expect(bad.body.code).to.equal('VALIDATION_FAILED');
    expect(bad.body.details.map((d: { path: string }) => d.path)).to.deep.equal(['items[1].name']);
    expect(bad.body.message).to.contain('{{period.quarter}}');
    const ok = await series();
    const badNote = await app.put(
      `/api/v1/recurring-series/${ok.id}`,
      { ...body, items: [body.items[0]], note: 'Díky {{contact.name}}' },
      key,
    );
    expect(badNote.status, badNote.text).to.equal(400);
    expect(badNote.body.details).to.deep.equal([
      {
        path: 'note',
        message:
          'unknown placeholder {{contact.name}}; known: {{period.month}}, {{period.year}}, {{period.from}}, {{period.to}}',
      },
    ]);
  });
});
