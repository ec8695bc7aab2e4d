import { expect } from 'chai';
import { Client } from 'pg';
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

  it('gives 200 parallel issued invoices of one series exactly its numbers 1..200, each with its event', async () => {
    const fresh = await makeCompany(app);
    const key = await makeApiKey(app, fresh);
    const put = await app.put(
      '/api/v1/settings/numbering',
      { series: [{ documentType: 'INVOICE', format: 'FV{YYYY}-{NNNN}/A', restart: 'YEARLY' }] },
      fresh.token,
    );
    expect(put.status, put.text).to.equal(200);
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        app.post(
          '/api/v1/documents',
          {
            type: 'INVOICE',
            status: 'ISSUED',
            clientName: 'Parallel s.r.o.',
            items: [
              { name: `Line ${i}`, quantity: 1, unitPrice: 100, vatRate: 21 },
              { name: 'Second', quantity: 2, unitPrice: 50, vatRate: 12 },
              { name: 'Third', quantity: 3, unitPrice: 10, vatRate: 0 },
            ],
          },
          key.key,
        ),
      ),
    );
    expect(results.map((r) => r.status)).to.deep.equal(Array(200).fill(201));
    const expected = Array.from({ length: 200 }, (_, i) => `FV2026-${String(i + 1).padStart(4, '0')}/A`);
    expect(results.map((r) => r.body.number as string).sort()).to.deep.equal(expected);
    for (const r of results) expect(r.body.variableSymbol).to.equal(r.body.number.replace(/\D/g, ''));

    // The rows as stored, and each document's one document.created with its number.
    const db = new Client({ connectionString: app.databaseUrl });
    await db.connect();
    try {
      const stored = await db.query(
        `SELECT d.number, d.variable_symbol, e.data->>'number' AS event_number FROM documents d
           JOIN event_outbox e ON e.data->>'id' = d.id::text AND e.event = 'document.created'
          WHERE d.organization_id = $1 ORDER BY d.number`,
        [fresh.organizationId],
      );
      expect(stored.rows.map((r) => r.number)).to.deep.equal(expected);
      expect(stored.rows.every((r) => r.event_number === r.number && r.variable_symbol === r.number.replace(/\D/g, '')))
        .to.be.true;
    } finally {
      await db.end();
    }
    const series = await app.get('/api/v1/settings/numbering', key.key);
    expect(series.body.series.find((s: any) => s.documentType === 'INVOICE')).to.include({
      nextNumber: 201,
      preview: 'FV2026-0201/A',
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
