import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import { type Company, makeApiKey, makeCompany, makeDocument, makeUser } from '../helpers/fixtures';

describe('documents: numbering series', () => {
  let app: TestApp;
  let company: Company;
  before(async () => {
    app = await startTestApp();
    company = await makeCompany(app);
  });
  after(() => app.stop());

  it('gives 50 parallel creates 50 distinct consecutive numbers', async () => {
    const key = await makeApiKey(app, company);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        app.post(
          '/api/v1/documents',
          {
            type: 'PROFORMA',
            status: i % 2 ? 'ISSUED' : 'DRAFT',
            items: [{ name: `Line ${i}`, quantity: 1, unitPrice: 10, vatRate: 21 }],
          },
          key.key,
        ),
      ),
    );
    expect(results.map((r) => r.status)).to.deep.equal(Array(50).fill(201));
    const numbers = results.map((r) => r.body.number as string).sort();
    expect(numbers).to.deep.equal(Array.from({ length: 50 }, (_, i) => `ZF${String(i + 1).padStart(6, '0')}`));
    const series = await app.get('/api/v1/settings/numbering', key.key);
    expect(series.body.series.find((s: any) => s.documentType === 'PROFORMA')).to.deep.equal({
      documentType: 'PROFORMA',
      format: 'ZF{NNNNNN}',
      restart: 'NEVER',
      prefix: 'ZF',
      padding: 6,
      nextNumber: 51,
      preview: 'ZF000051',
    });
  });

  it('shows defaults for every type and changes prefix, padding and next number', async () => {
    const fresh = await makeCompany(app);
    const res = await app.get('/api/v1/settings/numbering', fresh.token);
    expect(res.status).to.equal(200);
    expect(res.body.series.map((s: any) => s.preview)).to.deep.equal([
      'FV000001',
      'ZF000001',
      'NA000001',
      'OB000001',
      'DL000001',
      'DB000001',
      'ZD000001',
      'N000001',
    ]);

    const put = await app.put(
      '/api/v1/settings/numbering',
      { series: [{ documentType: 'INVOICE', prefix: '2026-', padding: 4, nextNumber: 7 }] },
      fresh.token,
    );
    expect(put.status, put.text).to.equal(200);
    expect(put.body.series[0]).to.deep.equal({
      documentType: 'INVOICE',
      format: '2026-{NNNN}',
      restart: 'NEVER',
      prefix: '2026-',
      padding: 4,
      nextNumber: 7,
      preview: '2026-0007',
    });
    const doc = await makeDocument(app, fresh.token);
    expect(doc).to.include({ number: '2026-0007', variableSymbol: '20260007' });

    // Setting the counter back never duplicates: taken numbers are skipped.
    await app.put('/api/v1/settings/numbering', { series: [{ documentType: 'INVOICE', nextNumber: 7 }] }, fresh.token);
    expect((await makeDocument(app, fresh.token)).number).to.equal('2026-0008');
  });

  it('validates series input', async () => {
    for (const body of [
      {},
      { series: [] },
      { series: [{ documentType: 'BILL' }] },
      { series: [{ documentType: 'INVOICE', padding: 0 }] },
      { series: [{ documentType: 'INVOICE', nextNumber: 1.5 }] },
      { series: [{ documentType: 'INVOICE', prefix: 'FV 2026' }] },
    ]) {
      const res = await app.put('/api/v1/settings/numbering', body, company.token);
      expect(res.status, JSON.stringify(body)).to.equal(400);
      expect(res.body.code).to.equal('VALIDATION_FAILED');
    }
  });

  it('needs the company_settings section', async () => {
    const member = await makeUser(app, company, { permissions: { documents: 'write', company_settings: 'read' } });
    expect((await app.get('/api/v1/settings/numbering', member.token)).status).to.equal(200);
    const put = await app.put(
      '/api/v1/settings/numbering',
      { series: [{ documentType: 'INVOICE', prefix: 'X' }] },
      member.token,
    );
    expect(put.status).to.equal(403);
    expect(put.body.message).to.equal('This credential lacks the scope company_settings:write');
  });
});
