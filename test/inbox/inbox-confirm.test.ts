import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeCompany, makeContact, type Company } from '../helpers/fixtures';
import { corpusFile, getItem, runJobs, upload } from '../helpers/inbox';
import { lastEventSeq, orgEventEntries } from '../helpers/outbox';

/** Issue 29 point 3: an EXTRACTED item is the draft cost; confirm (with corrections) makes the cost as if typed by hand. */
describe('inbox: confirming an item into a cost (issue 29)', function () {
  this.timeout(120_000);
  let app: TestApp;
  let company: Company;
  let supplier: { id: string };

  before(async () => {
    app = await startTestApp();
    company = await makeCompany(app);
    supplier = await makeContact(app, company.token, {
      name: 'Kancelářské potřeby Novák s.r.o.',
      type: 'SUPPLIER',
      taxId: '26149877',
    });
  });
  after(() => app.stop());

  async function extracted(name: string): Promise<any> {
    const [item] = await upload(app, company.token, [{ filename: name, content: corpusFile(name) }]);
    await runJobs(app);
    const read = await getItem(app, company.token, item.id);
    expect(read.status, read.failureReason).to.equal('EXTRACTED');
    return read;
  }

  it('makes no cost before confirmation; confirm with a correction makes the cost with the file, the item id and cost.created', async () => {
    const costsBefore = (await app.get('/api/v1/costs', company.token)).body.data.length;
    const item = await extracted('f01-kancelar.pdf');
    expect(item.supplierContactId).to.equal(supplier.id);
    expect(item.duplicateCostId).to.equal(null);
    expect((await app.get('/api/v1/costs', company.token)).body.data.length).to.equal(costsBefore);

    const after = await lastEventSeq(app);
    const res = await app.post(`/api/v1/inbox/${item.id}/confirm`, { note: 'Kancelář, listopad' }, company.token);
    expect(res.status, res.text).to.equal(201);
    const { item: confirmed, cost } = res.body;
    expect(confirmed).to.include({ status: 'CONFIRMED', costId: cost.id });
    expect(cost).to.include({
      inboxItemId: item.id,
      supplierId: supplier.id,
      supplierDocumentNumber: 'FV2026-0458',
      variableSymbol: '20260458',
      currency: 'CZK',
      subtotal: '6170.00',
      vatTotal: '1295.70',
      total: '7465.70',
      note: 'Kancelář, listopad',
      status: 'OPEN',
    });
    expect(cost.number).to.be.a('string');
    expect(cost.issuedAt.startsWith('2026-11-0')).to.equal(true);
    expect(cost.paymentAccount).to.deep.include({ accountNumber: '123456788', bankCode: '0100' });
    expect(cost.attachments.map((a: { filename: string }) => a.filename)).to.deep.equal(['f01-kancelar.pdf']);
    const attachment = await fetch(`${app.url}/api/v1/costs/${cost.id}/attachments/${cost.attachments[0].id}`, {
      headers: { authorization: `Bearer ${company.token}` },
    });
    expect(Buffer.from(await attachment.arrayBuffer()).equals(corpusFile('f01-kancelar.pdf'))).to.equal(true);
    const read = await app.get(`/api/v1/costs/${cost.id}`, company.token);
    expect(read.body.inboxItemId).to.equal(item.id);
    const gql = await app.graphql(`query($id: ID!) { cost(id: $id) { inboxItemId } }`, { id: cost.id }, company.token);
    expect(gql.body.errors, JSON.stringify(gql.body.errors)).to.equal(undefined);
    expect(gql.body.data.cost.inboxItemId).to.equal(item.id);

    const events = (await orgEventEntries(app, company.organizationId, after)).map((e) => e.event);
    expect(events).to.deep.equal(['cost.created']);

    const again = await app.post(`/api/v1/inbox/${item.id}/confirm`, {}, company.token);
    expect(again.status, again.text).to.equal(409);
    expect(again.body.code).to.equal('INBOX_ITEM_NOT_EXTRACTED');
  });

  it('flags the same supplier number before confirmation and answers the usual 409 on confirm', async () => {
    const item = await extracted('f01-kancelar.pdf');
    const first = (await app.get('/api/v1/costs?search=FV2026-0458', company.token)).body.data[0];
    expect(item.duplicateCostId).to.equal(first.id);
    const res = await app.post(`/api/v1/inbox/${item.id}/confirm`, {}, company.token);
    expect(res.status, res.text).to.equal(409);
    expect(res.body.code).to.equal('CONFLICT');
    expect((await getItem(app, company.token, item.id)).status).to.equal('EXTRACTED');
    // A corrected number (the supplier's second copy was another document) goes through.
    const fixed = await app.post(
      `/api/v1/inbox/${item.id}/confirm`,
      { supplierDocumentNumber: 'FV2026-0458-B' },
      company.token,
    );
    expect(fixed.status, fixed.text).to.equal(201);
    expect(fixed.body.cost.supplierDocumentNumber).to.equal('FV2026-0458-B');
  });

  it('answers a wrong correction with the costs module’s field errors (creating no supplier)', async () => {
    const item = await extracted('f02-catering.pdf');
    expect(item.supplierContactId).to.equal(null);
    const contactsBefore = (await app.get('/api/v1/contacts?limit=200', company.token)).body.data.length;
    const noNumber = await app.post(`/api/v1/inbox/${item.id}/confirm`, { issuedAt: 'yesterday' }, company.token);
    expect(noNumber.status, noNumber.text).to.equal(400);
    expect(noNumber.body.details.map((d: { path: string }) => d.path)).to.deep.equal(['issuedAt']);
    expect((await app.get('/api/v1/contacts?limit=200', company.token)).body.data.length).to.equal(contactsBefore);
    const contact = await makeContact(app, company.token, { name: 'Catering', type: 'SUPPLIER' });
    const bad = await app.post(
      `/api/v1/inbox/${item.id}/confirm`,
      { supplierId: contact.id, issuedAt: 'yesterday', variableSymbol: 'ABC' },
      company.token,
    );
    expect(bad.status, bad.text).to.equal(400);
    expect(bad.body.details.map((d: { path: string }) => d.path)).to.have.members(['issuedAt', 'variableSymbol']);
    expect((await getItem(app, company.token, item.id)).status).to.equal('EXTRACTED');
    const items = [{ name: 'Catering', quantity: '1', unitPrice: '1000', vatRate: '12' }];
    const ok = await app.post(`/api/v1/inbox/${item.id}/confirm`, { supplierId: contact.id, items }, company.token);
    expect(ok.status, ok.text).to.equal(201);
    expect(ok.body.cost).to.include({ subtotal: '1000.00', vatTotal: '120.00', total: '1120.00' });
  });

  it('without a matched contact or a supplierId, creates the supplier from the extracted name, IČO and DIČ', async () => {
    const item = await extracted('f04-stavebniny.pdf');
    expect(item.supplierContactId).to.equal(null);
    const res = await app.post(`/api/v1/inbox/${item.id}/confirm`, {}, company.token);
    expect(res.status, res.text).to.equal(201);
    const supplier = await app.get(`/api/v1/contacts/${res.body.cost.supplierId}`, company.token);
    expect(supplier.body).to.include({
      type: 'SUPPLIER',
      name: item.fields.supplierName.value,
      taxId: item.fields.supplierIco.value,
    });
  });

  it('proposes a client with the extracted IČO as the supplier and makes it BOTH on confirmation', async () => {
    const client = await makeContact(app, company.token, { name: 'Software klient', type: 'CLIENT', taxId: '' });
    const item = await extracted('f06-knihy.pdf');
    const ico = item.fields.supplierIco.value;
    await app.patch(`/api/v1/contacts/${client.id}`, { taxId: ico }, company.token);
    const [again] = await upload(app, company.token, [{ filename: 'k.pdf', content: corpusFile('f06-knihy.pdf') }]);
    await runJobs(app);
    const read = await getItem(app, company.token, again.id);
    expect(read.supplierContactId).to.equal(client.id);
    const res = await app.post(`/api/v1/inbox/${again.id}/confirm`, {}, company.token);
    expect(res.status, res.text).to.equal(201);
    expect(res.body.cost.supplierId).to.equal(client.id);
    expect((await app.get(`/api/v1/contacts/${client.id}`, company.token)).body.type).to.equal('BOTH');
  });

  it('confirms an item once when two confirmations race', async () => {
    const item = await extracted('f03-software.pdf');
    const contact = await makeContact(app, company.token, { name: 'Software', type: 'SUPPLIER' });
    const results = await Promise.all(
      [1, 2].map(() => app.post(`/api/v1/inbox/${item.id}/confirm`, { supplierId: contact.id }, company.token)),
    );
    expect(results.map((r) => r.status).sort()).to.deep.equal([201, 409]);
    const costs = (await app.get(`/api/v1/costs?limit=100`, company.token)).body.data;
    expect(costs.filter((c: { inboxItemId: string }) => c.inboxItemId === item.id)).to.have.length(1);
  });
});
