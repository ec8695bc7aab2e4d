import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import { advanceClock, setClock } from '../helpers/controls';
import { type Company, makeApiKey, makeCompany, makeContact } from '../helpers/fixtures';
import { lastEventSeq, orgEventEntries } from '../helpers/outbox';
import { makeSeries } from '../helpers/recurring';
import { startSmtpServer } from '../helpers/smtp';

type Smtp = Awaited<ReturnType<typeof startSmtpServer>>;

const BOUNCE = 'bounce@refusing.example';
const FINE = 'fine@accepting.example';

describe('recurring series with issueAndSend: an e-mail the mail server refuses is the series’ failure (real SMTP)', () => {
  let smtp: Smtp;
  let app: TestApp;
  let company: Company;
  let key: string;
  let broken: any;
  let fine: any;
  let since: string;

  before(async () => {
    smtp = await startSmtpServer({ refuse: (address) => address === BOUNCE });
    app = await startTestApp({ SMTP_URL: smtp.url, MAIL_POLL_MS: '20', MAIL_MAX_ATTEMPTS: '2' });
    await setClock(app, '2027-01-10T10:00:00Z');
    company = await makeCompany(app, { companyName: 'Odmítnutá s.r.o.' });
    key = (await makeApiKey(app, company)).key;
  });
  after(async () => {
    await app.stop();
    await smtp.stop();
  });

  const generate = () => app.app.container.services.recurring.recurringGenerator.run();
  const delivered = () => app.app.container.services.mail.sender.settle();
  /** Sends what is due, then (after the retry's backoff, MAIL_RETRY_BASE_SECONDS) the second and last attempt. */
  async function bothAttempts(): Promise<void> {
    await delivered();
    await advanceClock(app, 60);
    await delivered();
  }
  const seriesOf = async (id: string) => (await app.get(`/api/v1/recurring-series/${id}`, key)).body;
  const documentsOf = async (id: string): Promise<any[]> => {
    const res = await app.get(`/api/v1/recurring-series/${id}/documents`, key);
    expect(res.status, res.text).to.equal(200);
    return Promise.all(
      (res.body.data as { documentId: string }[]).map(
        async (o) => (await app.get(`/api/v1/documents/${o.documentId}`, key)).body,
      ),
    );
  };
  const notifications = async (seriesId: string) =>
    ((await app.get('/api/v1/notifications?limit=100', key)).body.data as { type: string; message: string }[]).filter(
      (n) => n.type === 'recurring_series.failed' && n.message.includes(seriesId),
    );
  const failedEvents = async (seriesId: string) =>
    (await orgEventEntries(app, company.organizationId, since)).filter(
      (e) => e.event === 'recurring_series.failed' && e.data.id === seriesId,
    );
  const emailStates = async (recipient: string) =>
    (
      await app.app.container.orm.em
        .fork()
        .execute<{ state: string; attempts: number }[]>(
          'SELECT state, attempts FROM outbound_email WHERE recipient = ? ORDER BY created_at',
          [recipient],
        )
    ).map((r) => `${r.state}/${r.attempts}`);

  it('after the last refused attempt the series shows the refusal in lastError, notifies once and records recurring_series.failed once; it stays ACTIVE, the documents ISSUED, another series’ e-mail goes', async () => {
    const bounce = await makeContact(app, key, { name: 'Odmítá s.r.o.', email: BOUNCE });
    const accepting = await makeContact(app, key, { name: 'Přijímá s.r.o.', email: FINE });
    since = await lastEventSeq(app);
    broken = await makeSeries(app, key, { contactId: bounce.id, issueAndSend: true });
    fine = await makeSeries(app, key, { contactId: accepting.id, issueAndSend: true, count: 1 });
    // A worker back on 28 February catches up 31 January and 28 February: two e-mails, both refused.
    await setClock(app, '2027-02-28T05:00:00Z');
    expect(await generate()).to.equal(3);

    await delivered();
    // The first refusal is retried: no failure yet.
    expect(await emailStates(BOUNCE)).to.deep.equal(['PENDING/1', 'PENDING/1']);
    expect((await seriesOf(broken.id)).lastError).to.equal(null);
    await advanceClock(app, 60);
    await delivered();
    expect(await emailStates(BOUNCE)).to.deep.equal(['FAILED/2', 'FAILED/2']);

    const series = await seriesOf(broken.id);
    expect(series).to.include({ status: 'ACTIVE', nextDate: '2027-03-31' });
    const docs = await documentsOf(broken.id);
    expect(docs.map((d) => d.status)).to.deep.equal(['ISSUED', 'ISSUED']);
    // The later failure of the episode updated the message: it names one of the two documents.
    expect(docs.map((d) => d.number)).to.include(series.lastError.match(/^The e-mail of (\S+) to /)?.[1]);
    expect(series.lastError).to.include(`to ${BOUNCE} failed:`);
    expect(series.lastError).to.include('550 Mailbox unavailable');

    const [notification, ...more] = await notifications(broken.id);
    expect(more).to.deep.equal([]);
    expect(notification.message).to.include('its e-mail failed');
    expect(notification.message).to.include('550 Mailbox unavailable');
    const failed = await failedEvents(broken.id);
    expect(failed).to.have.length(1);
    expect(failed[0].data.error).to.include('550 Mailbox unavailable');
    expect(failed[0].data.status).to.equal('ACTIVE');

    // The other series: delivered, its document SENT, nothing kept as a failure.
    expect(smtp.received.filter((m) => m.to.includes(FINE))).to.have.length(1);
    expect(smtp.received.filter((m) => m.to.includes(BOUNCE))).to.deep.equal([]);
    expect((await seriesOf(fine.id)).lastError).to.equal(null);
    expect((await documentsOf(fine.id)).map((d) => d.status)).to.deep.equal(['SENT']);
    expect(await notifications(fine.id)).to.deep.equal([]);
  });

  it('the next generation ends the episode (lastError cleared); its e-mail refused again opens a new one with its own notification', async () => {
    await setClock(app, '2027-03-31T05:00:00Z');
    expect(await generate()).to.equal(1);
    expect((await seriesOf(broken.id)).lastError).to.equal(null);
    await bothAttempts();
    const series = await seriesOf(broken.id);
    const [march] = await documentsOf(broken.id);
    expect(series.lastError).to.include(`The e-mail of ${march.number} to ${BOUNCE} failed:`);
    expect(await notifications(broken.id)).to.have.length(2);
    expect(await failedEvents(broken.id)).to.have.length(2);
  });

  it('a refused e-mail that is not the series’ own (send-email of a generated document) is not the series’ failure', async () => {
    await setClock(app, '2027-04-30T05:00:00Z');
    expect(await generate()).to.equal(1);
    const [april] = await documentsOf(broken.id);
    const res = await app.post(`/api/v1/documents/${april.id}/send-email`, { to: BOUNCE }, key);
    expect(res.status).to.equal(502);
    expect((await seriesOf(broken.id)).lastError).to.equal(null);
  });
});
