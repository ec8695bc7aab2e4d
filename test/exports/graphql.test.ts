import { expect } from 'chai';
import { parse } from 'csv-parse/sync';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeCompany, makeDocument, type Company } from '../helpers/fixtures';
import { fetchBytes, runJobs } from '../helpers/exports';

/** Issue 27 point 4 over GraphQL: createExport, export(id), exports — the same rules as REST. */
describe('exports: GraphQL (issue 27 point 4)', function () {
  this.timeout(60_000);
  let app: TestApp;
  let company: Company;

  before(async () => {
    app = await startTestApp();
    company = await makeCompany(app);
    await makeDocument(app, company.token, { clientName: 'Graf s.r.o.' });
    await makeDocument(app, company.token, { clientName: 'Nabídka', type: 'QUOTE' });
  });
  after(() => app.stop());

  it('creates an export with list filters as name/value pairs, shows its progress and link', async () => {
    const created = await app.graphql(
      `mutation($input: CreateExportInput!) { createExport(input: $input) { id status } }`,
      {
        input: {
          resource: 'documents',
          format: 'csv',
          separator: ';',
          filters: [{ name: 'type', value: 'INVOICE' }],
          columns: ['clientName', 'total'],
        },
      },
      company.token,
    );
    expect(created.body.errors, created.text).to.equal(undefined);
    const { id, status } = created.body.data.createExport;
    expect(status).to.equal('QUEUED');
    await runJobs(app);
    const one = await app.graphql(
      `query($id: ID!) { export(id: $id) { id status progress { done total } filters { name value } columns downloadUrl downloadExpiresAt } }`,
      { id },
      company.token,
    );
    expect(one.body.errors, one.text).to.equal(undefined);
    const record = one.body.data.export;
    expect(record).to.deep.include({
      status: 'DONE',
      progress: { done: 1, total: 1 },
      filters: [{ name: 'type', value: 'INVOICE' }],
      columns: ['clientName', 'total'],
    });
    const file = await fetchBytes(app, record.downloadUrl);
    expect(parse(file.bytes, { bom: true, delimiter: ';' })).to.deep.equal([
      ['Client', 'Total'],
      ['Graf s.r.o.', '1210.00'],
    ]);
    const list = await app.graphql(`{ exports(status: DONE) { data { id } nextCursor } }`, {}, company.token);
    expect(list.body.data.exports.data.map((e: { id: string }) => e.id)).to.deep.equal([id]);
  });

  it('a bad filter is VALIDATION_FAILED naming it, as over REST', async () => {
    const res = await app.graphql(
      `mutation($input: CreateExportInput!) { createExport(input: $input) { id } }`,
      { input: { resource: 'documents', format: 'csv', filters: [{ name: 'status', value: 'LOST' }] } },
      company.token,
    );
    expect(res.body.errors[0].extensions.code).to.equal('VALIDATION_FAILED');
    expect(JSON.stringify(res.body.errors[0].extensions)).to.contain('filters.status');
  });
});
