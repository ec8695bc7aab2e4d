import { expect } from 'chai';
import { query } from '../../src/core/db/sql';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeCompany, makeContact } from '../helpers/fixtures';

/** The pool's statement_timeout and idle_in_transaction_session_timeout (DB_*_TIMEOUT_MS). */
describe('database pool timeouts', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp({ DB_STATEMENT_TIMEOUT_MS: '300', DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: '300' });
  });
  after(() => app.stop());

  async function stillHealthy(): Promise<void> {
    expect((await app.get('/healthz')).status).to.equal(200);
    const co = await makeCompany(app);
    const contact = await makeContact(app, co.token, { name: 'Po výpadku' });
    expect((await app.get(`/api/v1/contacts/${contact.id}`, co.token)).status).to.equal(200);
  }

  it('has every pooled connection carry both limits', async () => {
    const [row] = await query<{ statement: string; idle: string }>(
      app.app.container.orm.em.fork(),
      `SELECT current_setting('statement_timeout') AS statement,
              current_setting('idle_in_transaction_session_timeout') AS idle`,
    );
    expect(row).to.deep.equal({ statement: '300ms', idle: '300ms' });
  });

  it('cancels a statement running longer than DB_STATEMENT_TIMEOUT_MS; the app stays healthy', async () => {
    const started = Date.now();
    const err = await query(app.app.container.orm.em.fork(), 'SELECT pg_sleep(5)').then(
      () => null,
      (e: Error & { code?: string }) => e,
    );
    expect(err?.code).to.equal('57014');
    expect(Date.now() - started).to.be.below(4000);
    await stillHealthy();
  });

  it('ends a transaction left idle longer than DB_IDLE_IN_TRANSACTION_TIMEOUT_MS; the app stays healthy', async () => {
    const err = await app.app.container.orm.em
      .fork()
      .transactional(async (em) => {
        await query(em, 'SELECT 1');
        // Real time: the server measures the idle time itself.
        await new Promise((resolve) => setTimeout(resolve, 800));
        await query(em, 'SELECT 1');
      })
      .then(
        () => null,
        (e: Error) => e,
      );
    expect(err).to.be.an('error');
    await stillHealthy();
    await stillHealthy();
    // The closed connection, found when the pool handed it out again, is reported in the app's log.
    expect(app.logs.filter((l) => l.includes('knex: Connection Error'))).to.have.length.above(0);
  });
});
