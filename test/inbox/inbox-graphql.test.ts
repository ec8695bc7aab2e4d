import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeCompany, makeContact, makeUser, type Company } from '../helpers/fixtures';

const CORPUS = path.join(__dirname, '..', 'fixtures', 'inbox');
const PDF = readFileSync(path.join(CORPUS, 'f01-kancelar.pdf'));
const EXPECTED = JSON.parse(readFileSync(path.join(CORPUS, 'f01-kancelar.json'), 'utf8')) as Record<string, any>;

const VALUE = '{ value confidence }';
const ITEM = `id status source filename contentType size pages method engine failureReason supplierContactId
  duplicateCostId costId createdAt updatedAt processedAt
  fields { supplierIco ${VALUE} supplierDic ${VALUE} supplierName ${VALUE} documentNumber ${VALUE}
    variableSymbol ${VALUE} issueDate ${VALUE} taxableSupplyDate ${VALUE} dueDate ${VALUE} total ${VALUE}
    currency ${VALUE} iban ${VALUE} accountNumber ${VALUE} vat { rate base vat confidence } }`;
const UPLOAD = `mutation($files: [InboxFileInput!]!) { uploadInboxFiles(files: $files) { ${ITEM} } }`;

/** The file as REST multipart (POST /api/v1/inbox), for comparing both answers. */
async function uploadRest(app: TestApp, token: string, filename: string, bytes: Buffer) {
  const form = new FormData();
  form.append('files', new Blob([bytes]), filename);
  const res = await fetch(`${app.url}/api/v1/inbox`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: res.status, body: (await res.json()) as any };
}

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

  /** Asks until the job has read the item (the test app runs the jobs; run-due hurries them). */
  async function extracted(id: string): Promise<any> {
    for (let attempt = 0; attempt < 240; attempt++) {
      const res = await gql(`query($id: ID!) { inboxItem(id: $id) { ${ITEM} } }`, { id });
      expect(res.body.errors, JSON.stringify(res.body.errors)).to.equal(undefined);
      const item = res.body.data.inboxItem;
      if (item.status !== 'QUEUED' && item.status !== 'PROCESSING') return item;
      await app.post('/api/test/jobs/run-due', {});
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`inbox item ${id} was not processed`);
  }

  it('uploads base64 files, reads, lists by status, confirms with corrections and deletes, as REST does', async () => {
    const uploaded = await gql(UPLOAD, {
      files: [
        { filename: 'f01-kancelar.pdf', contentBase64: PDF.toString('base64') },
        { filename: 'second.pdf', contentBase64: PDF.toString('base64') },
      ],
    });
    expect(uploaded.body.errors, JSON.stringify(uploaded.body.errors)).to.equal(undefined);
    const [first, second] = uploaded.body.data.uploadInboxFiles;
    expect(first).to.include({ status: 'QUEUED', source: 'UPLOAD', filename: 'f01-kancelar.pdf', size: PDF.length });
    expect(first).to.include({ contentType: 'application/pdf', fields: null, costId: null });

    const item = await extracted(first.id);
    expect(item.status).to.equal('EXTRACTED');
    expect(item.method).to.equal('TEXT');
    expect(item.fields.supplierIco.value).to.equal(EXPECTED.supplierIco);
    expect(item.fields.variableSymbol.value).to.equal(EXPECTED.variableSymbol);
    expect(item.fields.total.value).to.equal(EXPECTED.total);
    expect(item.supplierContactId).to.equal(supplier.id);
    const rest = await app.get(`/api/v1/inbox/${first.id}`, company.token);
    expect(rest.status).to.equal(200);
    // GraphQL's item has REST's fields, the same values (decimals are strings in both).
    expect(item).to.deep.equal(rest.body);

    await extracted(second.id);
    const listed = await gql(`query { inboxItems(status: EXTRACTED, limit: 1) { data { id } nextCursor } }`);
    expect(listed.body.data.inboxItems.data).to.have.length(1);
    const next = await gql(
      `query($c: String) { inboxItems(status: EXTRACTED, limit: 1, cursor: $c) { data { id } nextCursor } }`,
      {
        c: listed.body.data.inboxItems.nextCursor,
      },
    );
    expect([listed.body.data.inboxItems.data[0].id, next.body.data.inboxItems.data[0].id].sort()).to.deep.equal(
      [first.id, second.id].sort(),
    );
    const queued = await gql(`query { inboxItems(status: QUEUED) { data { id } nextCursor } }`);
    expect(queued.body.data.inboxItems).to.deep.equal({ data: [], nextCursor: null });

    const confirmed = await gql(
      `mutation($id: ID!, $input: ConfirmInboxItemInput) { confirmInboxItem(id: $id, input: $input) {
        item { id status costId } cost { id number supplierId variableSymbol total attachments { filename } } } }`,
      { id: first.id, input: { variableSymbol: '20269999' } },
    );
    expect(confirmed.body.errors, JSON.stringify(confirmed.body.errors)).to.equal(undefined);
    const { item: done, cost } = confirmed.body.data.confirmInboxItem;
    expect(done).to.deep.equal({ id: first.id, status: 'CONFIRMED', costId: cost.id });
    expect(cost).to.include({ supplierId: supplier.id, variableSymbol: '20269999', total: EXPECTED.total });
    expect(cost.attachments.map((a: any) => a.filename)).to.deep.equal(['f01-kancelar.pdf']);

    // The second upload of the same invoice is now flagged; confirming it answers CONFLICT as REST's 409.
    const again = await gql(`query($id: ID!) { inboxItem(id: $id) { duplicateCostId } }`, { id: second.id });
    expect(again.body.data.inboxItem.duplicateCostId).to.equal(cost.id);
    const refused = await gql(`mutation($id: ID!) { confirmInboxItem(id: $id) { cost { id } } }`, { id: second.id });
    expect(refused.body.errors[0].extensions.code).to.equal('CONFLICT');

    const deleted = await gql(`mutation($id: ID!) { deleteInboxItem(id: $id) }`, { id: second.id });
    expect(deleted.body).to.deep.equal({ data: { deleteInboxItem: true } });
    const gone = await gql(`query($id: ID!) { inboxItem(id: $id) { id } }`, { id: second.id });
    expect(gone.body.errors[0].extensions.code).to.equal('NOT_FOUND');
  });

  it('bounds the upload: at most 10 files, strict base64; an unknown type is refused with REST’s code', async () => {
    const file = { filename: 'a.pdf', contentBase64: PDF.subarray(0, 64).toString('base64') };
    const many = await gql(UPLOAD, { files: Array.from({ length: 11 }, () => file) });
    expect(many.body.errors[0].extensions.code).to.equal('VALIDATION_FAILED');
    expect(many.body.errors[0].extensions.details.map((d: any) => d.path)).to.deep.equal(['files']);

    const bad = await gql(UPLOAD, { files: [{ filename: 'a.pdf', contentBase64: 'not base64!' }] });
    expect(bad.body.errors[0].extensions.code).to.equal('VALIDATION_FAILED');
    expect(bad.body.errors[0].extensions.details.map((d: any) => d.path)).to.deep.equal(['files[0].contentBase64']);

    const text = Buffer.from('just some text, not an invoice');
    const viaRest = await uploadRest(app, company.token, 'notes.txt', text);
    expect(viaRest.status).to.equal(415);
    const viaGraphql = await gql(UPLOAD, {
      files: [{ filename: 'notes.txt', contentBase64: text.toString('base64') }],
    });
    expect(viaGraphql.body.errors[0].extensions.code).to.equal(viaRest.body.code);
    expect(viaGraphql.body.errors[0].message).to.equal(viaRest.body.message);
    const none = await gql(`query { inboxItems(status: QUEUED) { data { filename } } }`);
    expect(none.body.data.inboxItems.data).to.deep.equal([]);
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
