import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { Client } from 'pg';
import { SMTPServer } from 'smtp-server';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeAutomation, manualRun, runsOf, settle } from '../helpers/automations';
import { type Company, makeCompany, makeDocument } from '../helpers/fixtures';
import { startSmtpServer } from '../helpers/smtp';

type Smtp = Awaited<ReturnType<typeof startSmtpServer>>;

interface EmailRow {
  recipient: string;
  state: string;
  attempts: number;
  last_error: string | null;
  next_attempt_at: string | null;
  sent_at: string | null;
  message_id: string | null;
}

async function emailRows(app: TestApp, recipient: string): Promise<EmailRow[]> {
  return app.app.container.orm.em
    .fork()
    .execute(
      'SELECT recipient, state, attempts, last_error, next_attempt_at, sent_at, message_id FROM outbound_email WHERE recipient = ? ORDER BY created_at',
      [recipient],
    );
}

/** Real time: waits for something another process or socket does (not a rule of the business). */
async function until(what: string, check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function advance(app: TestApp, seconds: number): Promise<void> {
  const res = await app.post('/api/test/clock', { advanceSeconds: seconds });
  expect(res.status, res.text).to.equal(200);
}

const sentTo = (smtp: Smtp, address: string) => smtp.received.filter((m) => m.to.includes(address));

/** A rule run by hand that e-mails `to` (literal values: no document needed). */
async function mailingRule(app: TestApp, co: Company, to: string): Promise<any> {
  return makeAutomation(app, co.token, {
    name: `Mail ${to}`,
    triggerType: 'MANUAL',
    triggerEvent: null,
    actions: [{ type: 'SEND_EMAIL', params: { to, subject: `For ${to}`, body: 'Hello' } }],
  });
}

/**
 * In front of a real SMTP server: the first connection is accepted and never greeted (a mail server
 * that hangs); every later one is passed through.
 */
async function hangingFirstConnection(target: Smtp): Promise<{ url: string; held: number; stop(): Promise<void> }> {
  const { port: targetPort } = new URL(target.url);
  const sockets = new Set<net.Socket>();
  const state = { held: 0 };
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
    if (state.held === 0) {
      state.held++;
      return;
    }
    const upstream = net.connect(Number(targetPort), '127.0.0.1');
    upstream.on('error', () => socket.destroy());
    socket.pipe(upstream).pipe(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    get held() {
      return state.held;
    },
    stop: () => {
      for (const s of sockets) s.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

describe('mail queue: e-mail outside transactions', () => {
  describe('SMTP timeouts and retries', () => {
    let smtp: Smtp;
    let proxy: Awaited<ReturnType<typeof hangingFirstConnection>>;
    let app: TestApp;
    before(async () => {
      smtp = await startSmtpServer();
      proxy = await hangingFirstConnection(smtp);
      app = await startTestApp({ SMTP_URL: proxy.url, MAIL_GREETING_TIMEOUT_MS: '1500', MAIL_POLL_MS: '20' });
    });
    after(async () => {
      await app.stop();
      await proxy.stop();
      await smtp.stop();
    });

    it('a server that never greets fails the attempt after the greeting timeout while other companies’ mails go; retried with backoff', async () => {
      const slow = await makeCompany(app);
      const other = await makeCompany(app);
      const hung = await mailingRule(app, slow, 'hung@slow.example');
      const fine = await mailingRule(app, other, 'fine@other.example');

      expect((await manualRun(app, slow.token, hung.id, { organizationId: slow.organizationId })).status).to.equal(
        'COMPLETED',
      );
      await until('the worker to connect to the hanging server', () => proxy.held === 1);
      expect((await manualRun(app, other.token, fine.id, { organizationId: other.organizationId })).status).to.equal(
        'COMPLETED',
      );
      await until('the other company’s mail', () => sentTo(smtp, 'fine@other.example').length === 1);
      // The SMTP server has the message a moment before the sender records it SENT.
      await until(
        'the other company’s mail recorded',
        async () => (await emailRows(app, 'fine@other.example'))[0].state === 'SENT',
      );
      // Delivered while the first one still waits for its greeting.
      expect((await emailRows(app, 'hung@slow.example'))[0].state).to.equal('SENDING');
      expect((await emailRows(app, 'fine@other.example'))[0]).to.deep.include({ state: 'SENT', attempts: 1 });

      await until(
        'the greeting timeout',
        async () => (await emailRows(app, 'hung@slow.example'))[0].state !== 'SENDING',
      );
      const now = Date.parse((await app.get('/api/test/clock')).body.now);
      const [failed] = await emailRows(app, 'hung@slow.example');
      expect(failed).to.deep.include({ state: 'PENDING', attempts: 1, sent_at: null });
      expect(failed.last_error).to.match(/greeting/i);
      // MAIL_RETRY_BASE_SECONDS (60) after the failure, by the Clock.
      const wait = Date.parse(String(failed.next_attempt_at)) - now;
      expect(wait).to.be.within(55_000, 60_000);

      await settle(app);
      expect(sentTo(smtp, 'hung@slow.example')).to.have.length(0);
      await advance(app, 60);
      await settle(app);
      expect(sentTo(smtp, 'hung@slow.example')).to.have.length(1);
      const [sent] = await emailRows(app, 'hung@slow.example');
      expect(sent).to.deep.include({ state: 'SENT', attempts: 2, last_error: null });
      expect(sent.message_id).to.be.a('string');
    });
  });

  it('an e-mail with an HTML alternative and an inline image goes out as multipart/alternative with the image by Content-ID', async () => {
    const smtp = await startSmtpServer();
    const app = await startTestApp({ SMTP_URL: smtp.url, MAIL_POLL_MS: '20' });
    try {
      const { mail, orm } = app.app.container;
      const png = Buffer.from('89504e470d0a1a0a', 'hex');
      await orm.em.fork().transactional((em) =>
        mail.enqueue(em, {
          organizationId: null,
          kind: 'html',
          to: 'html@mail.example',
          subject: 'Žluťoučký kůň',
          text: 'Plain text',
          html: '<p>HTML <img src="cid:qr@faktura"></p>',
          attachments: [{ filename: 'qr.png', contentType: 'image/png', content: png, cid: 'qr@faktura' }],
        }),
      );
      await until('the e-mail', () => sentTo(smtp, 'html@mail.example').length === 1);
      const raw = sentTo(smtp, 'html@mail.example')[0].raw;
      expect(raw).to.match(/multipart\/alternative/);
      expect(raw).to.match(/Content-Type: text\/plain/);
      expect(raw).to.match(/Content-Type: text\/html/);
      expect(raw).to.match(/Content-ID: <qr@faktura>/);
      expect(raw).to.include(png.toString('base64'));
    } finally {
      await app.stop();
      await smtp.stop();
    }
  });

  it('retention deletes sent and failed e-mails after RETENTION_EMAILS_DAYS and keeps those still waiting to be sent', async () => {
    // No SMTP_URL: e-mails are kept in outbound_email once sent.
    const app = await startTestApp();
    try {
      const { mail, orm } = app.app.container;
      await orm.em.fork().transactional(async (em) => {
        for (const to of ['sent@keep.example', 'waiting@keep.example'])
          await mail.enqueue(em, { organizationId: null, kind: 'retention', to, subject: to, text: to });
      });
      await settle(app);
      expect((await emailRows(app, 'sent@keep.example'))[0].state).to.equal('SENT');
      // One still waiting (its next attempt far away) is not the retention's to delete.
      await orm.em
        .fork()
        .execute(
          "UPDATE outbound_email SET state = 'PENDING', next_attempt_at = 'infinity' WHERE recipient = 'waiting@keep.example'",
        );
      await advance(app, 91 * 86_400);
      await settle(app);
      expect(await emailRows(app, 'sent@keep.example')).to.deep.equal([]);
      expect((await emailRows(app, 'waiting@keep.example')).map((r) => r.state)).to.deep.equal(['PENDING']);
    } finally {
      await app.stop();
    }
  });

  it('after MAIL_MAX_ATTEMPTS refusals the e-mail is FAILED with the server’s error and tried no more; send-email answers with the refusal', async () => {
    const refusing = await startSmtpServer({ refuse: (address) => address.startsWith('bounce') });
    const app = await startTestApp({ SMTP_URL: refusing.url, MAIL_MAX_ATTEMPTS: '2' });
    try {
      const co = await makeCompany(app);
      const rule = await mailingRule(app, co, 'bounce@refusing.example');
      // send-email answers at once with the server's refusal.
      const doc = await makeDocument(app, co.token, { status: 'ISSUED' });
      const res = await app.post(
        `/api/v1/documents/${doc.id}/send-email`,
        { to: 'bounce-doc@refusing.example' },
        co.token,
      );
      expect(res.status).to.equal(502);
      expect(res.body).to.deep.equal({
        error: 'Bad Gateway',
        code: 'MAIL_FAILED',
        message: 'The mail server refused the e-mail (550 Mailbox unavailable); the document was not changed',
      });

      await manualRun(app, co.token, rule.id, { organizationId: co.organizationId });
      await settle(app);
      expect((await emailRows(app, 'bounce@refusing.example'))[0]).to.deep.include({ state: 'PENDING', attempts: 1 });
      await advance(app, 60);
      await settle(app);
      const [failed] = await emailRows(app, 'bounce@refusing.example');
      expect(failed).to.deep.include({ state: 'FAILED', attempts: 2, next_attempt_at: null, sent_at: null });
      expect(failed.last_error).to.include('550');
      const metrics = (await app.get('/metrics')).text;
      expect(metrics).to.include('mail_attempts_total{kind="automation",outcome="retry"} 1');
      expect(metrics).to.include('mail_attempts_total{kind="automation",outcome="failed"} 1');
      expect(metrics).to.include('mail_attempts_total{kind="document",outcome="failed"} 1');
      await advance(app, 86_400);
      await settle(app);
      expect((await emailRows(app, 'bounce@refusing.example'))[0]).to.deep.include({ state: 'FAILED', attempts: 2 });
    } finally {
      await app.stop();
      await refusing.stop();
    }
  });

  it('SEND_EMAIL is recorded in the outbox consumer’s transaction: a pass that rolls back mails nobody, its retry mails once', async () => {
    const smtp = await startSmtpServer();
    const app = await startTestApp({ SMTP_URL: smtp.url });
    const db = new Client({ connectionString: app.databaseUrl });
    await db.connect();
    try {
      const co = await makeCompany(app);
      const rule = await makeAutomation(app, co.token, {
        actions: [{ type: 'SEND_EMAIL', params: { to: 'once@rollback.example', subject: 'New document' } }],
      });
      // The pass fails after the action recorded its e-mail: writing the run raises, the pass rolls back.
      await db.query(`CREATE FUNCTION fail_run() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'the pass fails after SEND_EMAIL'; END $$`);
      await db.query(
        `CREATE TRIGGER fail_run BEFORE INSERT ON automation_runs FOR EACH ROW
         WHEN (NEW.automation_id = '${rule.id}') EXECUTE FUNCTION fail_run()`,
      );
      await makeDocument(app, co.token);
      await settle(app);
      expect(await runsOf(app, co.token, rule.id)).to.deep.equal([]);
      expect(await emailRows(app, 'once@rollback.example')).to.deep.equal([]);
      expect(sentTo(smtp, 'once@rollback.example')).to.have.length(0);

      await db.query('DROP TRIGGER fail_run ON automation_runs');
      await advance(app, 3600);
      await settle(app);
      expect((await runsOf(app, co.token, rule.id)).map((r) => r.status)).to.deep.equal(['COMPLETED']);
      expect(sentTo(smtp, 'once@rollback.example')).to.have.length(1);
      expect((await emailRows(app, 'once@rollback.example')).map((r) => r.state)).to.deep.equal(['SENT']);
    } finally {
      await db.end();
      await app.stop();
      await smtp.stop();
    }
  });

  it('two app instances on one database deliver 300 queued e-mails, each exactly once', async function () {
    this.timeout(120_000);
    const smtp = await startSmtpServer();
    const env = { SMTP_URL: smtp.url, MAIL_CONCURRENCY: '8', MAIL_POLL_MS: '20', LOG_LEVEL: 'info' };
    const one = await startTestApp(env);
    const two = await startTestApp({ ...env, DATABASE_URL: one.databaseUrl });
    try {
      const recipients = Array.from({ length: 300 }, (_, i) => `race-${i}@example.cz`);
      await one.app.container.orm.em.fork().transactional(async (em) => {
        for (const to of recipients)
          await one.app.container.mail.enqueue(em, { organizationId: null, kind: 'race', to, subject: to, text: to });
      });
      await Promise.all([one, two].map((app) => app.app.container.services.mail.sender.settle()));
      await Promise.all([one, two].map((app) => app.app.container.services.mail.sender.settle()));

      const delivered = smtp.received.flatMap((m) => m.to).filter((to) => to.startsWith('race-'));
      expect(delivered).to.have.length(300);
      expect(new Set(delivered).size).to.equal(300);
      const states = await one.app.container.orm.em
        .fork()
        .execute("SELECT state, attempts, count(*)::int AS n FROM outbound_email WHERE kind = 'race' GROUP BY 1, 2");
      expect(states).to.deep.equal([{ state: 'SENT', attempts: 1, n: 300 }]);
      // Both instances sent some: they raced for the same rows.
      const sentBy = (app: TestApp) => app.logs.filter((l) => l.includes('"e-mail sent"')).length;
      expect(sentBy(one) + sentBy(two)).to.equal(300);
      expect(sentBy(one)).to.be.above(0);
      expect(sentBy(two)).to.be.above(0);
    } finally {
      await two.stop();
      await one.stop();
      await smtp.stop();
    }
  });

  it('stopping the app while an e-mail is being sent finishes and records it: nobody sends it again', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let dataStarted = false;
    let accepted = 0;
    const slow = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        dataStarted = true;
        stream.resume();
        stream.on('end', () => {
          void released.then(() => {
            accepted++;
            callback();
          });
        });
      },
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', () => resolve()));
    const { port } = slow.server.address() as AddressInfo;
    const env = { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_POLL_MS: '20' };
    const first = await startTestApp(env);
    const databaseUrl = first.databaseUrl;
    let second: TestApp | null = null;
    try {
      await first.app.container.orm.em.fork().transactional((em) =>
        first.app.container.mail.enqueue(em, {
          organizationId: null,
          kind: 'slow',
          to: 'a@slow.example',
          subject: 'S',
          text: 'S',
        }),
      );
      await until('the message to be under way', () => dataStarted);
      const stopping = first.stop();
      setTimeout(release, 300);
      await stopping;
      expect(accepted).to.equal(1);
      second = await startTestApp({ ...env, DATABASE_URL: databaseUrl });
      await advance(second, 3600);
      await settle(second);
      expect(accepted).to.equal(1);
      expect((await emailRows(second, 'a@slow.example')).map((r) => [r.state, r.attempts])).to.deep.equal([
        ['SENT', 1],
      ]);
    } finally {
      await second?.stop();
      await first.stop();
      await new Promise((resolve) => slow.close(() => resolve(undefined)));
    }
  });
});
