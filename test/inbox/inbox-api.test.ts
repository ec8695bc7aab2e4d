import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeCompany, makeContact, makeUser, type Company } from '../helpers/fixtures';
import { corpusFile, getItem, runJobs, upload, uploadRaw } from '../helpers/inbox';

/** Issue 29 points 1 and 3: the inbox's REST API (upload, list, read, file, page image, delete). */
describe('inbox: the REST API (issue 29)', function () {
  this.timeout(120_000);
  let app: TestApp;
  let company: Company;

  before(async () => {
    app = await startTestApp();
    company = await makeCompany(app);
  });
  after(() => app.stop());

  it('takes PDFs, images and ISDOCs as QUEUED items, extracts them by the job and serves the file and a page image', async () => {
    const supplier = await makeContact(app, company.token, {
      name: 'Kancelářské potřeby Novák s.r.o.',
      type: 'SUPPLIER',
      taxId: '26149877',
    });
    const pdf = corpusFile('f01-kancelar.pdf');
    const items = await upload(app, company.token, [
      { filename: 'f01-kancelar.pdf', content: pdf },
      { filename: 'C:\\scans\\h02-tiskarna-300dpi.png', content: corpusFile('h02-tiskarna-300dpi.png') },
    ]);
    expect(items.map((i) => [i.status, i.filename, i.contentType, i.source])).to.deep.equal([
      ['QUEUED', 'f01-kancelar.pdf', 'application/pdf', 'UPLOAD'],
      ['QUEUED', 'h02-tiskarna-300dpi.png', 'image/png', 'UPLOAD'],
    ]);
    expect(items[0]).to.include({ size: pdf.length, fields: null, costId: null, processedAt: null });

    const queued = await app.get('/api/v1/inbox?status=QUEUED', company.token);
    expect(queued.status, queued.text).to.equal(200);
    expect(queued.body.data.map((i: { id: string }) => i.id)).to.have.members(items.map((i) => i.id));

    await runJobs(app);
    const read = await getItem(app, company.token, items[0].id);
    expect(read).to.include({ status: 'EXTRACTED', method: 'TEXT', pages: 1, supplierContactId: supplier.id });
    expect(read.engine).to.match(/pdftotext/);
    expect(read.fields.supplierIco.value).to.equal('26149877');
    expect(read.fields.variableSymbol.value).to.equal('20260458');
    expect(read.fields.total.value).to.equal('7465.70');
    expect(read.processedAt).to.be.a('string');
    const scan = await getItem(app, company.token, items[1].id);
    expect(scan.status, scan.failureReason).to.equal('EXTRACTED');
    expect(scan.method).to.equal('OCR');
    expect(scan.engine).to.match(/tesseract/);

    const extracted = await app.get('/api/v1/inbox?status=EXTRACTED&limit=1', company.token);
    expect(extracted.body.data).to.have.length(1);
    expect(extracted.body.nextCursor).to.be.a('string');

    const file = await fetch(`${app.url}/api/v1/inbox/${items[0].id}/file`, {
      headers: { authorization: `Bearer ${company.token}` },
    });
    expect(file.status).to.equal(200);
    expect(file.headers.get('content-type')).to.equal('application/pdf');
    expect(file.headers.get('content-disposition')).to.match(/^attachment; filename="f01-kancelar.pdf"/);
    expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).to.equal(true);

    const page = await fetch(`${app.url}/api/v1/inbox/${items[0].id}/pages/1`, {
      headers: { authorization: `Bearer ${company.token}` },
    });
    expect(page.status).to.equal(200);
    expect(page.headers.get('content-type')).to.equal('image/png');
    expect(
      Buffer.from(await page.arrayBuffer())
        .subarray(1, 4)
        .toString('latin1'),
    ).to.equal('PNG');
    const noPage = await app.get(`/api/v1/inbox/${items[0].id}/pages/2`, company.token);
    expect(noPage.status, noPage.text).to.equal(400);

    const gone = await app.del(`/api/v1/inbox/${items[1].id}`, company.token);
    expect(gone.status, gone.text).to.equal(204);
    expect((await app.get(`/api/v1/inbox/${items[1].id}`, company.token)).status).to.equal(404);
    expect((await app.get(`/api/v1/inbox/${items[1].id}/file`, company.token)).status).to.equal(404);
  });

  it('refuses a file of another type with 415 and too many or too large files with 413, storing nothing', async () => {
    const before = (await app.get('/api/v1/inbox?limit=100', company.token)).body.data.length;
    const text = await uploadRaw(app, company.token, [
      { filename: 'f01.pdf', content: corpusFile('f01-kancelar.pdf') },
      { filename: 'notes.txt', content: Buffer.from('Faktura 123, celkem 100 Kč') },
    ]);
    expect(text.status, text.text).to.equal(415);
    expect(text.body.code).to.equal('UNSUPPORTED_MEDIA_TYPE');
    expect(text.body.message).to.contain('notes.txt');
    const big = await uploadRaw(app, company.token, [
      { filename: 'big.pdf', content: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(10 * 1024 * 1024)]) },
    ]);
    expect(big.status, big.text).to.equal(413);
    expect(big.body.code).to.equal('PAYLOAD_TOO_LARGE');
    const many = await uploadRaw(
      app,
      company.token,
      Array.from({ length: 11 }, (_, i) => ({ filename: `${i}.pdf`, content: Buffer.from('%PDF-1.7\n') })),
    );
    expect(many.status, many.text).to.equal(413);
    const none = await uploadRaw(app, company.token, []);
    expect(none.status, none.text).to.equal(400);
    const json = await app.post('/api/v1/inbox', { files: [] }, company.token);
    expect(json.status, json.text).to.equal(400);
    expect((await app.get('/api/v1/inbox?limit=100', company.token)).body.data.length).to.equal(before);
  });

  it('is section costs: reading needs costs read, uploading costs write; another company sees nothing', async () => {
    const [item] = await upload(app, company.token, [{ filename: 'f.pdf', content: corpusFile('f02-catering.pdf') }]);
    const reader = await makeUser(app, company, { permissions: { costs: 'read' } });
    expect((await app.get(`/api/v1/inbox/${item.id}`, reader.token)).status).to.equal(200);
    const denied = await uploadRaw(app, reader.token, [{ filename: 'f.pdf', content: corpusFile('f02-catering.pdf') }]);
    expect(denied.status, denied.text).to.equal(403);
    expect((await app.del(`/api/v1/inbox/${item.id}`, reader.token)).status).to.equal(403);
    const none = await makeUser(app, company, { permissions: { documents: 'write', costs: 'none' } });
    expect((await app.get('/api/v1/inbox', none.token)).status).to.equal(403);
    const other = await makeCompany(app);
    expect((await app.get(`/api/v1/inbox/${item.id}`, other.token)).status).to.equal(404);
    expect((await app.get('/api/v1/inbox', other.token)).body.data).to.deep.equal([]);
    await runJobs(app);
  });
});
