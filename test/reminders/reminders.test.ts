import { expect } from 'chai';
import { CZ_TZ, czechDate, dayjs } from '../../src/core/clock';
import { startTestApp, type TestApp } from '../helpers/app';
import { type Company, makeApiKey, makeCompany, makeContact, makeDocument } from '../helpers/fixtures';
import { orgEventEntries } from '../helpers/outbox';
import { messageText, startSmtpServer } from '../helpers/smtp';

type Smtp = Awaited<ReturnType<typeof startSmtpServer>>;

describe('reminders: the daily 08:00 Prague job e-mails each due step once (real SMTP)', () => {
  let smtp: Smtp;
  let app: TestApp;
  let company: Company;
  let key: string;
  // 06:00 in Prague; the job's first run is 08:00 the same day.
  const start = '2026-06-17T04:00:00.000Z';
  const firstRun = dayjs.tz('2026-06-17 08:00', CZ_TZ);
  const day = (n: number) => czechDate(firstRun.add(n, 'day').toDate());

  before(async () => {
    smtp = await startSmtpServer();
    app = await startTestApp({ SMTP_URL: smtp.url, MAIL_POLL_MS: '20' }, { clockStart: start });
    company = await makeCompany(app, { companyName: 'Dodavatel s.r.o.' });
    key = (await makeApiKey(app, company)).key;
  });
  after(async () => {
    await app.stop();
    await smtp.stop();
  });

  /** Runs the jobs due at 08:01 Prague on the n-th day after the first run. */
  async function runDay(n: number): Promise<void> {
    const at = firstRun.add(n, 'day').add(1, 'minute').toDate();
    expect((await app.post('/api/test/clock', { now: at.toISOString() })).status).to.equal(200);
    expect((await app.post('/api/test/jobs/run-due', {})).status).to.equal(200);
  }

  async function invoice(email: string, dueAt: string, overrides: Record<string, unknown> = {}): Promise<any> {
    const contact = await makeContact(app, key, { name: `Odběratel ${email}`, email, ...overrides });
    return makeDocument(app, key, { status: 'ISSUED', contactId: contact.id, issuedAt: day(-20), dueAt });
  }

  const mailsTo = (address: string) =>
    smtp.received.filter((m) => m.to.includes(address)).map((m) => messageText(m.raw));

  it('sends −3, +1, +7, +14 each once; none to a paid or switched-off invoice; catch-up sends only the latest due step', async () => {
    const put = await app.put(
      '/api/v1/settings/reminder-steps',
      {
        steps: [{ days: 14 }, { days: -3 }, { days: 1 }, { days: 7, active: true }, { days: 30, active: false }],
      },
      company.token,
    );
    expect(put.status, put.text).to.equal(200);
    expect(put.body.steps.map((s: any) => [s.days, s.active])).to.deep.equal([
      [-3, true],
      [1, true],
      [7, true],
      [14, true],
      [30, false],
    ]);
    const read = await app.get('/api/v1/settings/reminder-steps', company.token);
    expect(read.body).to.deep.equal(put.body);
    expect(
      (await app.put('/api/v1/settings/reminder-steps', { steps: [{ days: 1 }, { days: 1 }] }, company.token)).status,
    ).to.equal(400);

    const onTime = await invoice('ontime@example.cz', day(3));
    const paidLater = await invoice('paidlater@example.cz', day(3));
    const late = await invoice('late@example.com', day(-10), { language: 'en' });
    const paid = await makeDocument(app, key, {
      status: 'PAID',
      contactId: (await makeContact(app, key, { name: 'Zaplaceno', email: 'paid@example.cz' })).id,
      issuedAt: day(-20),
      dueAt: day(-5),
    });
    const silenced = await invoice('silenced@example.cz', day(3));
    const switched = await app.put(`/api/v1/documents/${silenced.id}/reminders`, { enabled: false }, key);
    expect(switched.status, switched.text).to.equal(200);
    expect(switched.body).to.deep.equal({ enabled: false, sent: [] });
    const off = await makeContact(app, key, { name: 'Bez e-mailu' });
    await makeDocument(app, key, { status: 'ISSUED', contactId: off.id, issuedAt: day(-20), dueAt: day(-5) });

    for (let n = 0; n <= 20; n++) {
      await runDay(n);
      if (n === 0) {
        // Run again at the same time: nothing more is sent.
        await app.post('/api/test/jobs/run-due', {});
        expect(await app.app.container.services.reminders.reminderRun.run()).to.equal(0);
      }
      if (n === 2) {
        const res = await app.post(`/api/v1/documents/${paidLater.id}/transition`, { status: 'PAID' }, key);
        expect(res.status, res.text).to.equal(200);
      }
    }

    // onTime: due on day 3 → −3 on day 0, +1 on day 4, +7 on day 10, +14 on day 17; +30 is inactive.
    const onTimeMails = mailsTo('ontime@example.cz');
    expect(onTimeMails).to.have.length(4);
    // The company's REMINDER template (Faktura's defaults: before the due day, then after it).
    expect(onTimeMails[0]).to.contain(`připomínáme, že faktura ${onTime.number} je splatná`);
    expect(onTimeMails[1]).to.contain(`(dní po splatnosti: 1)`);
    expect(onTimeMails[3]).to.contain(`(dní po splatnosti: 14)`);
    // paidLater got its −3 reminder on day 0, then was paid.
    expect(mailsTo('paidlater@example.cz')).to.have.length(1);
    // late: 10 days overdue at the first run → only +7 (not −3 or +1), then +14 on day 4.
    const lateMails = mailsTo('late@example.com');
    expect(lateMails).to.have.length(2);
    // The +7 step's e-mail, sent 10 days after the due date, says how late the invoice really is.
    expect(lateMails[0]).to.contain(`invoice ${late.number}, due on`).and.contain('(10 days overdue)');
    expect(lateMails[1]).to.contain('(14 days overdue)');
    expect(mailsTo('paid@example.cz')).to.deep.equal([]);
    void paid;

    expect(mailsTo('silenced@example.cz')).to.deep.equal([]);
    const record = await app.get(`/api/v1/documents/${onTime.id}/reminders`, key);
    expect(record.status, record.text).to.equal(200);
    expect(record.body.enabled).to.equal(true);
    expect(record.body.sent.map((r: any) => [r.days, czechDate(new Date(r.sentAt))])).to.deep.equal([
      [-3, day(0)],
      [1, day(4)],
      [7, day(10)],
      [14, day(17)],
    ]);
    expect((await app.get(`/api/v1/documents/${onTime.id}/reminders`, (await makeCompany(app)).token)).status).to.equal(
      404,
    );

    const sent = (await orgEventEntries(app, company.organizationId)).filter((e) => e.event === 'document.sent');
    // Four reminders of onTime, one of paidLater, two of late (the order within a run is the job's).
    expect(sent.map((e) => `${e.data.number} ${e.data.emailType} ${e.data.sentTo}`).sort()).to.deep.equal([
      ...Array<string>(4).fill(`${onTime.number} REMINDER ontime@example.cz`),
      `${paidLater.number} REMINDER paidlater@example.cz`,
      ...Array<string>(2).fill(`${late.number} REMINDER late@example.com`),
    ]);
    const rows = await app.app.container.orm.em
      .fork()
      .execute('SELECT count(*)::int AS n FROM reminders_sent WHERE organization_id = ?', [company.organizationId]);
    expect(rows[0].n).to.equal(7);
  });

  it('two runs at once send a step once (the unique key, not a hope)', async () => {
    const other = await makeCompany(app);
    expect((await app.put('/api/v1/settings/reminder-steps', { steps: [{ days: 1 }] }, other.token)).status).to.equal(
      200,
    );
    const otherKey = (await makeApiKey(app, other)).key;
    const contact = await makeContact(app, otherKey, { name: 'Souběh', email: 'race@example.cz' });
    const now = new Date((await app.get('/api/test/clock')).body.now as string);
    const yesterday = czechDate(dayjs(now).subtract(1, 'day').toDate());
    const doc = await makeDocument(app, otherKey, {
      status: 'ISSUED',
      contactId: contact.id,
      issuedAt: yesterday,
      dueAt: yesterday,
    });
    const { reminderRun } = app.app.container.services.reminders;
    const counts = await Promise.all([reminderRun.run(), reminderRun.run(), reminderRun.run()]);
    expect(counts.reduce((a, b) => a + b, 0)).to.equal(1);
    const record = await app.get(`/api/v1/documents/${doc.id}/reminders`, otherKey);
    expect(record.body.sent.map((r: any) => r.days)).to.deep.equal([1]);
  });
});
