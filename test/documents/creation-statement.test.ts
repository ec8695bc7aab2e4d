import { expect } from 'chai';
import pg from 'pg';
import { startTestApp, type TestApp } from '../helpers/app';
import { ITEM, makeApiKey, makeCompany } from '../helpers/fixtures';

/**
 * POST /documents writes with one statement (the number, the series' settings on first use, the
 * document and its events): without an Idempotency-Key it runs outside a transaction, atomic on its
 * own; with one, inside the request's transaction, which also marks the key's claim committed.
 */
describe('documents: a creation is one write', () => {
  let app: TestApp;
  let db: pg.Client;

  before(async () => {
    app = await startTestApp();
    db = new pg.Client({ connectionString: app.databaseUrl });
    await db.connect();
  });
  after(async () => {
    await db.end();
    await app.stop();
  });

  const invoice = (clientName: string) => ({ type: 'INVOICE', status: 'ISSUED', clientName, items: [ITEM] });
  const count = async (table: string, organizationId: string) =>
    Number(
      (await db.query(`SELECT count(*) AS n FROM ${table} WHERE organization_id = $1`, [organizationId])).rows[0].n,
    );

  it('a statement that fails leaves nothing: no number taken, no series settings kept, no event', async () => {
    const company = await makeCompany(app);
    const { key } = await makeApiKey(app, company);
    await db.query(`
      CREATE FUNCTION test_fail_event() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.data->>'clientName' = 'Selže' THEN RAISE EXCEPTION 'forced by the test' USING ERRCODE = 'XX000'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER test_fail_event BEFORE INSERT ON event_outbox FOR EACH ROW EXECUTE FUNCTION test_fail_event();`);
    try {
      // The series' first use fails in its last part, the event: the counter and the settings go with it.
      const failed = await app.post('/api/v1/documents', invoice('Selže'), key);
      expect(failed.status, failed.text).to.equal(500);
      expect(await count('numbering_series', company.organizationId)).to.equal(0);
      expect(await count('numbering_counters', company.organizationId)).to.equal(0);
      expect(await count('documents', company.organizationId)).to.equal(0);

      const first = await app.post('/api/v1/documents', invoice('Projde'), key);
      expect(first.status, first.text).to.equal(201);
      expect(first.body.number).to.equal('FV000001');
      const { rows } = await db.query('SELECT format, restart FROM numbering_series WHERE organization_id = $1', [
        company.organizationId,
      ]);
      expect(rows).to.deep.equal([{ format: 'FV{NNNNNN}', restart: 'NEVER' }]);

      // A later failure gives its number back too: the next creation takes it.
      expect((await app.post('/api/v1/documents', invoice('Selže'), key)).status).to.equal(500);
      const second = await app.post('/api/v1/documents', invoice('Projde'), key);
      expect(second.body.number).to.equal('FV000002');
      expect(await count('event_outbox', company.organizationId)).to.equal(2);
    } finally {
      await db.query('DROP TRIGGER test_fail_event ON event_outbox; DROP FUNCTION test_fail_event()');
    }
  });

  it('with an Idempotency-Key, the document commits in the transaction that marks the claim committed', async () => {
    const company = await makeCompany(app);
    const { key } = await makeApiKey(app, company);
    // A deferred trigger runs at COMMIT of the transaction inserting the document: it sees the claim's state there.
    await db.query(`
      CREATE TABLE test_seen_claim (state text);
      CREATE FUNCTION test_seen_claim() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO test_seen_claim SELECT state FROM idempotency_keys WHERE key = 'invoice-1';
        RETURN NULL;
      END $$;
      CREATE CONSTRAINT TRIGGER test_seen_claim AFTER INSERT ON documents DEFERRABLE INITIALLY DEFERRED
        FOR EACH ROW EXECUTE FUNCTION test_seen_claim();`);
    try {
      const send = () =>
        app.request('POST', '/api/v1/documents', {
          body: invoice('Klíč'),
          token: key,
          headers: { 'Idempotency-Key': 'invoice-1' },
        });
      const res = await send();
      expect(res.status, res.text).to.equal(201);
      expect((await db.query('SELECT state FROM test_seen_claim')).rows).to.deep.equal([{ state: 'committed' }]);
      const replay = await send();
      expect(replay.headers.get('idempotent-replayed')).to.equal('true');
      expect(replay.body).to.deep.equal(res.body);
      expect(await count('documents', company.organizationId)).to.equal(1);
    } finally {
      await db.query(
        'DROP TRIGGER test_seen_claim ON documents; DROP FUNCTION test_seen_claim(); DROP TABLE test_seen_claim',
      );
    }
  });
});
