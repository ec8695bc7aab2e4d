import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import { setClock } from '../helpers/controls';
import { type Company, makeApiKey, makeCompany, makeUser } from '../helpers/fixtures';
import { costPayload } from '../helpers/payloads';
import { startReceiver } from '../helpers/receiver';
import { makeWebhook, settleWebhooks } from '../helpers/webhooks';
import { lastEventSeq, orgEvents } from '../helpers/outbox';
import { costBody, getCost, makeCost, makeSupplier } from './costs.helpers';

describe('costs: list, change, cancel, delete, duplicates and isolation', () => {
  let app: TestApp;
  let company: Company;
  let supplier: any;

  before(async () => {
    app = await startTestApp();
    company = await makeCompany(app);
    supplier = await makeSupplier(app, company.token);
  });
  after(() => app.stop());

  it('lists with filters, text search and pagination', async () => {
    const own = await makeCompany(app);
    const alpha = await makeSupplier(app, own.token, { name: 'Alfa Papír s.r.o.' });
    const beta = await makeSupplier(app, own.token, { name: 'Beta 100% Káva', type: 'BOTH' });
    const a1 = await makeCost(app, own.token, alpha.id, {
      supplierDocumentNumber: 'FA-2026-001',
      issuedAt: '2026-05-31',
      dueAt: '2026-06-16',
    });
    const a2 = await makeCost(app, own.token, alpha.id, {
      kind: 'RECEIPT',
      supplierDocumentNumber: 'UCT-77',
      issuedAt: '2026-06-01',
      dueAt: '2026-06-17',
      vatClaimDate: '2026-07-01',
    });
    const b1 = await makeCost(app, own.token, beta.id, {
      kind: 'OTHER',
      supplierDocumentNumber: null,
      issuedAt: '2026-06-15',
      dueAt: '2026-06-30',
    });
    const b2 = await makeCost(app, own.token, beta.id, {
      supplierDocumentNumber: 'fa-2026-002',
      issuedAt: '2026-06-16',
      dueAt: '2026-06-16',
    });
    expect((await app.post(`/api/v1/costs/${b2.id}/cancel`, {}, own.token)).status).to.equal(200);
    const ids = async (query: string) => {
      const res = await app.get(`/api/v1/costs${query}`, own.token);
      expect(res.status, res.text).to.equal(200);
      return res.body.data.map((c: any) => c.id);
    };
    expect(await ids('')).to.deep.equal([a1.id, a2.id, b1.id, b2.id]);
    expect(await ids('?status=CANCELLED')).to.deep.equal([b2.id]);
    expect(await ids('?status=OPEN')).to.deep.equal([a1.id, a2.id, b1.id]);
    expect(await ids('?kind=RECEIPT')).to.deep.equal([a2.id]);
    expect(await ids(`?supplierId=${beta.id}`)).to.deep.equal([b1.id, b2.id]);
    // issuedAt by Czech day: 2026-05-31 is 2026-05-30T22:00Z.
    expect(await ids('?from=2026-06-01')).to.deep.equal([a2.id, b1.id, b2.id]);
    expect(await ids('?to=2026-05-31')).to.deep.equal([a1.id]);
    expect(await ids('?from=2026-06-01&to=2026-06-15')).to.deep.equal([a2.id, b1.id]);
    expect(await ids('?vatClaimFrom=2026-07-01&vatClaimTo=2026-07-01')).to.deep.equal([a2.id]);
    // Today (clock) is 2026-06-17: due 06-16 and OPEN is overdue; due today is not; cancelled never is.
    expect(await ids('?overdue=true')).to.deep.equal([a1.id]);
    expect(await ids('?overdue=false')).to.deep.equal([a2.id, b1.id, b2.id]);
    expect((await getCost(app, own.token, a1.id)).overdue).to.equal(true);
    expect((await getCost(app, own.token, a2.id)).overdue).to.equal(false);
    // Search: own number, supplier document number (any case), supplier name; % is literal.
    expect(await ids(`?search=${encodeURIComponent(b1.number)}`)).to.deep.equal([b1.id]);
    expect(await ids('?search=FA-2026')).to.deep.equal([a1.id, b2.id]);
    expect(await ids('?search=alfa%20pap')).to.deep.equal([a1.id, a2.id]);
    expect(await ids('?search=100%25')).to.deep.equal([b1.id, b2.id]);
    expect(await ids('?search=0%25')).to.deep.equal([b1.id, b2.id]);
    expect(await ids('?search=nothing-like-it')).to.deep.equal([]);
    // Pages of 3 then 1.
    const first = await app.get('/api/v1/costs?limit=3', own.token);
    expect(first.body.data).to.have.length(3);
    const rest = await app.get(`/api/v1/costs?limit=3&cursor=${first.body.nextCursor}`, own.token);
    expect(rest.body.data.map((c: any) => c.id)).to.deep.equal([b2.id]);
    expect(rest.body.nextCursor).to.equal(null);
    for (const bad of [
      '?limit=0',
      '?limit=201',
      '?status=DONE',
      '?overdue=maybe',
      '?from=2026-13-01',
      '?cursor=xyz',
      `?search=${'x'.repeat(201)}`,
      '?supplierId=1',
    ]) {
      const res = await app.get(`/api/v1/costs${bad}`, own.token);
      expect(res.status, bad).to.equal(400);
      expect(res.body.code).to.equal('VALIDATION_FAILED');
    }
    expect((await app.get('/api/v1/costs?limit=200', own.token)).status).to.equal(200);
  });

  it('turns overdue the Czech day after it is due, through the clock', async () => {
    const own = await makeCompany(app);
    // An API key does not expire when the clock moves on, as a session would.
    const { key } = await makeApiKey(app, own);
    const s = await makeSupplier(app, key);
    const cost = await makeCost(app, key, s.id, { issuedAt: '2026-06-10', dueAt: '2026-06-20' });
    try {
      await setClock(app, '2026-06-20T21:59:00Z'); // 23:59 in Prague on the due day
      expect((await getCost(app, key, cost.id)).overdue).to.equal(false);
      expect((await app.get('/api/v1/costs?overdue=true', key)).body.data).to.deep.equal([]);
      await setClock(app, '2026-06-20T22:00:00Z'); // midnight in Prague: the next Czech day
      expect((await getCost(app, key, cost.id)).overdue).to.equal(true);
      expect((await app.get('/api/v1/costs?overdue=true', key)).body.data.map((c: any) => c.id)).to.deep.equal([
        cost.id,
      ]);
    } finally {
      await setClock(app, '2026-06-17T08:30:00Z');
    }
  });

  it('changes an OPEN cost, recomputing totals and the supplier snapshot, and records cost.updated', async () => {
    const cost = await makeCost(app, company.token, supplier.id);
    const other = await makeSupplier(app, company.token, { name: 'Nový dodavatel', vatId: 'CZ87654321' });
    const seq = await lastEventSeq(app);
    const res = await app.patch(
      `/api/v1/costs/${cost.id}`,
      {
        supplierId: other.id,
        items: [{ name: 'Toner', quantity: 2, unitPrice: '500', vatRate: 12 }],
        note: 'opraveno',
        variableSymbol: '777',
      },
      company.token,
    );
    expect(res.status, res.text).to.equal(200);
    expect(res.body).to.deep.include({
      supplierId: other.id,
      subtotal: '1000.00',
      vatTotal: '120.00',
      total: '1120.00',
      note: 'opraveno',
      variableSymbol: '777',
      number: cost.number,
    });
    expect(res.body.supplier).to.include({ name: 'Nový dodavatel', vatId: 'CZ87654321' });
    expect(await orgEvents(app, company.organizationId, seq)).to.deep.equal([['cost.updated', costPayload(res.body)]]);
    // The rules hold after a change too.
    const bad = await app.patch(`/api/v1/costs/${cost.id}`, { vatClaimDate: '2026-06-01' }, company.token);
    expect(bad.status).to.equal(400);
    expect(bad.body.details[0].path).to.equal('vatClaimDate');
    const noNumber = await app.patch(`/api/v1/costs/${cost.id}`, { supplierDocumentNumber: null }, company.token);
    expect(noNumber.status).to.equal(400);
    expect(noNumber.body.details[0].path).to.equal('supplierDocumentNumber');
    const asOther = await app.patch(
      `/api/v1/costs/${cost.id}`,
      { kind: 'OTHER', supplierDocumentNumber: null },
      company.token,
    );
    expect(asOther.body).to.include({ kind: 'OTHER', supplierDocumentNumber: null });
    const nothing = await app.patch(`/api/v1/costs/${cost.id}`, {}, company.token);
    expect(nothing.status).to.equal(200);
  });

  it('cancels only an OPEN cost; a cancelled cost no longer changes', async () => {
    const cost = await makeCost(app, company.token, supplier.id);
    const seq = await lastEventSeq(app);
    const res = await app.post(`/api/v1/costs/${cost.id}/cancel`, {}, company.token);
    expect(res.status, res.text).to.equal(200);
    expect(res.body.status).to.equal('CANCELLED');
    expect(res.body.cancelledAt).to.match(/^2026-06-17T/);
    expect(res.body.overdue).to.equal(false);
    expect(await orgEvents(app, company.organizationId, seq)).to.deep.equal([
      ['cost.cancelled', costPayload(res.body)],
    ]);
    const again = await app.post(`/api/v1/costs/${cost.id}/cancel`, {}, company.token);
    expect(again.status).to.equal(409);
    expect(again.body).to.deep.equal({
      error: 'Conflict',
      message: 'A CANCELLED cost can no longer be changed; only OPEN ones can',
      code: 'COST_NOT_OPEN',
    });
    const edit = await app.patch(`/api/v1/costs/${cost.id}`, { note: 'x' }, company.token);
    expect(edit.status).to.equal(409);
    expect(edit.body.code).to.equal('COST_NOT_OPEN');
  });

  it('deletes a cost without payments, records cost.deleted and gives the newest number back', async () => {
    const own = await makeCompany(app);
    const s = await makeSupplier(app, own.token);
    await makeCost(app, own.token, s.id);
    const newest = await makeCost(app, own.token, s.id);
    expect(newest.number).to.equal('N000002');
    const seq = await lastEventSeq(app);
    const res = await app.del(`/api/v1/costs/${newest.id}`, own.token);
    expect(res.status, res.text).to.equal(204);
    expect(await orgEvents(app, own.organizationId, seq)).to.deep.equal([['cost.deleted', costPayload(newest)]]);
    expect((await app.get(`/api/v1/costs/${newest.id}`, own.token)).status).to.equal(404);
    expect((await makeCost(app, own.token, s.id)).number).to.equal('N000002');
    // The supplier document number is free again once its cost is deleted.
    expect(
      (
        await app.post(
          '/api/v1/costs',
          costBody(s.id, { supplierDocumentNumber: newest.supplierDocumentNumber }),
          own.token,
        )
      ).status,
    ).to.equal(201);
  });

  it('shows and edits the COST numbering series with the other series', async () => {
    const own = await makeCompany(app);
    const series = await app.get('/api/v1/settings/numbering', own.token);
    expect(series.body.series.find((s: any) => s.documentType === 'COST')).to.deep.equal({
      documentType: 'COST',
      format: 'N{NNNNNN}',
      restart: 'NEVER',
      prefix: 'N',
      padding: 6,
      nextNumber: 1,
      preview: 'N000001',
    });
    const put = await app.put(
      '/api/v1/settings/numbering',
      { series: [{ documentType: 'COST', prefix: 'NAK-', padding: 3, nextNumber: 41 }] },
      own.token,
    );
    expect(put.status, put.text).to.equal(200);
    expect(put.body.series.find((s: any) => s.documentType === 'COST').preview).to.equal('NAK-041');
    const s = await makeSupplier(app, own.token);
    expect((await makeCost(app, own.token, s.id)).number).to.equal('NAK-041');
    // The invoice series is its own.
    expect(put.body.series.find((s: any) => s.documentType === 'INVOICE').preview).to.equal('FV000001');
  });

  it('refuses a second cost with the same supplier document number of the same supplier: 409 CONFLICT', async () => {
    const first = await makeCost(app, company.token, supplier.id, { supplierDocumentNumber: 'FV 2026/100' });
    const dup = await app.post(
      '/api/v1/costs',
      costBody(supplier.id, { supplierDocumentNumber: 'FV 2026/100' }),
      company.token,
    );
    expect(dup.status).to.equal(409);
    expect(dup.body).to.deep.equal({
      error: 'Conflict',
      message: 'A cost with this supplier document number of this supplier already exists',
      code: 'CONFLICT',
    });
    // Kept exactly as printed: another spelling is another number; another supplier may use the same one.
    expect(
      (
        await app.post(
          '/api/v1/costs',
          costBody(supplier.id, { supplierDocumentNumber: 'FV 2026/0100' }),
          company.token,
        )
      ).status,
    ).to.equal(201);
    const other = await makeSupplier(app, company.token, { name: 'Jiný' });
    const elsewhere = await makeCost(app, company.token, other.id, { supplierDocumentNumber: 'FV 2026/100' });
    // Changing a cost into the duplicate is refused too.
    const moved = await app.patch(`/api/v1/costs/${elsewhere.id}`, { supplierId: supplier.id }, company.token);
    expect(moved.status).to.equal(409);
    expect(moved.body.code).to.equal('CONFLICT');
    expect((await getCost(app, company.token, first.id)).status).to.equal('OPEN');
  });

  it('creates one of two parallel costs with the same supplier document number: one 201, one 409', async () => {
    for (let round = 0; round < 3; round++) {
      const number = `RACE-${round}-${Date.now()}`;
      const results = await Promise.all(
        [0, 1].map(() =>
          app.post('/api/v1/costs', costBody(supplier.id, { supplierDocumentNumber: number }), company.token),
        ),
      );
      expect(results.map((r) => r.status).sort(), results.map((r) => r.text).join('\n')).to.deep.equal([201, 409]);
      expect(results.find((r) => r.status === 409)!.body).to.deep.equal({
        error: 'Conflict',
        message: 'A cost with this supplier document number of this supplier already exists',
        code: 'CONFLICT',
      });
      const listed = await app.get(`/api/v1/costs?search=${number}`, company.token);
      expect(listed.body.data).to.have.length(1);
    }
    // Racing creates without a supplier number all succeed, with consecutive numbers.
    const many = await Promise.all(
      [0, 1, 2, 3].map(() =>
        app.post(
          '/api/v1/costs',
          costBody(supplier.id, { kind: 'OTHER', supplierDocumentNumber: null }),
          company.token,
        ),
      ),
    );
    expect(many.map((r) => r.status)).to.deep.equal([201, 201, 201, 201]);
    const numbers = many.map((r) => Number(r.body.number.slice(1))).sort((a, b) => a - b);
    expect(numbers).to.deep.equal([numbers[0], numbers[0] + 1, numbers[0] + 2, numbers[0] + 3]);
  });

  it('never shows another company’s cost: 404 everywhere', async () => {
    const cost = await makeCost(app, company.token, supplier.id);
    const other = await makeCompany(app);
    const { key } = await makeApiKey(app, other);
    const notFound = { error: 'Not Found', message: 'Cost not found', code: 'NOT_FOUND' };
    for (const res of [
      await app.get(`/api/v1/costs/${cost.id}`, key),
      await app.patch(`/api/v1/costs/${cost.id}`, { note: 'mine' }, key),
      await app.post(`/api/v1/costs/${cost.id}/cancel`, {}, key),
      await app.del(`/api/v1/costs/${cost.id}`, key),
      await app.get('/api/v1/costs/not-a-uuid', key),
    ]) {
      expect(res.status, res.text).to.equal(404);
      expect(res.body).to.deep.equal(notFound);
    }
    expect((await app.get('/api/v1/costs', key)).body.data).to.deep.equal([]);
    expect((await app.get(`/api/v1/costs?supplierId=${supplier.id}`, key)).body.data).to.deep.equal([]);
    const gql = await app.graphql('query($id: ID!) { cost(id: $id) { id } }', { id: cost.id }, key);
    expect(gql.body.errors[0].extensions.code).to.equal('NOT_FOUND');
    expect(await getCost(app, company.token, cost.id)).to.deep.include({ note: null, status: 'OPEN' });
  });

  it('delivers cost events to a webhook endpoint that lists them, though GET /webhooks/events does not', async () => {
    const receiver = await startReceiver();
    try {
      const own = await makeCompany(app);
      const s = await makeSupplier(app, own.token);
      await makeWebhook(app, own.token, { url: receiver.url, events: ['cost.created', 'cost.cancelled'] });
      const cost = await makeCost(app, own.token, s.id);
      const cancelled = (await app.post(`/api/v1/costs/${cost.id}/cancel`, {}, own.token)).body;
      await app.patch(`/api/v1/contacts/${s.id}`, { name: 'not listed' }, own.token);
      await settleWebhooks(app);
      const bodies = receiver.received.map((r) => JSON.parse(r.body));
      expect(bodies.map((b) => [b.event, b.data])).to.deep.equal([
        ['cost.created', costPayload(cost)],
        ['cost.cancelled', costPayload(cancelled)],
      ]);
      const catalog = await app.get('/api/v1/webhooks/events', own.token);
      expect(catalog.body.data.map((e: any) => e.event).filter((e: string) => e.startsWith('cost.'))).to.deep.equal([]);
    } finally {
      await receiver.close();
    }
  });

  it('needs costs:read to read and costs:write to change', async () => {
    const reader = await makeUser(app, company, { permissions: { costs: 'read', contacts: 'write' } });
    expect((await app.get('/api/v1/costs', reader.token)).status).to.equal(200);
    const denied = await app.post('/api/v1/costs', costBody(supplier.id), reader.token);
    expect(denied.status).to.equal(403);
    expect(denied.body.details).to.deep.equal({ requiredScope: 'costs:write' });
    const none = await makeUser(app, company, { permissions: { documents: 'write' } });
    const noRead = await app.get('/api/v1/costs', none.token);
    expect(noRead.status).to.equal(403);
    expect(noRead.body.details).to.deep.equal({ requiredScope: 'costs:read' });
  });
});
