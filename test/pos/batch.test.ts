import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { Client } from 'pg';
import { startTestApp, type TestApp } from '../helpers/app';
import { lastEventSeq, orgEvents } from '../helpers/outbox';
import { makeCompany, type Company } from '../helpers/fixtures';
import { makeDevice, nextNumber, posPost, receipt } from './pos.helpers';

/** Issue 12 point 3: POST /api/pos/documents/batch (SPEC 4.5, 7.3). */
describe('POS: batch sync', function () {
  this.timeout(120_000);
  let app: TestApp;
  let company: Company;
  let device: { id: string; token: string };

  before(async () => {
    app = await startTestApp();
    company = await makeCompany(app);
    device = await makeDevice(app, company);
  });
  after(async () => app?.stop());

  const batch = (body: unknown) => posPost(app, '/documents/batch', device.token, body, null);

  it('answers 207 with results in input order; one error never stops the rest', async () => {
    const known = randomUUID();
    const first = await posPost(app, '/documents', device.token, receipt(), known);
    const taken = first.body.data.number;
    const entries: any[] = [
      { ...receipt(), idempotencyKey: randomUUID() },
      { ...receipt({ items: [{ name: 'x', quantity: 1, unitPrice: 1, vatRate: 15 }] }), idempotencyKey: randomUUID() },
      { ...receipt(), idempotencyKey: known },
      { ...receipt({ number: taken }), idempotencyKey: randomUUID() },
      receipt(),
      'not an object',
      { ...receipt(), idempotencyKey: randomUUID() },
    ];
    const res = await batch({ documents: entries });
    expect(res.status, res.text).to.equal(207);
    const results = res.body.data.results;
    expect(results.map((r: any) => [r.index, r.status, r.code, r.httpStatus])).to.deep.equal([
      [0, 'CREATED', null, null],
      [1, 'ERROR', 'VALIDATION_FAILED', 400],
      [2, 'REPLAYED', null, null],
      [3, 'ERROR', 'CONFLICT', 409],
      [4, 'ERROR', 'VALIDATION_FAILED', 400],
      [5, 'ERROR', 'VALIDATION_FAILED', 400],
      [6, 'CREATED', null, null],
    ]);
    expect(results[1].error).to.include('items[0].vatRate');
    expect(results[4].error).to.include('idempotencyKey');
    expect(results[2].document).to.deep.equal(first.body.data);
    expect(results[0].document).to.include({ number: entries[0].number, status: 'PAID', posDeviceId: device.id });
    expect(results[0].document.issuedAt).to.equal('2026-06-17T08:30:00.000Z');
    expect(results[1].document).to.equal(null);
  });

  it('a failed entry leaves its key free; a replayed batch creates nothing new', async () => {
    const key = randomUUID();
    const bad = await batch({ documents: [{ ...receipt({ currency: 'EUR' }), idempotencyKey: key }] });
    expect(bad.body.data.results[0].status).to.equal('ERROR');
    const entries = [
      { ...receipt(), idempotencyKey: key },
      { ...receipt(), idempotencyKey: randomUUID() },
    ];
    const once = await batch({ documents: entries });
    expect(once.body.data.results.map((r: any) => r.status)).to.deep.equal(['CREATED', 'CREATED']);
    const twice = await batch({ documents: entries });
    expect(twice.body.data.results.map((r: any) => r.status)).to.deep.equal(['REPLAYED', 'REPLAYED']);
    expect(twice.body.data.results.map((r: any) => r.document.id)).to.deep.equal(
      once.body.data.results.map((r: any) => r.document.id),
    );
  });

  it('shares the issue key space with single calls', async () => {
    const key = randomUUID();
    const single = await posPost(app, '/documents', device.token, receipt(), key);
    const res = await batch({ documents: [{ ...receipt(), idempotencyKey: key }] });
    expect(res.body.data.results[0]).to.include({ status: 'REPLAYED' });
    expect(res.body.data.results[0].document.id).to.equal(single.body.data.id);
  });

  it('is 400 only for a missing or empty documents array, or more than 1,000 entries; 1,000 is fine', async () => {
    for (const body of [{}, { documents: [] }, { documents: 'x' }]) {
      const res = await batch(body);
      expect(res.status, JSON.stringify(body)).to.equal(400);
      expect(res.body.code).to.equal('VALIDATION_FAILED');
    }
    const tooMany = await batch({ documents: Array.from({ length: 1001 }, () => ({})) });
    expect(tooMany.status).to.equal(400);
    const thousand = Array.from({ length: 1000 }, () => ({ ...receipt(), idempotencyKey: randomUUID() }));
    const res = await batch({ documents: thousand });
    expect(res.status).to.equal(207);
    expect(res.body.data.results).to.have.length(1000);
    expect(res.body.data.results.every((r: any, i: number) => r.index === i && r.status === 'CREATED')).to.equal(true);
  });

  it('entries written together store the same rows and events as entries written one by one; repeated keys and numbers keep their order', async () => {
    const invoice = (number: string) =>
      receipt({
        number,
        documentType: 'INVOICE',
        customer: { name: 'Firma s.r.o.', city: 'Brno', zip: ' 602 00 ' },
        dueAt: '2026-07-01',
        note: 'Díky',
        items: [{ name: 'Rohlík', quantity: 3.5, unitPrice: 2.9, vatRate: 12, unit: 'ks' }],
      });
    const [k1, k5, shared] = [randomUUID(), randomUUID(), nextNumber()];
    const [oneByOne, together] = [nextNumber('FV-'), nextNumber('FV-')];
    const entries = [
      { ...receipt({ items: [{ name: 'x', quantity: 1, unitPrice: 1, vatRate: 15 }] }), idempotencyKey: k1 },
      { ...invoice(oneByOne), idempotencyKey: k1 },
      { ...invoice(together), idempotencyKey: randomUUID() },
      { ...receipt({ number: shared }), idempotencyKey: randomUUID() },
      { ...receipt({ number: shared }), idempotencyKey: randomUUID() },
      { ...receipt(), idempotencyKey: k5 },
      { ...receipt(), idempotencyKey: k5 },
      { ...receipt(), idempotencyKey: randomUUID() },
    ];
    const after = await lastEventSeq(app);
    const res = await batch({ documents: entries });
    const results = res.body.data.results;
    expect(results.map((r: any) => [r.status, r.httpStatus])).to.deep.equal([
      ['ERROR', 400],
      ['CREATED', null],
      ['CREATED', null],
      ['CREATED', null],
      ['ERROR', 409],
      ['CREATED', null],
      ['REPLAYED', null],
      ['CREATED', null],
    ]);
    expect(results[6].document).to.deep.equal(results[5].document);
    const db = new Client({ connectionString: app.databaseUrl });
    await db.connect();
    try {
      const rows = (
        await db.query('SELECT * FROM documents WHERE id = ANY($1) ORDER BY number', [
          [results[1].document.id, results[2].document.id],
        ])
      ).rows;
      const comparable = (r: any) => {
        const {
          id: _i,
          number: _n,
          variable_symbol: _v,
          public_token: token,
          created_at: _c,
          updated_at: _u,
          ...rest
        } = r;
        expect(token).to.match(/^fpd_[0-9a-f]{64}$/);
        return rest;
      };
      expect(rows).to.have.length(2);
      expect(comparable(rows[0])).to.deep.equal(comparable(rows[1]));
      expect(rows[1]).to.include({
        status: 'ISSUED',
        pos_document_kind: 'INVOICE',
        client_name: 'Firma s.r.o.',
        note: 'Díky',
        payment_method: null,
        pos_device_id: device.id,
      });
      expect(rows[1].customer_details).to.deep.equal({ city: 'Brno', zip: '602 00' });
      const keys = (
        await db.query('SELECT key, document_id FROM pos_idempotency_keys WHERE device_id = $1 AND key = ANY($2)', [
          device.id,
          [k1, k5],
        ])
      ).rows;
      expect(Object.fromEntries(keys.map((k: any) => [k.key, k.document_id]))).to.deep.equal({
        [k1]: results[1].document.id,
        [k5]: results[5].document.id,
      });
    } finally {
      await db.end();
    }
    const events = await orgEvents(app, company.organizationId, after);
    const created = events.filter(([e]) => e === 'document.created').map(([, d]) => d.id);
    expect(created).to.have.members([1, 2, 3, 5, 7].map((i) => results[i].document.id));
    expect(events.filter(([e]) => e === 'document.paid').map(([, d]) => d.id)).to.have.members(
      [3, 5, 7].map((i) => results[i].document.id),
    );
    const data = (i: number) =>
      events.find(([e, d]) => e === 'document.created' && d.id === results[i].document.id)![1];
    expect({ ...data(1), id: 0, number: 0 }).to.deep.equal({ ...data(2), id: 0, number: 0 });
  });

  it('a number taken by a concurrent writer while the entries are written together: they go one by one, that one 409, the rest created', async () => {
    const seed = await posPost(app, '/documents', device.token, receipt());
    const clash = nextNumber();
    const other = new Client({ connectionString: app.databaseUrl });
    await other.connect();
    try {
      // Another writer holds the number, uncommitted: the batch's checks cannot see it, its combined INSERT waits on it.
      await other.query('BEGIN');
      await other.query(
        `INSERT INTO documents SELECT (jsonb_populate_record(d, jsonb_build_object('id', gen_random_uuid(), 'number', $2::text,
           'public_token', 'fpd_' || md5(random()::text) || md5(random()::text), 'variable_symbol', NULL))).* FROM documents d WHERE id = $1`,
        [seed.body.data.id, clash],
      );
      const entries: any[] = [
        { ...receipt(), idempotencyKey: randomUUID() },
        { ...receipt({ number: clash }), idempotencyKey: randomUUID() },
        { ...receipt(), idempotencyKey: randomUUID() },
      ];
      const answer = batch({ documents: entries });
      for (let i = 0; ; i++) {
        const waiting = await other.query(
          `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        if (waiting.rowCount) break;
        if (i > 500) throw new Error('the batch never waited on the uncommitted number');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await other.query('COMMIT');
      const res = await answer;
      expect(res.status, res.text).to.equal(207);
      expect(res.body.data.results.map((r: any) => [r.status, r.httpStatus])).to.deep.equal([
        ['CREATED', null],
        ['ERROR', 409],
        ['CREATED', null],
      ]);
      const numbers = (
        await other.query('SELECT number FROM documents WHERE number = ANY($1)', [entries.map((e) => e.number)])
      ).rows.map((r) => r.number);
      expect(numbers.sort()).to.deep.equal([entries[0].number, clash, entries[2].number].sort());
      // The refused entry's key stayed free: its corrected retry is created.
      const retry = await batch({ documents: [{ ...entries[1], number: nextNumber() }] });
      expect(retry.body.data.results[0].status).to.equal('CREATED');
    } finally {
      await other.query('ROLLBACK').catch(() => undefined);
      await other.end();
    }
  });

  it('needs no Idempotency-Key header', async () => {
    const res = await batch({ documents: [{ ...receipt(), idempotencyKey: randomUUID() }] });
    expect(res.status).to.equal(207);
  });
});
