import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeCompany, makeContact, makeUser, type Company } from '../helpers/fixtures';
import { corpusFile, expectedFields, runJobs, uploadRaw } from '../helpers/inbox';

const PDF = corpusFile('f01-kancelar.pdf');
const EXPECTED = expectedFields('f01-kancelar');

const VALUE = '{ value confidence }';
const ITEM = `id status source filename contentType size pages method engine failureReason supplierContactId
  duplicateCostId costId createdAt updatedAt processedAt
  fields { supplierIco ${VALUE} supplierDic ${VALUE} supplierName ${VALUE} documentNumber ${VALUE}
    variableSymbol ${VALUE} issueDate ${VALUE} taxableSupplyDate ${VALUE} dueDate ${VALUE} total ${VALUE}
    currency ${VALUE} iban ${VALUE} accountNumber ${VALUE} vat { rate base vat confidence } }`;
const UPLOAD = `mutation($files: [InboxFileInput!]!) { uploadInboxFiles(files: $files) { ${ITEM} } }`;

describe('inbox: GraphQL over the same service as REST', function () {
  this.timeout(120_000);
  let app: TestApp;
  let company: Company;
  let supplier: any;

  before(async () => {
    app = await startTestApp();
    company = await makeCompany(app);
    supplier = await makeContact(app, company.token, {
      type: 'SUPPLIER',
      name: EXPECTED.supplierName,
      taxId: EXPECTED.supplierIco,
    });
  });
  after(() => app.stop());

  const gql = (query: string, variables: Record<string, unknown> = {}, token = company.token) =>
    app.graphql(query, variables, token);

  /** The item once the due jobs (its inbox.process among them) have run. */
  async function processed(id: string): Promise<any> {
    await runJobs(app);
    const res = await gql(`query($id: ID!) { inboxItem(id: $id) { ${ITEM} } }`, { id });
    expect(res.body.errors, JSON.stringify(res.body.errors)).to.equal(undefined);
    return res.body.data.inboxItem;
  }

  const upload = async (filename: string) => {
    const res = await gql(UPLOAD, { files: [{ filename, contentBase64: PDF.toString('base64') }] });
    expect(res.body.errors, JSON.stringify(res.body.errors)).to.equal(undefined);
    return res.body.data.uploadInboxFiles as any[];
  };

  it('uploads base64 files, reads, lists by status, confirms with corrections and deletes, as REST does', async () => {
    const [first] = await upload('f01-kancelar.pdf');
    expect(first).to.include({ status: 'QUEUED', source: 'UPLOAD', filename: 'f01-kancelar.pdf', size: PDF.length });
    expect(first).to.include({ contentType: 'application/pdf', fields: null, costId: null });

    const item = await processed(first.id);
    expect(item).to.include({ status: 'EXTRACTED', method: 'TEXT', supplierContactId: supplier.id });
    expect(item.fields.supplierIco.value).to.equal(EXPECTED.supplierIco);
    expect(item.fields.variableSymbol.value).to.equal(EXPECTED.variableSymbol);
    expect(item.fields.total.value).to.equal(EXPECTED.total);
    const rest = await app.get(`/api/v1/inbox/${first.id}`, company.token);
    expect(rest.status).to.equal(200);
    // GraphQL's item has REST's fields with the same values (decimals are strings in both).
    expect(item).to.deep.equal(rest.body);

    const confirmed = await gql(
      `mutation($id: ID!, $input: ConfirmInboxItemInput) { confirmInboxItem(id: $id, input: $input) {
        item { id status costId } cost { id number supplierId variableSymbol total inboxItemId attachments { filename } } } }`,
      { id: first.id, input: { variableSymbol: '20269999' } },
    );
    expect(confirmed.body.errors, JSON.stringify(confirmed.body.errors)).to.equal(undefined);
    const { item: done, cost } = confirmed.body.data.confirmInboxItem;
    expect(done).to.deep.equal({ id: first.id, status: 'CONFIRMED', costId: cost.id });
    expect(cost).to.include({ supplierId: supplier.id, variableSymbol: '20269999', total: EXPECTED.total });
    expect(cost.inboxItemId).to.equal(first.id);
    expect(cost.attachments.map((a: any) => a.filename)).to.deep.equal(['f01-kancelar.pdf']);

    // The same invoice again: flagged when read; confirming it answers CONFLICT, as REST's 409.
    const [second] = await upload('again.pdf');
    expect(await processed(second.id)).to.include({ status: 'EXTRACTED', duplicateCostId: cost.id });
    const refused = await gql(`mutation($id: ID!) { confirmInboxItem(id: $id) { cost { id } } }`, { id: second.id });
    expect(refused.body.errors[0].extensions.code).to.equal('CONFLICT');
    const refusedRest = await app.post(`/api/v1/inbox/${second.id}/confirm`, {}, company.token);
    expect(refusedRest.status).to.equal(409);
    expect(refused.body.errors[0].message).to.equal(refusedRest.body.message);

    const page = (status: string | null, cursor: string | null) =>
      gql(
        `query($s: InboxItemStatus, $c: String) { inboxItems(status: $s, limit: 1, cursor: $c) { data { id } nextCursor } }`,
        {
          s: status,
          c: cursor,
        },
      ).then((r) => r.body.data.inboxItems);
    expect(await page('EXTRACTED', null)).to.deep.equal({ data: [{ id: second.id }], nextCursor: null });
    expect(await page('CONFIRMED', null)).to.deep.equal({ data: [{ id: first.id }], nextCursor: null });
    const newest = await page(null, null);
    expect(newest.data).to.deep.equal([{ id: second.id }]);
    expect(await page(null, newest.nextCursor)).to.deep.equal({ data: [{ id: first.id }], nextCursor: null });

    const deleted = await gql(`mutation($id: ID!) { deleteInboxItem(id: $id) }`, { id: second.id });
    expect(deleted.body).to.deep.equal({ data: { deleteInboxItem: true } });
    const gone = await gql(`query($id: ID!) { inboxItem(id: $id) { id } }`, { id: second.id });
    expect(gone.body.errors[0].extensions.code).to.equal('NOT_FOUND');
  });

  it('bounds the upload as REST does (at most 10 files, none is not an upload), strict base64; an unknown type answers REST’s code and message', async () => {
    const file = { filename: 'a.pdf', contentBase64: PDF.subarray(0, 64).toString('base64') };
    const many = await gql(UPLOAD, { files: Array.from({ length: 11 }, () => file) });
    expect(many.body.errors[0].extensions.code).to.equal('PAYLOAD_TOO_LARGE');
    const none = await gql(UPLOAD, { files: [] });
    expect(none.body.errors[0].extensions.code).to.equal('VALIDATION_FAILED');

    const bad = await gql(UPLOAD, { files: [{ filename: 'a.pdf', contentBase64: 'not base64!' }] });
    expect(bad.body.errors[0].extensions.code).to.equal('VALIDATION_FAILED');
    expect(bad.body.errors[0].extensions.details.map((d: any) => d.path)).to.deep.equal(['files[0].contentBase64']);

    const text = Buffer.from('just some text, not an invoice');
    const viaRest = await uploadRaw(app, company.token, [{ filename: 'notes.txt', content: text }]);
    expect(viaRest.status).to.equal(415);
    const viaGraphql = await gql(UPLOAD, {
      files: [{ filename: 'notes.txt', contentBase64: text.toString('base64') }],
    });
    expect(viaGraphql.body.errors[0].extensions.code).to.equal(viaRest.body.code);
    expect(viaGraphql.body.errors[0].message).to.equal(viaRest.body.message);
    const queued = await gql(`query { inboxItems(status: QUEUED) { data { filename } } }`);
    expect(queued.body.data.inboxItems.data).to.deep.equal([]);
  });

  it('needs costs read to see the inbox and costs write to change it', async () => {
    const outsider = await makeUser(app, company, { role: 'MEMBER', permissions: { documents: 'write' } });
    const reader = await makeUser(app, company, { role: 'MEMBER', permissions: { costs: 'read' } });
    const list = await gql(`query { inboxItems { data { id } } }`, {}, outsider.token);
    expect(list.body.errors[0].extensions.code).to.equal('FORBIDDEN');
    const read = await gql(`query { inboxItems { data { id } } }`, {}, reader.token);
    expect(read.body.errors).to.equal(undefined);
    const upload = await gql(
      UPLOAD,
      { files: [{ filename: 'f.pdf', contentBase64: PDF.toString('base64') }] },
      reader.token,
    );
    expect(upload.body.errors[0].extensions.code).to.equal('FORBIDDEN');
  });
});
