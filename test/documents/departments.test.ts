import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import { type Company, makeCompany, makeDocument, makeUser } from '../helpers/fixtures';
import { obtainTokens, registerApp } from '../oauth/oauth.helpers';

describe('documents: department scoping and sections', () => {
  let app: TestApp;
  let company: Company;
  let sales: string;
  let support: string;
  before(async () => {
    app = await startTestApp();
    company = await makeCompany(app);
    sales = (await app.post('/api/v1/departments', { name: 'Sales' }, company.token)).body.id;
    support = (await app.post('/api/v1/departments', { name: 'Support' }, company.token)).body.id;
  });
  after(() => app.stop());

  it('limits a MEMBER with departments to documents of those departments', async () => {
    const mine = await makeDocument(app, company.token, {
      departmentId: sales,
      status: 'ISSUED',
      issuedAt: '2026-04-02',
    });
    const theirs = await makeDocument(app, company.token, {
      departmentId: support,
      status: 'ISSUED',
      issuedAt: '2026-04-02',
    });
    const unassigned = await makeDocument(app, company.token, { status: 'ISSUED', issuedAt: '2026-04-02' });
    const member = await makeUser(app, company, {
      permissions: { documents: 'write', reports: 'read' },
      departmentIds: [sales],
    });

    const list = await app.get('/api/v1/documents?limit=200', member.token);
    expect(list.status).to.equal(200);
    expect(list.body.data.map((d: any) => d.id)).to.deep.equal([mine.id]);
    expect((await app.get(`/api/v1/documents/${mine.id}`, member.token)).status).to.equal(200);
    for (const id of [theirs.id, unassigned.id]) {
      for (const res of [
        await app.get(`/api/v1/documents/${id}`, member.token),
        await app.patch(`/api/v1/documents/${id}`, { tags: ['x'] }, member.token),
        await app.post(`/api/v1/documents/${id}/transition`, { status: 'CANCELLED' }, member.token),
        await app.post(`/api/v1/documents/${id}/send-email`, { to: 'a@b.example' }, member.token),
        await app.del(`/api/v1/documents/${id}`, member.token),
      ]) {
        expect(res.status).to.equal(404);
      }
    }
    // The owner sees all three.
    const all = await app.get('/api/v1/documents?limit=200', company.token);
    expect(all.body.data.map((d: any) => d.id)).to.include.members([mine.id, theirs.id, unassigned.id]);

    // Reports of the member count only its departments' documents.
    const report = await app.get('/api/v1/reports/sales?from=2026-04-01&to=2026-04-30', member.token);
    expect(report.status, report.text).to.equal(200);
    expect(report.body.totals).to.deep.equal([
      {
        currency: 'CZK',
        documentCount: 1,
        base: '1000.00',
        vat: '210.00',
        total: '1210.00',
        paidAmount: '0.00',
        outstandingAmount: '1210.00',
      },
    ]);
    const ownerReport = await app.get('/api/v1/reports/sales?from=2026-04-01&to=2026-04-30', company.token);
    expect(ownerReport.body.totals[0].documentCount).to.equal(3);
  });

  it('limits an OAuth token to the departments of the user who granted it', async () => {
    const mine = await makeDocument(app, company.token, {
      departmentId: support,
      status: 'ISSUED',
      issuedAt: '2026-07-02',
    });
    const theirs = await makeDocument(app, company.token, {
      departmentId: sales,
      status: 'ISSUED',
      issuedAt: '2026-07-03',
    });
    const member = await makeUser(app, company, {
      permissions: { documents: 'write', reports: 'read' },
      departmentIds: [support],
    });
    const client = await registerApp(app, company, { scopes: ['documents:read', 'reports:read'] });
    const { access_token: token } = await obtainTokens(app, member, client, { scope: 'documents:read reports:read' });

    const list = await app.get('/api/v1/documents?from=2026-07-01&to=2026-07-31', token);
    expect(list.status, list.text).to.equal(200);
    expect(list.body.data.map((d: any) => d.id)).to.deep.equal([mine.id]);
    expect((await app.get(`/api/v1/documents/${theirs.id}`, token)).status).to.equal(404);
    const gql = await app.graphql('{ documents(from: "2026-07-01", to: "2026-07-31") { data { id } } }', {}, token);
    expect(gql.body.data.documents.data).to.deep.equal([{ id: mine.id }]);
    const report = await app.get('/api/v1/reports/vat?from=2026-07-01&to=2026-07-31', token);
    expect(report.body.totals).to.deep.equal([{ currency: 'CZK', base: '1000.00', vat: '210.00', total: '1210.00' }]);
  });

  it('keeps documents a limited MEMBER creates or moves inside its departments', async () => {
    const member = await makeUser(app, company, { permissions: { documents: 'write' }, departmentIds: [sales] });
    const created = await makeDocument(app, member.token);
    expect(created.departmentId).to.equal(sales);
    const outside = await app.post(
      '/api/v1/documents',
      { type: 'INVOICE', items: created.items, departmentId: support },
      member.token,
    );
    expect(outside.status).to.equal(403);
    expect(outside.body).to.deep.equal({
      error: 'Forbidden',
      message: 'The department is not one of your billing departments',
      code: 'FORBIDDEN',
    });
    const none = await app.post(
      '/api/v1/documents',
      { type: 'INVOICE', items: created.items, departmentId: null },
      member.token,
    );
    expect(none.status).to.equal(403);
    const move = await app.patch(`/api/v1/documents/${created.id}`, { departmentId: support }, member.token);
    expect(move.status).to.equal(403);

    const nowhere = await makeUser(app, company, { permissions: { documents: 'write' }, departmentIds: [] });
    expect((await app.get('/api/v1/documents', nowhere.token)).body.data).to.deep.equal([]);
    const refused = await app.post('/api/v1/documents', { type: 'INVOICE', items: created.items }, nowhere.token);
    expect(refused.status).to.equal(403);
  });

  it('needs documents:read to read and documents:write to change', async () => {
    const doc = await makeDocument(app, company.token);
    const reader = await makeUser(app, company, { permissions: { documents: 'read' } });
    expect((await app.get(`/api/v1/documents/${doc.id}`, reader.token)).status).to.equal(200);
    const writes = [
      await app.post('/api/v1/documents', { type: 'INVOICE', items: doc.items }, reader.token),
      await app.patch(`/api/v1/documents/${doc.id}`, { tags: ['x'] }, reader.token),
      await app.del(`/api/v1/documents/${doc.id}`, reader.token),
      await app.post(`/api/v1/documents/${doc.id}/transition`, { status: 'ISSUED' }, reader.token),
      await app.post(`/api/v1/documents/${doc.id}/send-email`, {}, reader.token),
    ];
    for (const res of writes) {
      expect(res.status).to.equal(403);
      expect(res.body).to.deep.equal({
        error: 'Forbidden',
        message: 'This credential lacks the scope documents:write',
        code: 'FORBIDDEN',
        details: { requiredScope: 'documents:write' },
      });
    }
    const nobody = await makeUser(app, company, { permissions: {} });
    expect((await app.get('/api/v1/documents', nobody.token)).status).to.equal(403);
    expect((await app.get('/api/v1/reports/vat?from=2026-01-01&to=2026-01-31', nobody.token)).body.message).to.equal(
      'This credential lacks the scope reports:read',
    );
    expect((await app.get('/api/v1/documents')).status).to.equal(401);
  });
});
