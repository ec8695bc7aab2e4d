import { expect } from 'chai';
import { czechDate, dayjs } from '../../src/core/clock';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeApiKey, makeCompany, makeContact, makeDocument } from '../helpers/fixtures';
import { setClock } from '../helpers/controls';

/**
 * Two app instances on one database run the daily jobs at the same moment: what each job promises
 * once (a document per occurrence, a reminder per step) holds by the database's unique keys, whichever
 * instance gets there first.
 */
describe('recurring series and reminders with two workers on one database (issue 26 points 2, 3)', function () {
  this.timeout(120_000);
  let one: TestApp;
  let two: TestApp;

  before(async () => {
    one = await startTestApp();
    two = await startTestApp({ DATABASE_URL: one.databaseUrl });
  });
  after(async () => {
    await two.stop();
    await one.stop();
  });

  const both = async (now: string) => Promise.all([setClock(one, now), setClock(two, now)]);

  it('20 series three months behind: both workers catch up together, each occurrence once, numbers gapless', async () => {
    await both('2027-01-10T10:00:00Z');
    const company = await makeCompany(one);
    const key = (await makeApiKey(one, company)).key;
    const contact = await makeContact(one, key, { email: 'hosting@example.cz' });
    for (let i = 0; i < 20; i++) {
      const res = await one.post(
        '/api/v1/recurring-series',
        {
          name: `Hosting ${i}`,
          documentType: 'INVOICE',
          contactId: contact.id,
          items: [{ name: 'Hosting', quantity: '1', unitPrice: '500.00', vatRate: 21 }],
          startDate: '2027-01-15',
          unit: 'MONTH',
          issueAndSend: true,
        },
        key,
      );
      expect(res.status, res.text).to.equal(201);
    }
    // Both workers were down from January; they return on 20 March.
    await both('2027-03-20T05:30:00Z');
    const generators = [one, two].map((app) => app.app.container.services.recurring.recurringGenerator);
    const made = await Promise.all(generators.flatMap((g) => [g.run(), g.run()]));
    expect(made.reduce((a, b) => a + b, 0)).to.equal(60);

    const docs = await one.get(`/api/v1/documents?contactId=${contact.id}&limit=100`, key);
    expect(docs.status, docs.text).to.equal(200);
    const rows = docs.body.data as { issuedAt: string; number: string; recurringSeriesId: string }[];
    expect(rows).to.have.length(60);
    const perSeries = new Map<string, string[]>();
    for (const d of rows)
      perSeries.set(d.recurringSeriesId, [
        ...(perSeries.get(d.recurringSeriesId) ?? []),
        czechDate(new Date(d.issuedAt)),
      ]);
    expect(perSeries.size).to.equal(20);
    for (const days of perSeries.values())
      expect(days.sort()).to.deep.equal(['2027-01-15', '2027-02-15', '2027-03-15']);
    // One series of numbers for the company: 60 distinct numbers without a gap.
    const numbers = rows.map((d) => d.number).sort();
    expect(new Set(numbers).size).to.equal(60);
    const tails = numbers.map((n) => Number(/(\d+)$/.exec(n)![1])).sort((a, b) => a - b);
    expect(tails[tails.length - 1] - tails[0]).to.equal(59);
  });

  it('the reminders job on both workers at once sends each step once', async () => {
    await both('2027-05-10T06:01:00Z');
    const company = await makeCompany(one);
    const key = (await makeApiKey(one, company)).key;
    const put = await one.put('/api/v1/settings/reminder-steps', { steps: [{ days: 1 }, { days: 7 }] }, company.token);
    expect(put.status, put.text).to.equal(200);
    const eightDaysAgo = czechDate(dayjs('2027-05-10T06:01:00Z').subtract(8, 'day').toDate());
    const docs = [];
    for (let i = 0; i < 10; i++) {
      const contact = await makeContact(one, key, { name: `Odběratel ${i}`, email: `two-${i}@example.cz` });
      docs.push(
        await makeDocument(one, key, {
          status: 'ISSUED',
          contactId: contact.id,
          issuedAt: eightDaysAgo,
          dueAt: eightDaysAgo,
        }),
      );
    }
    const runs = [one, two].map((app) => app.app.container.services.reminders.reminderRun);
    const sent = await Promise.all(runs.flatMap((r) => [r.run(), r.run()]));
    // Catch-up: only the latest due step (+7), once per invoice.
    expect(sent.reduce((a, b) => a + b, 0)).to.equal(10);
    for (const doc of docs) {
      const record = await one.get(`/api/v1/documents/${doc.id}/reminders`, key);
      expect(record.status, record.text).to.equal(200);
      expect(record.body.sent.map((r: { days: number }) => r.days)).to.deep.equal([7]);
    }
  });
});
