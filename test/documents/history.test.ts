import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import {
  type Company,
  getDocument,
  importPayments,
  makeBankAccount,
  makeCompany,
  makeDocument,
  makeInvoice,
  makePaymentLine,
} from '../helpers/fixtures';

/** A document's history: every status change with who made it (GET /api/v1/documents/:id/history, GraphQL documentHistory). */
describe('documents: history', () => {
  let app: TestApp;
  let company: Company;
  let other: Company;
  before(async () => {
    app = await startTestApp();
    [company, other] = [await makeCompany(app), await makeCompany(app)];
  });
  after(() => app.stop());

  const history = async (id: string, query = '', token = company.token) => {
    const res = await app.get(`/api/v1/documents/${id}/history${query}`, token);
    expect(res.status, res.text).to.equal(200);
    return res.body;
  };
  const strip = (entries: any[]) => entries.map(({ id: _id, at: _at, ...rest }) => rest);

  it("records each status change with the person who made it, oldest first; a payment's change names nobody", async () => {
    const doc = await makeInvoice(app, company.token, { total: '500.00', variableSymbol: '777001' });
    expect((await history(doc.id)).data).to.deep.equal([]);
    await app.post(`/api/v1/documents/${doc.id}/transition`, { status: 'SENT' }, company.token);
    const account = await makeBankAccount(app, company.token);
    await importPayments(app, company.token, account.id, [
      makePaymentLine({ amount: '500.00', variableSymbol: '777001' }),
    ]);
    expect((await getDocument(app, company.token, doc.id)).status).to.equal('PAID');

    const page = await history(doc.id);
    expect(strip(page.data)).to.deep.equal([
      {
        action: 'STATUS_CHANGED',
        fromStatus: 'ISSUED',
        toStatus: 'SENT',
        reason: null,
        userId: company.userId,
        posDeviceId: null,
      },
      { action: 'STATUS_CHANGED', fromStatus: 'SENT', toStatus: 'PAID', reason: null, userId: null, posDeviceId: null },
    ]);
    expect(page.data[0].at).to.match(/Z$/);
    expect(page.nextCursor).to.equal(null);
  });

  it('pages with limit and cursor; GraphQL answers the same entries', async () => {
    const doc = await makeDocument(app, company.token);
    for (const status of ['ISSUED', 'SENT', 'PAID', 'ARCHIVED']) {
      const res = await app.post(`/api/v1/documents/${doc.id}/transition`, { status }, company.token);
      expect(res.status, res.text).to.equal(200);
    }
    const first = await history(doc.id, '?limit=3');
    expect(first.data.map((e: any) => e.toStatus)).to.deep.equal(['ISSUED', 'SENT', 'PAID']);
    const second = await history(doc.id, `?limit=3&cursor=${first.nextCursor}`);
    expect(second.data.map((e: any) => e.toStatus)).to.deep.equal(['ARCHIVED']);
    expect(second.nextCursor).to.equal(null);

    const gql = await app.graphql(
      `query($id: ID!) { documentHistory(id: $id, limit: 10) { data { id action fromStatus toStatus reason userId posDeviceId at } nextCursor } }`,
      { id: doc.id },
      company.token,
    );
    expect(gql.body.errors).to.equal(undefined);
    expect(gql.body.data.documentHistory.data).to.deep.equal([...first.data, ...second.data]);
  });

  it("another company's document is 404; a bad cursor or limit is 400", async () => {
    const doc = await makeDocument(app, company.token);
    const foreign = await app.get(`/api/v1/documents/${doc.id}/history`, other.token);
    expect(foreign.status).to.equal(404);
    expect((await app.get(`/api/v1/documents/${doc.id}/history?cursor=nonsense`, company.token)).status).to.equal(400);
    expect((await app.get(`/api/v1/documents/${doc.id}/history?limit=201`, company.token)).status).to.equal(400);
  });
});
