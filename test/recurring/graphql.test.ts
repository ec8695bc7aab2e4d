import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import { setClock } from '../helpers/controls';
import { makeApiKey, makeCompany, makeContact } from '../helpers/fixtures';

const SERIES = `id name documentType contactId currency items { name quantity unit unitPrice vatRate priceIncludesVat }
  note tags dueInDays language startDate unit every lastDayOfMonth endDate count issueAndSend status nextDate
  lastOccurrenceDate lastError createdAt updatedAt`;

describe('recurring series over GraphQL: the same service as REST (issue 26 point 6)', () => {
  let app: TestApp;
  let key: string;

  before(async () => {
    app = await startTestApp();
    await setClock(app, '2027-01-10T10:00:00Z');
    key = (await makeApiKey(app, await makeCompany(app))).key;
  });
  after(() => app.stop());

  const gql = async (query: string, variables: Record<string, unknown> = {}) => {
    const res = await app.graphql(query, variables, key);
    expect(res.status, res.text).to.equal(200);
    return res.body as { data: any; errors?: any[] };
  };

  it('previews a schedule not saved yet as POST /recurring-series/schedule-preview does, refusing an impossible one the same way', async () => {
    const schedule = { startDate: '2027-01-31', unit: 'MONTH', every: 3, lastDayOfMonth: true, count: 3 };
    const query = `query($schedule: RecurringScheduleInput!) { recurringSchedulePreview(schedule: $schedule) { dates } }`;
    const preview = await gql(query, { schedule });
    expect(preview.errors).to.equal(undefined);
    const rest = await app.post('/api/v1/recurring-series/schedule-preview', schedule, key);
    expect(preview.data.recurringSchedulePreview).to.deep.equal(rest.body);
    expect(rest.body.dates).to.deep.equal(['2027-01-31', '2027-04-30', '2027-07-31']);
    const impossible = await gql(query, { schedule: { ...schedule, unit: 'DAY' } });
    expect(impossible.errors?.[0].extensions).to.deep.include({ code: 'VALIDATION_FAILED' });
    expect(impossible.errors?.[0].extensions.details).to.deep.include({
      path: 'schedule',
      message: 'lastDayOfMonth needs unit MONTH or YEAR',
    });
  });

  it('creates, reads, lists, previews, updates, pauses, resumes and deletes a series as REST does', async () => {
    const contact = await makeContact(app, key);
    const input = {
      name: 'Hosting',
      documentType: 'INVOICE',
      contactId: contact.id,
      items: [{ name: 'Hosting {{period.month}}', quantity: '1', unitPrice: '500', vatRate: '21' }],
      startDate: '2027-01-31',
      unit: 'MONTH',
      lastDayOfMonth: true,
      note: 'Za {{period.month}} {{period.year}}',
    };
    const created = await gql(
      `mutation($input: RecurringSeriesInput!) { createRecurringSeries(input: $input) { ${SERIES} } }`,
      { input },
    );
    expect(created.errors).to.equal(undefined);
    const series = created.data.createRecurringSeries;
    const rest = await app.get(`/api/v1/recurring-series/${series.id}`, key);
    expect(series).to.deep.equal(rest.body);

    const read = await gql(
      `query($id: ID!) { recurringSeriesOne(id: $id) { id status }
         recurringSeriesPreview(id: $id) { dates }
         recurringSeries(status: ACTIVE, limit: 10) { data { id } nextCursor } }`,
      { id: series.id },
    );
    expect(read.errors).to.equal(undefined);
    expect(read.data.recurringSeriesOne).to.deep.equal({ id: series.id, status: 'ACTIVE' });
    expect(read.data.recurringSeriesPreview.dates.slice(0, 3)).to.deep.equal([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
    ]);
    expect(read.data.recurringSeries.data.map((s: { id: string }) => s.id)).to.include(series.id);

    const updated = await gql(
      'mutation($id: ID!, $input: RecurringSeriesInput!) { updateRecurringSeries(id: $id, input: $input) { name every } }',
      { id: series.id, input: { ...input, name: 'Hosting 2', every: 2 } },
    );
    expect(updated.data.updateRecurringSeries).to.deep.equal({ name: 'Hosting 2', every: 2 });

    await setClock(app, '2027-01-31T05:00:00Z');
    await app.app.container.services.recurring.recurringGenerator.run();
    const documents = await gql(
      'query($id: ID!) { recurringSeriesDocuments(id: $id, limit: 5) { data { index date documentId } } }',
      {
        id: series.id,
      },
    );
    const [occurrence] = documents.data.recurringSeriesDocuments.data;
    expect(occurrence).to.include({ index: 0, date: '2027-01-31' });
    const document = await app.get(`/api/v1/documents/${occurrence.documentId}`, key);
    expect(document.body.items[0].name).to.equal('Hosting leden');
    expect(document.body.note).to.equal('Za leden 2027');

    const paused = await gql('mutation($id: ID!) { pauseRecurringSeries(id: $id) { status } }', { id: series.id });
    expect(paused.data.pauseRecurringSeries.status).to.equal('PAUSED');
    const resumed = await gql('mutation($id: ID!) { resumeRecurringSeries(id: $id) { status nextDate } }', {
      id: series.id,
    });
    expect(resumed.data.resumeRecurringSeries).to.deep.equal({ status: 'ACTIVE', nextDate: '2027-03-31' });
    const deleted = await gql('mutation($id: ID!) { deleteRecurringSeries(id: $id) }', { id: series.id });
    expect(deleted.data.deleteRecurringSeries).to.equal(true);
    const gone = await gql('query($id: ID!) { recurringSeriesOne(id: $id) { id } }', { id: series.id });
    expect(gone.errors?.[0].extensions.code).to.equal('NOT_FOUND');
  });

  it('an unknown placeholder is VALIDATION_FAILED naming the path', async () => {
    const contact = await makeContact(app, key);
    const bad = await gql('mutation($input: RecurringSeriesInput!) { createRecurringSeries(input: $input) { id } }', {
      input: {
        name: 'x',
        documentType: 'PROFORMA',
        contactId: contact.id,
        items: [{ name: '{{period.week}}', quantity: '1', unitPrice: '1', vatRate: '21' }],
        startDate: '2027-02-01',
        unit: 'WEEK',
      },
    });
    expect(bad.errors?.[0].extensions.code).to.equal('VALIDATION_FAILED');
    expect(bad.errors?.[0].message).to.contain('items[0].name');
  });
});
