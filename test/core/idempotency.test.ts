import { expect } from 'chai';
import pg from 'pg';
import { purgeExpiredIdempotencyKeys } from '../../src/core/idempotency/purge';
import { startTestApp, type HttpResult, type TestApp } from '../helpers/app';
import { advanceClock } from '../helpers/controls';
import { ITEM, makeApiKey, makeCompany, makeContact, makeProduct, type Company } from '../helpers/fixtures';
import { startSmtpServer } from '../helpers/smtp';

/**
 * Idempotency-Key on the general API (issue 24, point 1): src/core/http/idempotency.ts.
 * Real app, real database, real HTTP; the SMTP server is a real one (test/helpers/smtp.ts).
 */
describe('Idempotency-Key on /api/v1 and GraphQL', () => {
  let app: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let company: Company;
  let key: string;
  let db: pg.Client;

  before(async () => {
    smtp = await startSmtpServer();
    app = await startTestApp({ SMTP_URL: smtp.url });
    company = await makeCompany(app);
    key = (await makeApiKey(app, company)).key;
    db = new pg.Client({ connectionString: app.databaseUrl });
    await db.connect();
  });
  after(async () => {
    await db.end();
    await app.stop();
    await smtp.stop();
  });

  const send = (method: string, path: string, body: unknown, idempotencyKey?: string, token = key) =>
    app.request(method, path, {
      body,
      token,
      headers: idempotencyKey === undefined ? {} : { 'Idempotency-Key': idempotencyKey },
    });

  /** What a client does with 409 IDEMPOTENCY_KEY_IN_USE: waits Retry-After seconds and asks again. */
  async function sendRetrying(method: string, path: string, body: unknown, idempotencyKey: string) {
    const inUse: HttpResult[] = [];
    for (let attempt = 0; attempt < 30; attempt++) {
      const res = await send(method, path, body, idempotencyKey);
      if (res.status !== 409 || res.body?.code !== 'IDEMPOTENCY_KEY_IN_USE') return { res, inUse };
      inUse.push(res);
      await new Promise((resolve) => setTimeout(resolve, Number(res.headers.get('retry-after')) * 1000));
    }
    throw new Error('the key stayed in use');
  }

  const issued = (clientName: string) => ({ type: 'INVOICE', status: 'ISSUED', clientName, items: [ITEM] });
  const sequence = (number: string) => Number(/(\d+)$/.exec(number)![1]);

  it('20 parallel identical POST /documents with one key: one document, one number, 20 answers with its id', async () => {
    const own = await makeCompany(app, { companyName: 'Souběh s.r.o.' });
    const ownKey = (await makeApiKey(app, own)).key;
    const body = issued('Paralelní s.r.o.');
    const results = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const inUse: HttpResult[] = [];
        for (;;) {
          const res = await send('POST', '/api/v1/documents', body, 'parallel-1', ownKey);
          if (res.status !== 409) return { res, inUse };
          expect(res.body.code).to.equal('IDEMPOTENCY_KEY_IN_USE');
          expect(res.headers.get('retry-after')).to.equal('1');
          inUse.push(res);
          await new Promise((resolve) => setTimeout(resolve, 1000));
        }
      }),
    );
    const ids = new Set(results.map(({ res }) => res.body.id));
    expect(ids.size, 'every answer names the same document').to.equal(1);
    for (const { res } of results) {
      expect(res.status, res.text).to.equal(201);
      expect(res.headers.get('content-type')).to.match(/^application\/json/);
    }
    const firsts = results.filter(({ res }) => res.headers.get('idempotent-replayed') !== 'true');
    expect(firsts, 'exactly one request ran').to.have.length(1);
    const numbers = new Set(results.map(({ res }) => res.body.number));
    expect(numbers.size).to.equal(1);

    const list = await app.get('/api/v1/documents?limit=200', ownKey);
    expect(list.body.data, 'one document was created').to.have.length(1);
    // One number was used: the next invoice gets the very next one.
    const next = await send('POST', '/api/v1/documents', issued('Další s.r.o.'), undefined, ownKey);
    expect(next.status, next.text).to.equal(201);
    expect(sequence(next.body.number)).to.equal(sequence([...numbers][0] as string) + 1);
  });

  it('holds across two app instances on one database: 20 parallel requests split between them, one document', async () => {
    // A second instance: its own pool, its own middleware; only the database is shared, as between processes.
    // Runs before any test moves the first instance's Clock, so both show the same time.
    const two = await startTestApp({ DATABASE_URL: app.databaseUrl });
    try {
      const own = await makeCompany(app, { companyName: 'Dvě instance s.r.o.' });
      const ownKey = (await makeApiKey(app, own)).key;
      const body = issued('Dvě instance s.r.o.');
      const answers = await Promise.all(
        Array.from({ length: 20 }, async (_, i) => {
          const target = i % 2 ? two : app;
          for (;;) {
            const res = await target.request('POST', '/api/v1/documents', {
              body,
              token: ownKey,
              headers: { 'Idempotency-Key': 'two-instances' },
            });
            if (res.status !== 409) return res;
            expect(res.body.code).to.equal('IDEMPOTENCY_KEY_IN_USE');
            await new Promise((resolve) => setTimeout(resolve, Number(res.headers.get('retry-after')) * 1000));
          }
        }),
      );
      for (const res of answers) expect(res.status, res.text).to.equal(201);
      expect(new Set(answers.map((r) => r.body.id)).size).to.equal(1);
      expect(answers.filter((r) => r.headers.get('idempotent-replayed') !== 'true')).to.have.length(1);
      expect((await app.get('/api/v1/documents?limit=200', ownKey)).body.data).to.have.length(1);
    } finally {
      await two.stop();
    }
  });

  it('replays the stored answer with Idempotent-Replayed: true; no key keeps today’s behaviour', async () => {
    const body = { name: 'Opakovaný s.r.o.' };
    const first = await send('POST', '/api/v1/contacts', body, 'contact-1');
    expect(first.status, first.text).to.equal(201);
    expect(first.headers.get('idempotent-replayed')).to.equal(null);
    const again = await send('POST', '/api/v1/contacts', body, 'contact-1');
    expect(again.status).to.equal(201);
    expect(again.headers.get('idempotent-replayed')).to.equal('true');
    expect(again.text).to.equal(first.text);
    expect(again.headers.get('content-type')).to.equal(first.headers.get('content-type'));
    expect(again.headers.get('x-request-id')).to.not.equal(first.headers.get('x-request-id'));

    const a = await send('POST', '/api/v1/contacts', body);
    const b = await send('POST', '/api/v1/contacts', body);
    expect([a.status, b.status]).to.deep.equal([201, 201]);
    expect(a.body.id).to.not.equal(b.body.id);
  });

  it('answers 422 IDEMPOTENCY_KEY_MISMATCH to the same key with another body, method or path', async () => {
    const first = await send('POST', '/api/v1/contacts', { name: 'První' }, 'mismatch-1');
    expect(first.status).to.equal(201);
    const otherBody = await send('POST', '/api/v1/contacts', { name: 'Druhý' }, 'mismatch-1');
    expect(otherBody.status, otherBody.text).to.equal(422);
    expect(otherBody.body.code).to.equal('IDEMPOTENCY_KEY_MISMATCH');
    const otherRoute = await send('PATCH', `/api/v1/contacts/${first.body.id}`, { name: 'První' }, 'mismatch-1');
    expect(otherRoute.status).to.equal(422);
    expect(otherRoute.body.code).to.equal('IDEMPOTENCY_KEY_MISMATCH');
  });

  it('refuses an empty key or one over 255 characters with 400 naming the header; 255 is fine', async () => {
    for (const bad of ['', 'k'.repeat(256)]) {
      const res = await send('POST', '/api/v1/contacts', { name: 'Klíč' }, bad);
      expect(res.status, res.text).to.equal(400);
      expect(res.body.code).to.equal('VALIDATION_FAILED');
      expect(res.body.details[0].path).to.equal('Idempotency-Key');
    }
    const longest = await send('POST', '/api/v1/contacts', { name: 'Klíč' }, 'k'.repeat(255));
    expect(longest.status, longest.text).to.equal(201);
  });

  it('stores 4xx answers too, and DELETE: a repeat answers what the first did', async () => {
    const invalid = await send('POST', '/api/v1/contacts', { name: '' }, 'invalid-1');
    expect(invalid.status).to.equal(400);
    const again = await send('POST', '/api/v1/contacts', { name: '' }, 'invalid-1');
    expect(again.status).to.equal(400);
    expect(again.headers.get('idempotent-replayed')).to.equal('true');
    expect(again.text).to.equal(invalid.text);

    const product = await makeProduct(app, key, { name: 'Smazat' });
    const gone = await send('DELETE', `/api/v1/products/${product.id}`, undefined, 'delete-1');
    expect(gone.status, gone.text).to.be.oneOf([200, 204]);
    const replay = await send('DELETE', `/api/v1/products/${product.id}`, undefined, 'delete-1');
    expect(replay.status).to.equal(gone.status);
    expect(replay.headers.get('idempotent-replayed')).to.equal('true');
  });

  it('does not store a 5xx: the key is free again and the retry runs', async () => {
    await db.query(`
      CREATE TABLE test_fail_switch (on_ boolean);
      INSERT INTO test_fail_switch VALUES (true);
      CREATE FUNCTION test_fail_contacts() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.name = 'Selže jednou' AND EXISTS (SELECT 1 FROM test_fail_switch) THEN
          RAISE EXCEPTION 'forced by the test' USING ERRCODE = 'XX000';
        END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER test_fail_contacts BEFORE INSERT ON contacts FOR EACH ROW EXECUTE FUNCTION test_fail_contacts();`);
    try {
      const body = { name: 'Selže jednou' };
      const failed = await send('POST', '/api/v1/contacts', body, 'server-error-1');
      expect(failed.status, failed.text).to.equal(500);
      const stored = await db.query(`SELECT 1 FROM idempotency_keys WHERE key = 'server-error-1'`);
      expect(stored.rowCount, 'the claim was released').to.equal(0);
      await db.query('DELETE FROM test_fail_switch');
      const retried = await send('POST', '/api/v1/contacts', body, 'server-error-1');
      expect(retried.status, retried.text).to.equal(201);
      expect(retried.headers.get('idempotent-replayed')).to.equal(null);
    } finally {
      await db.query(
        'DROP TRIGGER test_fail_contacts ON contacts; DROP FUNCTION test_fail_contacts(); DROP TABLE test_fail_switch',
      );
    }
  });

  it('marks the claim committed inside the request’s own transaction, before its answer is stored', async () => {
    // A deferred trigger runs at COMMIT of the transaction that inserts the contact: it sees the claim's state there.
    await db.query(`
      CREATE TABLE test_seen_claim (state text);
      CREATE FUNCTION test_seen_claim() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO test_seen_claim SELECT state FROM idempotency_keys WHERE key = 'mark-1';
        RETURN NULL;
      END $$;
      CREATE CONSTRAINT TRIGGER test_seen_claim AFTER INSERT ON contacts DEFERRABLE INITIALLY DEFERRED
        FOR EACH ROW EXECUTE FUNCTION test_seen_claim();`);
    try {
      const res = await send('POST', '/api/v1/contacts', { name: 'Označený' }, 'mark-1');
      expect(res.status, res.text).to.equal(201);
      expect((await db.query('SELECT state FROM test_seen_claim')).rows).to.deep.equal([{ state: 'committed' }]);
      const { rows } = await db.query(`SELECT state FROM idempotency_keys WHERE key = 'mark-1'`);
      expect(rows).to.deep.equal([{ state: 'done' }]);
    } finally {
      await db.query(
        'DROP TRIGGER test_seen_claim ON contacts; DROP FUNCTION test_seen_claim(); DROP TABLE test_seen_claim',
      );
    }
  });

  it('a claim of a process that died: taken over at once if nothing was committed, else 409 IDEMPOTENCY_ANSWER_LOST', async () => {
    const body = { name: 'Osiřelý' };
    const first = await send('POST', '/api/v1/contacts', body, 'orphan-1');
    expect(first.status, first.text).to.equal(201);
    // Another process holds the claim: its lock is held by this test's connection.
    const holder = '4242424242';
    await db.query('SELECT pg_advisory_lock($1::bigint)', [holder]);
    const claimAs = (state: string) =>
      db.query(
        `UPDATE idempotency_keys SET state = $1, holder = $2, status = NULL, headers = NULL, body = NULL WHERE key = 'orphan-1'`,
        [state, holder],
      );
    try {
      for (const state of ['running', 'committed']) {
        await claimAs(state);
        const running = await send('POST', '/api/v1/contacts', body, 'orphan-1');
        expect(running.status, running.text).to.equal(409);
        expect(running.body.code).to.equal('IDEMPOTENCY_KEY_IN_USE');
      }
    } finally {
      await db.query('SELECT pg_advisory_unlock($1::bigint)', [holder]);
    }
    // The holder is gone after committing: never run again.
    const lost = await send('POST', '/api/v1/contacts', body, 'orphan-1');
    expect(lost.status, lost.text).to.equal(409);
    expect(lost.body.code).to.equal('IDEMPOTENCY_ANSWER_LOST');
    // The holder is gone before committing anything: the retry runs now, without waiting for the stale limit.
    await claimAs('running');
    const rerun = await send('POST', '/api/v1/contacts', body, 'orphan-1');
    expect(rerun.status, rerun.text).to.equal(201);
    expect(rerun.headers.get('idempotent-replayed')).to.equal(null);
    expect(rerun.body.id).to.not.equal(first.body.id);
    const replay = await send('POST', '/api/v1/contacts', body, 'orphan-1');
    expect(replay.headers.get('idempotent-replayed')).to.equal('true');
    expect(replay.body.id).to.equal(rerun.body.id);
  });

  it('scopes keys to the credential: another API key (or company) with the same key is independent', async () => {
    const second = (await makeApiKey(app, company, 'second')).key;
    const other = await makeCompany(app, { companyName: 'Jiná s.r.o.' });
    const body = { name: 'Rozsah' };
    const mine = await send('POST', '/api/v1/contacts', body, 'scoped-1');
    const theirs = await send('POST', '/api/v1/contacts', body, 'scoped-1', second);
    const session = await send('POST', '/api/v1/contacts', body, 'scoped-1', company.token);
    const foreign = await send('POST', '/api/v1/contacts', body, 'scoped-1', other.token);
    for (const res of [mine, theirs, session, foreign]) {
      expect(res.status, res.text).to.equal(201);
      expect(res.headers.get('idempotent-replayed')).to.equal(null);
    }
    expect(new Set([mine, theirs, session, foreign].map((r) => r.body.id)).size).to.equal(4);
    // And the different body under another credential is no mismatch either.
    const different = await send('POST', '/api/v1/contacts', { name: 'Jiný' }, 'expiry-scoped', second);
    expect(different.status).to.equal(201);
  });

  it('expires keys after 24 hours by the Clock; the purge deletes them', async () => {
    const body = { name: 'Den' };
    const first = await send('POST', '/api/v1/contacts', body, 'expiry-1');
    expect(first.status).to.equal(201);
    await advanceClock(app, 23 * 3600);
    const within = await send('POST', '/api/v1/contacts', body, 'expiry-1');
    expect(within.headers.get('idempotent-replayed')).to.equal('true');
    expect(within.body.id).to.equal(first.body.id);

    const orm = app.app.container.orm;
    const clock = app.app.container.clock;
    await advanceClock(app, 3600 + 1);
    const count = async () =>
      Number((await db.query(`SELECT count(*) FROM idempotency_keys WHERE key LIKE 'expiry-%'`)).rows[0].count);
    expect(await count()).to.be.greaterThan(0);
    const purged = await purgeExpiredIdempotencyKeys(orm.em.fork(), clock, 2);
    expect(purged).to.be.greaterThan(1);
    expect(await count(), 'every key of the first day is gone').to.equal(0);

    const after = await send('POST', '/api/v1/contacts', body, 'expiry-1');
    expect(after.status).to.equal(201);
    expect(after.headers.get('idempotent-replayed')).to.equal(null);
    expect(after.body.id, 'an expired key runs the request anew').to.not.equal(first.body.id);
    // A fresh key is kept by the purge.
    expect(await purgeExpiredIdempotencyKeys(orm.em.fork(), clock)).to.equal(0);
    expect(await count()).to.equal(1);
  });

  it('takes the header on GraphQL mutations', async () => {
    const mutation = {
      query: 'mutation($name: String!) { createContact(input: { name: $name }) { id name } }',
      variables: { name: 'GraphQL s.r.o.' },
    };
    const first = await send('POST', '/graphql', mutation, 'graphql-1');
    expect(first.status, first.text).to.equal(200);
    const id = first.body.data.createContact.id;
    const again = await send('POST', '/graphql', mutation, 'graphql-1');
    expect(again.headers.get('idempotent-replayed')).to.equal('true');
    expect(again.body.data.createContact.id).to.equal(id);
    const other = await send('POST', '/graphql', { ...mutation, variables: { name: 'Jiná' } }, 'graphql-1');
    expect(other.status).to.equal(422);
    expect(other.body.code).to.equal('IDEMPOTENCY_KEY_MISMATCH');
  });

  it('a retried send-email mails the customer once', async () => {
    const contact = await makeContact(app, key, { name: 'Odběratel', email: 'ucetni@odberatel.example' });
    const doc = await send('POST', '/api/v1/documents', { ...issued('Odběratel'), contactId: contact.id });
    expect(doc.status, doc.text).to.equal(201);
    const before = smtp.received.length;
    const first = await send('POST', `/api/v1/documents/${doc.body.id}/send-email`, {}, 'mail-1');
    expect(first.status, first.text).to.equal(200);
    const { res: retried } = await sendRetrying('POST', `/api/v1/documents/${doc.body.id}/send-email`, {}, 'mail-1');
    expect(retried.status).to.equal(200);
    expect(retried.headers.get('idempotent-replayed')).to.equal('true');
    expect(smtp.received.length, 'one e-mail').to.equal(before + 1);
    const plain = await send('POST', `/api/v1/documents/${doc.body.id}/send-email`, {});
    expect(plain.status).to.equal(200);
    expect(smtp.received.length, 'without a key it sends again').to.equal(before + 2);
  });

  it('is declared in the OpenAPI description on every credentialed write of /api/v1, not on OAuth or POS', async () => {
    const doc = (await app.get('/api/v1/openapi.json')).body;
    const ref = '#/components/parameters/IdempotencyKey';
    const declares = (path: string, method: string) =>
      ((doc.paths[path][method].parameters ?? []) as { $ref?: string }[]).some((p) => p.$ref === ref);
    expect(doc.components.parameters.IdempotencyKey.schema.maxLength).to.equal(255);
    let writes = 0;
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
      for (const method of ['post', 'put', 'patch', 'delete']) {
        const op = item[method];
        if (!op) continue;
        const expected = path.startsWith('/api/v1/') && !/^\/api\/v1\/oauth\/(token|revoke|authorize)$/.test(path);
        expect(declares(path, method), `${method} ${path}`).to.equal(expected && op.security?.length !== 0);
        if (declares(path, method)) {
          writes++;
          expect(op.responses['422'].$ref).to.equal('#/components/responses/IdempotencyKeyMismatch');
        }
      }
    }
    expect(writes).to.be.greaterThan(30);
    expect(declares('/api/v1/documents', 'post')).to.equal(true);
  });

  it('leaves /api/pos to its own rules and ignores the header on public routes', async () => {
    const signup = await app.request('POST', '/api/v1/auth/signup', {
      body: { companyName: 'Veřejná s.r.o.', email: `pub-${Date.now()}@example.cz`, password: 'correct horse battery' },
      headers: { 'Idempotency-Key': 'public-1' },
    });
    expect(signup.status, signup.text).to.equal(201);
    const rows = await db.query(`SELECT 1 FROM idempotency_keys WHERE key = 'public-1'`);
    expect(rows.rowCount).to.equal(0);
  });
});
