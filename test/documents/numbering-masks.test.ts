import { expect } from 'chai';
import { Client } from 'pg';
import { CZ_TZ, dayjs } from '../../src/core/clock';
import { Migration0025NumberingMasks } from '../../src/migrations/Migration0025NumberingMasks';
import { startTestApp, TEST_EPOCH, type TestApp } from '../helpers/app';
import { setClock } from '../helpers/controls';
import { type Company, makeApiKey, makeCompany, makeDocument } from '../helpers/fixtures';

/** The last second of 2026 and the first of 2027 in Prague (CET, UTC+1). */
const LAST_SECOND_2026 = '2026-12-31T22:59:59.000Z';
const FIRST_SECOND_2027 = '2026-12-31T23:00:00.000Z';
const ITEMS = [{ name: 'Práce', quantity: 1, unitPrice: 100, vatRate: 21 }];

describe('documents: numbering masks and yearly restart', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp();
  });
  after(() => app.stop());

  async function useMask(company: Company, documentType: string, format: string, restart = 'YEARLY'): Promise<any> {
    const res = await app.put(
      '/api/v1/settings/numbering',
      { series: [{ documentType, format, restart }] },
      company.token,
    );
    expect(res.status, res.text).to.equal(200);
    return res.body.series.find((s: any) => s.documentType === documentType);
  }

  it('numbers by the mask for the issue date in Prague, with the digits as variable symbol', async () => {
    const company = await makeCompany(app);
    const series = await useMask(company, 'INVOICE', 'FV{YYYY}-{NNNN}');
    expect(series).to.deep.equal({
      documentType: 'INVOICE',
      format: 'FV{YYYY}-{NNNN}',
      restart: 'YEARLY',
      prefix: 'FV{YYYY}-',
      padding: 4,
      nextNumber: 1,
      preview: 'FV2026-0001',
    });
    expect(await makeDocument(app, company.token)).to.include({ number: 'FV2026-0001', variableSymbol: '20260001' });
    expect(await makeDocument(app, company.token)).to.include({ number: 'FV2026-0002', variableSymbol: '20260002' });
    // Backdated into 2025 (23:30 on 31 Dec in Prague is still 2025): that year's own counter.
    const backdated = await makeDocument(app, company.token, { issuedAt: '2025-12-31T22:30:00Z' });
    expect(backdated.number).to.equal('FV2025-0001');
    expect((await makeDocument(app, company.token)).number).to.equal('FV2026-0003');

    await useMask(company, 'PROFORMA', '{YY}{MM}{NNNN}');
    const proforma = await makeDocument(app, company.token, { type: 'PROFORMA', issuedAt: '2026-02-28T23:30:00Z' });
    expect(proforma).to.include({ number: '26030001', variableSymbol: '26030001' });
  });

  it('restarts at midnight Prague on 31 December through the Clock', async () => {
    const company = await makeCompany(app);
    await useMask(company, 'INVOICE', 'FV{YYYY}-{NNNN}');
    await makeDocument(app, company.token);
    await makeDocument(app, company.token);
    // A key, not the session: moving the Clock half a year on ends the session.
    const key = (await makeApiKey(app, company)).key;
    try {
      await rollOver(key);
    } finally {
      await setClock(app, TEST_EPOCH);
    }
  });

  async function rollOver(key: string): Promise<void> {
    await setClock(app, LAST_SECOND_2026);
    expect((await makeDocument(app, key)).number).to.equal('FV2026-0003');
    await setClock(app, FIRST_SECOND_2027);
    const first = await makeDocument(app, key);
    expect(first).to.include({ number: 'FV2027-0001', variableSymbol: '20270001' });
    const listed = await app.get('/api/v1/settings/numbering', key);
    const invoice = listed.body.series.find((s: any) => s.documentType === 'INVOICE');
    expect(invoice).to.include({ nextNumber: 2, preview: 'FV2027-0002' });

    // A series that never restarts carries on across the year.
    expect((await makeDocument(app, key, { type: 'QUOTE' })).number).to.equal('NA000001');
    await setClock(app, LAST_SECOND_2026);
    expect((await makeDocument(app, key, { type: 'QUOTE' })).number).to.equal('NA000002');
    await setClock(app, FIRST_SECOND_2027);
    expect((await makeDocument(app, key, { type: 'QUOTE' })).number).to.equal('NA000003');

    // Deleting the newest draft of 2027 gives its number back; the 2026 counter is untouched.
    const draft = await makeDocument(app, key, { status: 'DRAFT' });
    expect(draft.number).to.equal('FV2027-0002');
    expect((await app.del(`/api/v1/documents/${draft.id}`, key)).status).to.equal(204);
    expect((await makeDocument(app, key)).number).to.equal('FV2027-0002');
    expect((await makeDocument(app, key, { issuedAt: LAST_SECOND_2026 })).number).to.equal('FV2026-0004');
  }

  it('renumbers a draft moved into another year; an issued document keeps its year', async () => {
    const company = await makeCompany(app);
    await useMask(company, 'INVOICE', 'FV{YYYY}-{NNNN}');
    await makeDocument(app, company.token);
    const draft = await makeDocument(app, company.token, { status: 'DRAFT' });
    expect(draft).to.include({ number: 'FV2026-0002', variableSymbol: '20260002' });

    // Back into 2025: that year's first number, and 2026's number 2 is given back as the last one.
    const moved = await app.patch(`/api/v1/documents/${draft.id}`, { issuedAt: '2025-12-31T12:00:00Z' }, company.token);
    expect(moved.status, moved.text).to.equal(200);
    expect(moved.body).to.include({ number: 'FV2025-0001', variableSymbol: '20250001' });
    expect((await makeDocument(app, company.token)).number).to.equal('FV2026-0002');

    // Within its year a draft keeps its number; a variable symbol set by hand stays.
    const own = await makeDocument(app, company.token, { status: 'DRAFT', variableSymbol: '777' });
    const sameYear = await app.patch(
      `/api/v1/documents/${own.id}`,
      { issuedAt: '2026-01-02T12:00:00Z' },
      company.token,
    );
    expect(sameYear.body).to.include({ number: 'FV2026-0003', variableSymbol: '777' });
    const nextYear = await app.patch(
      `/api/v1/documents/${own.id}`,
      { issuedAt: '2025-06-02T12:00:00Z' },
      company.token,
    );
    expect(nextYear.body).to.include({ number: 'FV2025-0002', variableSymbol: '777' });

    const issued = await makeDocument(app, company.token, { status: 'ISSUED' });
    const refused = await app.patch(
      `/api/v1/documents/${issued.id}`,
      { issuedAt: '2025-12-30T12:00:00Z' },
      company.token,
    );
    expect(refused.status).to.equal(400);
    expect(refused.body.details).to.deep.equal([
      { path: 'issuedAt', message: 'an issued document cannot move into another numbering period' },
    ]);
    const within = await app.patch(
      `/api/v1/documents/${issued.id}`,
      { issuedAt: '2026-01-05T12:00:00Z' },
      company.token,
    );
    expect(within.status, within.text).to.equal(200);
    expect(within.body.number).to.equal(issued.number);
  });

  it('gives parallel creates on both sides of the year boundary gapless, unique numbers per year', async () => {
    const company = await makeCompany(app);
    await useMask(company, 'INVOICE', 'F{YY}{NNNNNN}');
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        app.post(
          '/api/v1/documents',
          {
            type: 'INVOICE',
            status: i % 3 ? 'ISSUED' : 'DRAFT',
            issuedAt: i % 2 ? LAST_SECOND_2026 : FIRST_SECOND_2027,
            items: ITEMS,
          },
          company.token,
        ),
      ),
    );
    expect(results.map((r) => r.status)).to.deep.equal(Array(40).fill(201));
    const numbers = results.map((r) => r.body.number as string).sort();
    const expected = (yy: string) => Array.from({ length: 20 }, (_, i) => `F${yy}${String(i + 1).padStart(6, '0')}`);
    expect(numbers).to.deep.equal([...expected('26'), ...expected('27')]);
  });

  it('numbers creates racing the Clock over midnight by the year each one was issued in', async () => {
    const company = await makeCompany(app);
    await useMask(company, 'ORDER', 'OB{YYYY}{NNNN}');
    const key = (await makeApiKey(app, company)).key;
    const create = () => app.post('/api/v1/documents', { type: 'ORDER', items: ITEMS }, key);
    try {
      await setClock(app, LAST_SECOND_2026);
      // The first wave is in flight while the Clock passes midnight; the second starts after it.
      const before = Array.from({ length: 15 }, create);
      await setClock(app, FIRST_SECOND_2027);
      const after = await Promise.all(Array.from({ length: 15 }, create));
      const all = [...(await Promise.all(before)), ...after];
      expect(all.map((r) => r.status)).to.deep.equal(Array(30).fill(201));
      const byYear = new Map<string, string[]>();
      for (const { body } of all) {
        const year = dayjs(body.issuedAt).tz(CZ_TZ).format('YYYY');
        expect(body.number.slice(2, 6), body.issuedAt).to.equal(year);
        byYear.set(year, [...(byYear.get(year) ?? []), body.number]);
      }
      expect(after.every((r) => r.body.number.startsWith('OB2027'))).to.equal(true);
      for (const [year, numbers] of byYear)
        expect(numbers.sort()).to.deep.equal(numbers.map((_, i) => `OB${year}${String(i + 1).padStart(4, '0')}`));
    } finally {
      await setClock(app, TEST_EPOCH);
    }
  });

  it('refuses masks that are not allowed, naming format', async () => {
    const company = await makeCompany(app);
    const cases: [Record<string, unknown>, string][] = [
      [{ format: 'FV{YYYY}' }, 'needs exactly one counter token'],
      [{ format: '{YY}{NNN}-{NNN}' }, 'needs exactly one counter token'],
      [{ format: 'FV{DD}{NNNN}' }, 'unknown token {DD}'],
      [{ format: 'FV {YY}{NNNN}' }, '" " is not allowed'],
      [{ format: 'FV{YYYY}{NNNNNNN}' }, 'prints 11 digits'],
      [{ format: '12{YYYY}{NNNNN}' }, 'prints 11 digits'],
      [{ format: 'FV{NNNN}', restart: 'YEARLY' }, 'needs {YYYY} or {YY}'],
      [{ restart: 'YEARLY' }, 'needs {YYYY} or {YY}'],
      [{ format: 'FV{YY}{NNNN}', prefix: 'FV' }, 'not together with prefix or padding'],
    ];
    for (const [change, message] of cases) {
      const res = await app.put(
        '/api/v1/settings/numbering',
        { series: [{ documentType: 'INVOICE', ...change }] },
        company.token,
      );
      expect(res.status, JSON.stringify(change)).to.equal(400);
      expect(res.body.code).to.equal('VALIDATION_FAILED');
      expect(res.body.details[0].path).to.equal('series[0].format');
      expect(res.body.details[0].message, JSON.stringify(change)).to.contain(message);
    }
    for (const change of [{ format: `${'A'.repeat(38)}{N}` }, { restart: 'MONTHLY' }, { format: 42 }]) {
      const res = await app.put(
        '/api/v1/settings/numbering',
        { series: [{ documentType: 'INVOICE', ...change }] },
        company.token,
      );
      expect(res.status, JSON.stringify(change)).to.equal(400);
    }
    // Nothing changed: still the old series.
    expect((await makeDocument(app, company.token)).number).to.equal('FV000001');
  });

  it('changes prefix and padding around the counter of a mask', async () => {
    const company = await makeCompany(app);
    await useMask(company, 'INVOICE', 'FV{YYYY}-{NNNN}/A');
    const res = await app.put(
      '/api/v1/settings/numbering',
      { series: [{ documentType: 'INVOICE', prefix: 'FA', padding: 5, nextNumber: 12 }] },
      company.token,
    );
    expect(res.status, res.text).to.equal(400);
    expect(res.body.details[0].message).to.contain('needs {YYYY} or {YY}');
    const ok = await app.put(
      '/api/v1/settings/numbering',
      { series: [{ documentType: 'INVOICE', prefix: 'FA', padding: 5, nextNumber: 12, restart: 'NEVER' }] },
      company.token,
    );
    expect(ok.body.series[0]).to.include({ format: 'FA{NNNNN}/A', nextNumber: 12, preview: 'FA00012/A' });
  });

  it('does the same through GraphQL', async () => {
    const company = await makeCompany(app);
    const fields = 'documentType format restart prefix padding nextNumber preview';
    const updated = await app.graphql(
      `mutation ($series: [NumberingSeriesInput!]!) { updateNumberingSeries(series: $series) { ${fields} } }`,
      { series: [{ documentType: 'CREDIT_NOTE', format: 'DB{YY}{NNNN}', restart: 'YEARLY' }] },
      company.token,
    );
    expect(updated.body.errors).to.equal(undefined);
    const viaGraphql = await app.graphql(`{ numberingSeries { ${fields} } }`, {}, company.token);
    const viaRest = await app.get('/api/v1/settings/numbering', company.token);
    expect(viaGraphql.body.data.numberingSeries).to.deep.equal(viaRest.body.series);
    expect(viaRest.body.series.find((s: any) => s.documentType === 'CREDIT_NOTE')).to.include({ preview: 'DB260001' });

    const refused = await app.graphql(
      `mutation ($series: [NumberingSeriesInput!]!) { updateNumberingSeries(series: $series) { documentType } }`,
      { series: [{ documentType: 'INVOICE', format: 'FV{NNNN}{NN}' }] },
      company.token,
    );
    expect(refused.body.errors[0].extensions.code).to.equal('VALIDATION_FAILED');
  });

  it('migrates an old prefix + padding series onto the mask printing the same numbers', async () => {
    const company = await makeCompany(app);
    await makeDocument(app, company.token, { type: 'ORDER' });
    const db = new Client({ connectionString: app.databaseUrl });
    await db.connect();
    const migration = new Migration0025NumberingMasks(null as never, null as never);
    const run = async (step: 'up' | 'down') => {
      migration.reset();
      migration[step]();
      // The migration adds plain SQL strings.
      for (const sql of migration.getQueries() as string[]) await db.query(sql);
    };
    try {
      await db.query('BEGIN');
      await run('down');
      const [old] = (
        await db.query(`SELECT prefix, padding, next_number FROM numbering_series WHERE organization_id = $1`, [
          company.organizationId,
        ])
      ).rows;
      expect(old).to.deep.equal({ prefix: 'OB', padding: 6, next_number: '2' });
      await db.query(
        `INSERT INTO numbering_series (organization_id, document_type, prefix, padding, next_number, updated_at)
         VALUES ($1, 'INVOICE', 'FA2026/', 4, 38, now())`,
        [company.organizationId],
      );
      await run('up');
      await db.query('COMMIT');
    } finally {
      await db.end();
    }
    expect((await makeDocument(app, company.token)).number).to.equal('FA2026/0038');
    expect((await makeDocument(app, company.token, { type: 'ORDER' })).number).to.equal('OB000002');
    const listed = await app.get('/api/v1/settings/numbering', company.token);
    expect(listed.body.series[0]).to.include({ format: 'FA2026/{NNNN}', restart: 'NEVER', nextNumber: 39 });
  });
});
