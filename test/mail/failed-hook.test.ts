import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import { advanceClock } from '../helpers/controls';
import { startSmtpServer } from '../helpers/smtp';

type Smtp = Awaited<ReturnType<typeof startSmtpServer>>;

describe('mail queue: a kind’s failed hook', () => {
  let smtp: Smtp;
  let app: TestApp;
  /** What the recording kind's hook saw: the recipient, the error and the row's state inside its transaction. */
  const seen: { to: string; error: string; state: string }[] = [];

  before(async () => {
    smtp = await startSmtpServer({ refuse: (address) => address.startsWith('bounce') });
    app = await startTestApp({ SMTP_URL: smtp.url, MAIL_MAX_ATTEMPTS: '2' });
    const { mail } = app.app.container;
    const noEffect = () => Promise.resolve();
    mail.register({
      kind: 'failed-recorded',
      sent: noEffect,
      async failed(em, email, error) {
        const [row] = await em.execute<{ state: string }[]>('SELECT state FROM outbound_email WHERE id = ?', [
          email.id,
        ]);
        seen.push({ to: email.recipient, error, state: row.state });
      },
    });
    mail.register({
      kind: 'failed-throws',
      sent: noEffect,
      failed: () => Promise.reject(new Error('the hook broke')),
    });
  });
  after(async () => {
    await app.stop();
    await smtp.stop();
  });

  const enqueue = (kind: string, to: string) =>
    app.app.container.orm.em
      .fork()
      .transactional((em) =>
        app.app.container.mail.enqueue(em, { organizationId: null, kind, to, subject: to, text: to }),
      );
  const stateOf = async (to: string) => {
    const [row] = await app.app.container.orm.em
      .fork()
      .execute<{ state: string; attempts: number; last_error: string | null }[]>(
        'SELECT state, attempts, last_error FROM outbound_email WHERE recipient = ?',
        [to],
      );
    return row;
  };
  async function bothAttempts(): Promise<void> {
    await app.app.container.services.mail.sender.settle();
    await advanceClock(app, 60);
    await app.app.container.services.mail.sender.settle();
  }

  it('runs once, after the last attempt only, in the transaction that records the e-mail FAILED, with the server’s error', async () => {
    await enqueue('failed-recorded', 'bounce-recorded@refusing.example');
    await app.app.container.services.mail.sender.settle();
    expect(await stateOf('bounce-recorded@refusing.example')).to.include({ state: 'PENDING', attempts: 1 });
    expect(seen).to.deep.equal([]);
    await advanceClock(app, 60);
    await app.app.container.services.mail.sender.settle();
    expect(seen).to.have.length(1);
    expect(seen[0]).to.include({ to: 'bounce-recorded@refusing.example', state: 'FAILED' });
    expect(seen[0].error).to.include('550 Mailbox unavailable');
    expect(await stateOf('bounce-recorded@refusing.example')).to.include({ state: 'FAILED', attempts: 2 });
  });

  it('a hook that throws is logged and the e-mail is still recorded FAILED, tried no more', async () => {
    await enqueue('failed-throws', 'bounce-throws@refusing.example');
    await bothAttempts();
    const row = await stateOf('bounce-throws@refusing.example');
    expect(row).to.include({ state: 'FAILED', attempts: 2 });
    expect(row.last_error).to.include('550');
    expect(app.logs.some((l) => l.includes('the hook broke') && l.includes('with its effects failed'))).to.equal(true);
    await advanceClock(app, 86_400);
    await app.app.container.services.mail.sender.settle();
    expect(await stateOf('bounce-throws@refusing.example')).to.include({ state: 'FAILED', attempts: 2 });
  });

  it('a delivered e-mail of a kind with a failed hook does not run it', async () => {
    await enqueue('failed-recorded', 'fine@accepting.example');
    await app.app.container.services.mail.sender.settle();
    expect(await stateOf('fine@accepting.example')).to.include({ state: 'SENT', attempts: 1 });
    expect(seen.map((s) => s.to)).to.deep.equal(['bounce-recorded@refusing.example']);
  });
});
