import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { Client } from 'pg';
import type { TestApp } from '../helpers/app';
import { setClock } from '../helpers/controls';
import { lastEventSeq, orgEvents } from '../helpers/outbox';
import { makeApiKey, makeDocument, makeCompany, type Company } from '../helpers/fixtures';
import { type PosFixture, issueOk, makeDevice, posPost, receipt, startPosFixture, stopPosFixture } from './pos.helpers';

/** Issue 12 point 4: same-Czech-day cancel (SPEC 3, 4.5, 7.3; DESIGN 4), across midnight and DST by the Clock. */
describe('POS: cancel', function () {
  this.timeout(60_000);
  let app: TestApp;
  let company: Company;
  let device: PosFixture['device'];
  let db: Client;
  before(async () => ({ app, company, device, db } = await startPosFixture()));
  after(() => stopPosFixture({ app, db }));

  const cancel = (originalNumber: string, key: string | null = randomUUID(), extra: Record<string, unknown> = {}) =>
    posPost(
      app,
      '/documents/cancel',
      device.token,
      { originalNumber, canceledAt: '2026-06-17T09:00:00Z', reason: 'Zákazník si to rozmyslel', ...extra },
      key,
    );

  it('cancels on the issue day: 200 with the cancel record; canceledAt and the reason are stored; the number stays taken', async () => {
    await setClock(app, '2026-06-17T08:30:00Z');
    const r = await issueOk(app, device.token, receipt({ issuedAt: '2026-06-17T07:00:00Z' }));
    const res = await cancel(r.number, randomUUID(), { canceledAt: '2026-06-17T08:29:00+02:00' });
    expect(res.status, res.text).to.equal(200);
    expect(res.body).to.deep.equal({
      data: {
        id: r.id,
        number: r.number,
        status: 'CANCELLED',
        posDeviceId: device.id,
        issuedAt: '2026-06-17T07:00:00.000Z',
        canceledAt: '2026-06-17T06:29:00.000Z',
      },
      replayed: false,
    });
    const history = await db.query(
      'SELECT action, from_status, to_status, reason FROM document_history WHERE document_id = $1',
      [r.id],
    );
    expect(history.rows).to.deep.equal([
      { action: 'POS_CANCEL', from_status: 'PAID', to_status: 'CANCELLED', reason: 'Zákazník si to rozmyslel' },
    ]);
    // The company reads it in the document's history (REST and GraphQL), naming the register.
    const read = await app.get(`/api/v1/documents/${r.id}/history`, company.token);
    expect(read.status, read.text).to.equal(200);
    expect(
      read.body.data.map((e: any) => Object.fromEntries(Object.entries(e).filter(([k]) => k !== 'id' && k !== 'at'))),
    ).to.deep.equal([
      {
        action: 'POS_CANCEL',
        fromStatus: 'PAID',
        toStatus: 'CANCELLED',
        reason: 'Zákazník si to rozmyslel',
        userId: null,
        posDeviceId: device.id,
      },
    ]);
    expect((await posPost(app, '/documents', device.token, receipt({ number: r.number }))).status).to.equal(409);
    const key = await makeApiKey(app, company);
    expect((await app.get(`/api/v1/documents/${r.id}`, key.key)).body).to.include({
      status: 'CANCELLED',
      cancelledAt: '2026-06-17T06:29:00.000Z',
    });
  });

  it('is a status change of the document lifecycle: one document.status_changed with previousStatus; the payment stays', async () => {
    await setClock(app, '2026-06-17T08:30:00Z');
    const r = await issueOk(app, device.token, receipt({ issuedAt: '2026-06-17T07:00:00Z' }));
    const after = await lastEventSeq(app);
    const res = await cancel(r.number, randomUUID(), { canceledAt: '2026-06-17T08:29:00+02:00' });
    expect(res.status, res.text).to.equal(200);
    const events = await orgEvents(app, company.organizationId, after);
    expect(events.map(([e]) => e)).to.deep.equal(['document.status_changed']);
    expect(events[0][1]).to.include({ id: r.id, status: 'CANCELLED', previousStatus: 'PAID', paidAmount: 91 });
    const row = (
      await db.query(
        'SELECT status, cancelled_at, paid_at, paid_amount, status_before_paid, updated_at FROM documents WHERE id = $1',
        [r.id],
      )
    ).rows[0];
    expect(row).to.deep.include({
      status: 'CANCELLED',
      cancelled_at: new Date('2026-06-17T06:29:00Z'),
      paid_at: new Date('2026-06-17T07:00:00Z'),
      paid_amount: '91.00',
      status_before_paid: 'ISSUED',
    });
    const history = await db.query(
      'SELECT action, pos_device_id, user_id, at FROM document_history WHERE document_id = $1',
      [r.id],
    );
    expect(history.rows).to.deep.equal([
      { action: 'POS_CANCEL', pos_device_id: device.id, user_id: null, at: row.updated_at },
    ]);
  });

  it('a repeated key answers the replay and does not cancel again; a new key on a cancelled document is 409', async () => {
    await setClock(app, '2026-06-17T08:30:00Z');
    const r = await issueOk(app, device.token, receipt({ issuedAt: '2026-06-17T08:00:00Z' }));
    const key = randomUUID();
    const first = await cancel(r.number, key);
    const again = await cancel(r.number, key, { canceledAt: '2026-06-17T10:00:00Z' });
    expect(again.status).to.equal(200);
    expect(again.body).to.deep.equal({ data: first.body.data, replayed: true });
    const other = await cancel(r.number);
    expect(other.status).to.equal(409);
    expect(other.body.message).to.include('already cancelled');
  });

  it('requires Idempotency-Key; an unknown number is 409 ORIGINAL_NOT_SYNCED and leaves the key for the retry', async () => {
    expect((await cancel('NOPE', null)).body.code).to.equal('IDEMPOTENCY_KEY_REQUIRED');
    await setClock(app, '2026-06-17T08:30:00Z');
    const number = `LATE-${randomUUID().slice(0, 8)}`;
    const key = randomUUID();
    const early = await cancel(number, key);
    expect(early.status).to.equal(409);
    expect(early.body.code).to.equal('ORIGINAL_NOT_SYNCED');
    await issueOk(app, device.token, receipt({ number, issuedAt: '2026-06-17T08:00:00Z' }));
    const retry = await cancel(number, key);
    expect(retry.status, retry.text).to.equal(200);
    expect(
      (await posPost(app, '/documents/cancel', device.token, { canceledAt: '2026-06-17T09:00:00Z' })).status,
    ).to.equal(400);
  });

  it('refuses credit notes and documents not issued by a register with 409', async () => {
    await setClock(app, '2026-06-17T08:30:00Z');
    const key = await makeApiKey(app, company);
    const ordinary = await makeDocument(app, key.key, { status: 'ISSUED' });
    const res = await cancel(ordinary.number);
    expect(res.status).to.equal(409);
    expect(res.body.message).to.include('not issued by a register');
    const number = `DB-${randomUUID().slice(0, 8)}`;
    const cn = await posPost(app, '/documents/credit-notes', device.token, {
      number,
      customer: { name: 'Novák' },
      issuedAt: '2026-06-17T08:00:00Z',
      reason: 'Reklamace',
      items: [{ name: 'Vratka', quantity: -1, unitPrice: 100, vatRate: 21 }],
    });
    expect(cn.status, cn.text).to.equal(201);
    const refused = await cancel(number);
    expect(refused.status).to.equal(409);
    expect(refused.body.message).to.include('credit note');
  });

  it('uses the Czech day, not the UTC day, across midnight', async () => {
    // 23:50 in Prague (CEST) on 17 June is 21:50 UTC.
    const late = await issueOk(app, device.token, receipt({ issuedAt: '2026-06-17T21:50:00Z' }));
    const late2 = await issueOk(app, device.token, receipt({ issuedAt: '2026-06-17T21:50:00Z' }));
    await setClock(app, '2026-06-17T21:59:00Z'); // 23:59 Prague
    expect((await cancel(late.number)).status).to.equal(200);
    await setClock(app, '2026-06-17T22:00:30Z'); // 00:00:30 on 18 June in Prague, still 17 June in UTC
    const closed = await cancel(late2.number);
    expect(closed.status).to.equal(409);
    expect(closed.body.code).to.equal('CANCEL_WINDOW_CLOSED');
    // Issued at 00:10 Prague on 18 June (17 June in UTC): cancellable until 23:59 Prague on 18 June.
    const early = await issueOk(app, device.token, receipt({ issuedAt: '2026-06-17T22:10:00Z' }));
    await setClock(app, '2026-06-18T21:59:00Z');
    expect((await cancel(early.number)).status).to.equal(200);
  });

  it('keeps the Czech day right across the DST change (29 March 2026, CET → CEST)', async () => {
    // 01:30 CET on 29 March = 00:30 UTC; that day ends at 22:00 UTC (midnight CEST), not 23:00 UTC.
    const a = await issueOk(app, device.token, receipt({ issuedAt: '2026-03-29T00:30:00Z' }));
    const b = await issueOk(app, device.token, receipt({ issuedAt: '2026-03-29T00:30:00Z' }));
    await setClock(app, '2026-03-29T21:59:00Z'); // 23:59 CEST
    expect((await cancel(a.number)).status).to.equal(200);
    await setClock(app, '2026-03-29T22:00:30Z'); // 00:00:30 CEST on 30 March (would still be 29 March in CET)
    expect((await cancel(b.number)).status).to.equal(409);
    // And back in October: 25 October 2026 has 25 hours in Prague; 23:30 UTC is 00:30 CET of 26 October.
    const c = await issueOk(app, device.token, receipt({ issuedAt: '2026-10-24T22:30:00Z' })); // 00:30 CEST on 25 October
    await setClock(app, '2026-10-25T22:59:00Z'); // 23:59 CET on 25 October
    expect((await cancel(c.number)).status).to.equal(200);
    const d = await issueOk(app, device.token, receipt({ issuedAt: '2026-10-24T22:30:00Z' }));
    await setClock(app, '2026-10-25T23:00:30Z');
    expect((await cancel(d.number)).status).to.equal(409);
  });

  it('cancelled documents leave the sales and VAT figures of GET /api/v1/reports/vat', async () => {
    await setClock(app, '2026-06-20T08:30:00Z');
    const other = await makeCompany(app);
    const reg = await makeDevice(app, other);
    const keep = await issueOk(
      app,
      reg.token,
      receipt({ issuedAt: '2026-06-20T08:00:00Z', items: [{ name: 'A', quantity: 1, unitPrice: 121, vatRate: 21 }] }),
    );
    const drop = await issueOk(
      app,
      reg.token,
      receipt({ issuedAt: '2026-06-20T08:00:00Z', items: [{ name: 'B', quantity: 1, unitPrice: 242, vatRate: 21 }] }),
    );
    const report = async () => (await app.get('/api/v1/reports/vat?from=2026-06-20&to=2026-06-20', other.token)).body;
    expect((await report()).totals).to.deep.equal([{ currency: 'CZK', base: '300.00', vat: '63.00', total: '363.00' }]);
    const res = await posPost(app, '/documents/cancel', reg.token, {
      originalNumber: drop.number,
      canceledAt: '2026-06-20T08:20:00Z',
    });
    expect(res.status).to.equal(200);
    expect((await report()).totals).to.deep.equal([{ currency: 'CZK', base: '100.00', vat: '21.00', total: '121.00' }]);
    const sales = (await app.get('/api/v1/reports/sales?from=2026-06-20&to=2026-06-20', other.token)).body;
    expect(sales.totals[0]).to.include({ documentCount: 1, total: '121.00' });
    expect(keep.total).to.equal('121.00');
  });
});
