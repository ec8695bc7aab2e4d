import { expect } from 'chai';
import { PNG } from 'pngjs';
import { startTestApp, type TestApp } from '../helpers/app';
import { type Company, makeCompany, makeDocument, makeUser } from '../helpers/fixtures';
import { ACCOUNT_NUMBER, BILLING, getBytes, IBAN, pdfText, setBilling } from './helpers';

const EMPTY = {
  legalName: null,
  taxId: null,
  vatId: null,
  street: null,
  city: null,
  zip: null,
  country: null,
  vatPayer: false,
  iban: null,
  accountNumber: null,
  email: null,
  phone: null,
  registryText: null,
  lockIssuedDocuments: false,
};

function png(width: number, height: number): Buffer {
  const image = new PNG({ width, height });
  image.data.fill(0x80);
  return PNG.sync.write(image);
}

describe('invoice-doc: company billing data and document look', () => {
  let app: TestApp;
  let company: Company;
  before(async () => {
    app = await startTestApp();
    company = await makeCompany(app, { companyName: 'Kůň' });
  });
  after(() => app.stop());

  async function refused(body: Record<string, unknown>, field: string) {
    const res = await app.put('/api/v1/settings/company', body, company.token);
    expect(res.status, JSON.stringify(body)).to.equal(400);
    expect(res.body.code).to.equal('VALIDATION_FAILED');
    expect(
      res.body.details.map((d: any) => d.path),
      JSON.stringify(body),
    ).to.deep.equal([field]);
    return res.body;
  }

  it('starts empty, stores the billing data and derives the Czech account number from the IBAN', async () => {
    expect((await app.get('/api/v1/settings/company', company.token)).body).to.deep.equal(EMPTY);
    const saved = await setBilling(app, company.token);
    const expected = { ...BILLING, iban: IBAN, accountNumber: ACCOUNT_NUMBER, lockIssuedDocuments: false };
    expect(saved).to.deep.equal(expected);
    expect((await app.get('/api/v1/settings/company', company.token)).body).to.deep.equal(expected);
    // Only the fields sent change; null clears one.
    const partial = await app.put('/api/v1/settings/company', { phone: null, city: 'Praha 2' }, company.token);
    expect(partial.body).to.deep.equal({ ...expected, phone: null, city: 'Praha 2' });
    const foreign = await app.put('/api/v1/settings/company', { iban: 'DE89 3704 0044 0532 0130 00' }, company.token);
    expect(foreign.body).to.include({ iban: 'DE89370400440532013000', accountNumber: null });
    await setBilling(app, company.token);
  });

  it('checks IČO (8 digits, mod-11 check digit) at its edges', async () => {
    // Remainder 0 → check digit 1; remainder 1 → 0; remainder 10 → 1; otherwise 11 − remainder.
    for (const ico of ['00000001', '00000060', '00000051', '27074358', '25596641', '270 74 358']) {
      const res = await app.put('/api/v1/settings/company', { taxId: ico }, company.token);
      expect(res.status, ico).to.equal(200);
      expect(res.body.taxId).to.equal(ico.replace(/ /g, ''));
    }
    for (const ico of ['00000000', '00000061', '00000050', '27074359', '2707435', '270743580', '2707435A', '-2707435'])
      await refused({ taxId: ico }, 'taxId');
    const body = await refused({ taxId: '27074359' }, 'taxId');
    expect(body.message).to.equal(
      'Invalid input: taxId: must be an IČO: 8 digits ending in a valid mod-11 check digit',
    );
  });

  it('checks DIČ (CZ + 8 to 10 digits) and that a VAT payer has one', async () => {
    for (const [dic, stored] of [
      ['CZ12345678', 'CZ12345678'],
      ['cz 1234567890', 'CZ1234567890'],
      ['CZ123456789', 'CZ123456789'],
    ]) {
      const res = await app.put('/api/v1/settings/company', { vatId: dic }, company.token);
      expect(res.status, dic).to.equal(200);
      expect(res.body.vatId).to.equal(stored);
    }
    for (const dic of ['CZ1234567', 'CZ12345678901', 'SK2020202020', '12345678', 'CZ1234567X'])
      await refused({ vatId: dic }, 'vatId');
    await refused({ vatId: null, vatPayer: true }, 'vatId');
    await setBilling(app, company.token);
  });

  it('checks the IBAN at its edges', async () => {
    for (const iban of [
      'CZ6508000000192000145398',
      'CZ65080000001920001453999',
      'CZ65',
      'XX6508000000192000145399',
      'CZ65 0800 0000 1920 0014 539!',
      'C'.repeat(40),
    ])
      await refused({ iban }, 'iban');
    const lower = await app.put('/api/v1/settings/company', { iban: 'cz69 0710 1781 2400 0000 4159' }, company.token);
    expect(lower.body).to.include({ iban: 'CZ6907101781240000004159', accountNumber: '178124-4159/0710' });
    const noPrefix = await app.put('/api/v1/settings/company', { iban: 'CZ5508000000001234567899' }, company.token);
    expect(noPrefix.body).to.include({ accountNumber: '1234567899/0800' });
    await refused({ email: 'not-an-email' }, 'email');
    await refused({ vatPayer: 'yes' }, 'vatPayer');
    await refused({ legalName: 'x'.repeat(201) }, 'legalName');
    await setBilling(app, company.token);
  });

  it('answers GraphQL with the same data and the same validation', async () => {
    const read = await app.graphql(
      '{ companySettings { legalName taxId vatId street city zip country vatPayer iban accountNumber email phone registryText lockIssuedDocuments } }',
      {},
      company.token,
    );
    expect(read.body.data.companySettings).to.deep.equal(
      (await app.get('/api/v1/settings/company', company.token)).body,
    );
    const bad = await app.graphql(
      'mutation($i: UpdateCompanySettingsInput!) { updateCompanySettings(input: $i) { taxId } }',
      { i: { taxId: '12345678' } },
      company.token,
    );
    expect(bad.body.errors[0].extensions.code).to.equal('VALIDATION_FAILED');
    expect(bad.body.errors[0].extensions.details).to.deep.equal([
      { path: 'taxId', message: 'must be an IČO: 8 digits ending in a valid mod-11 check digit' },
    ]);
    const good = await app.graphql(
      'mutation($i: UpdateCompanySettingsInput!) { updateCompanySettings(input: $i) { phone accountNumber } }',
      { i: { phone: '+420 111 222 333' } },
      company.token,
    );
    expect(good.body.data.updateCompanySettings).to.deep.equal({
      phone: '+420 111 222 333',
      accountNumber: ACCOUNT_NUMBER,
    });
    const look = await app.graphql(
      'mutation { updateDocumentLook(input: { accentColor: "#336699", language: "en" }) { accentColor language footerText logoContentType } }',
      {},
      company.token,
    );
    expect(look.body.data.updateDocumentLook).to.deep.equal({
      accentColor: '#336699',
      language: 'en',
      footerText: null,
      logoContentType: null,
    });
    const gqlLook = await app.graphql('{ documentLook { accentColor language } }', {}, company.token);
    expect(gqlLook.body.data.documentLook).to.deep.equal({ accentColor: '#336699', language: 'en' });
    await app.put('/api/v1/settings/document-look', { accentColor: '#1f4e79', language: 'cs' }, company.token);
  });

  it('needs company_settings: read to see, write to change', async () => {
    const reader = await makeUser(app, company, { permissions: { company_settings: 'read' } });
    const outsider = await makeUser(app, company, { permissions: { documents: 'write' } });
    expect((await app.get('/api/v1/settings/company', reader.token)).status).to.equal(200);
    expect((await app.put('/api/v1/settings/company', { phone: null }, reader.token)).status).to.equal(403);
    expect((await app.get('/api/v1/settings/company', outsider.token)).status).to.equal(403);
    expect((await app.put('/api/v1/settings/document-look', { language: 'en' }, reader.token)).status).to.equal(403);
    expect((await app.get('/api/v1/settings/company')).status).to.equal(401);
  });

  it('prints with the document look: language, accent colour, footer and logo', async () => {
    const look = await app.put(
      '/api/v1/settings/document-look',
      { accentColor: '#aa3300', footerText: 'Děkujeme & nashledanou <3', language: 'en' },
      company.token,
    );
    expect(look.status, look.text).to.equal(200);
    expect(look.body).to.deep.equal({
      accentColor: '#aa3300',
      footerText: 'Děkujeme & nashledanou <3',
      language: 'en',
      logoContentType: null,
      logoSha256: null,
    });
    const logo = png(120, 40);
    const uploaded = await app.put(
      '/api/v1/settings/document-look/logo',
      { contentType: 'image/png', data: logo.toString('base64') },
      company.token,
    );
    expect(uploaded.status, uploaded.text).to.equal(200);
    expect(uploaded.body.logoContentType).to.equal('image/png');
    const served = await getBytes(app, '/api/v1/settings/document-look/logo', company.token);
    expect(served.bytes.equals(logo)).to.equal(true);
    expect(served.headers.get('content-type')).to.equal('image/png');

    const doc = await makeDocument(app, company.token, { status: 'ISSUED', clientName: 'Customer Ltd' });
    const page = await app.request('GET', new URL(doc.publicUrl).pathname, { headers: { accept: 'text/html' } });
    expect(page.text).to.include('<html lang="en">');
    expect(page.text).to.include('<h1 data-field="title">Invoice – tax document</h1>');
    expect(page.text).to.include('#aa3300');
    expect(page.text).to.include('<footer data-field="footer">Děkujeme &amp; nashledanou &lt;3</footer>');
    expect(page.text).to.include(`<img class="logo" src="data:image/png;base64,${logo.toString('base64')}"`);
    await app.put('/api/v1/settings/document-look', { language: 'cs', footerText: null }, company.token);
  });

  it('accepts a clean SVG logo, serves it with a CSP that blocks script, and refuses unsafe or oversized ones', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="40"><rect width="100" height="40" fill="#c00"/><text x="5" y="25">Logo Řeřicha</text></svg>';
    const ok = await app.put(
      '/api/v1/settings/document-look/logo',
      { contentType: 'image/svg+xml', data: Buffer.from(svg).toString('base64') },
      company.token,
    );
    expect(ok.status, ok.text).to.equal(200);
    const served = await getBytes(app, '/api/v1/settings/document-look/logo', company.token);
    expect(served.headers.get('content-type')).to.equal('image/svg+xml');
    expect(served.headers.get('content-security-policy')).to.equal(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
    expect(served.headers.get('x-content-type-options')).to.equal('nosniff');
    // The PDF draws the SVG as vectors, its text in the embedded font.
    const doc = await makeDocument(app, company.token, { status: 'ISSUED', clientName: 'Zákazník' });
    const pdf = await getBytes(app, `/api/v1/documents/${doc.id}/pdf`, company.token);
    expect(await pdfText(pdf.bytes)).to.include('Logo Řeřicha');

    const unsafe = [
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><a href="javascript:alert(1)"><rect/></a></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><image href="https://evil.example/x.png"/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><div>x</div></foreignObject></svg>',
      '<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg>&x;</svg>',
      '<html><body>not an svg</body></html>',
    ];
    for (const text of unsafe) {
      const res = await app.put(
        '/api/v1/settings/document-look/logo',
        { contentType: 'image/svg+xml', data: Buffer.from(text).toString('base64') },
        company.token,
      );
      expect(res.status, text).to.equal(400);
      expect(res.body.details[0].path, text).to.equal('data');
    }
    const notPng = await app.put(
      '/api/v1/settings/document-look/logo',
      { contentType: 'image/png', data: Buffer.from(svg).toString('base64') },
      company.token,
    );
    expect(notPng.status).to.equal(400);
    const big = await app.put(
      '/api/v1/settings/document-look/logo',
      { contentType: 'image/png', data: Buffer.alloc(256 * 1024 + 1).toString('base64') },
      company.token,
    );
    expect(big.status).to.equal(400);
    expect(big.body.details[0].path).to.equal('data');
    const removed = await app.del('/api/v1/settings/document-look/logo', company.token);
    expect(removed.body.logoContentType).to.equal(null);
    expect((await app.get('/api/v1/settings/document-look/logo', company.token)).status).to.equal(404);
  });
});
