import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import { type Company, makeCompany, makeDocument } from '../helpers/fixtures';

describe('invoice-doc: text search over document lists (REST ?search= and GraphQL)', () => {
  let app: TestApp;
  let company: Company;
  const numbers: Record<string, string> = {};
  before(async () => {
    app = await startTestApp();
    company = await makeCompany(app);
    for (const [key, body] of Object.entries({
      capek: { clientName: 'Čapek a synové s.r.o.', variableSymbol: '2026001' },
      novak: { clientName: 'Novák & Novák', variableSymbol: '7770012' },
      percent: { clientName: '100% Kvalita a.s.', variableSymbol: '5550001' },
      quote: { type: 'QUOTE', clientName: 'Čapková Marie', variableSymbol: null },
    })) {
      numbers[key] = (await makeDocument(app, company.token, body)).number;
    }
    const other = await makeCompany(app);
    await makeDocument(app, other.token, { clientName: 'Čapek cizí' });
  });
  after(() => app.stop());

  async function rest(query: string): Promise<string[]> {
    const res = await app.get(`/api/v1/documents?${query}`, company.token);
    expect(res.status, res.text).to.equal(200);
    return res.body.data.map((d: any) => d.number);
  }

  it('finds documents by a piece of the number, the variable symbol or the client name, only in the own company', async () => {
    expect(await rest(`search=${encodeURIComponent('Čapek')}`)).to.deep.equal([numbers.capek]);
    // Case-insensitive, Czech letters included.
    expect(await rest(`search=${encodeURIComponent('čapk')}`)).to.deep.equal([numbers.quote]);
    expect(await rest(`search=${encodeURIComponent('NOVÁK')}`)).to.deep.equal([numbers.novak]);
    expect(await rest(`search=${encodeURIComponent('SYNOVÉ')}`)).to.deep.equal([numbers.capek]);
    expect(await rest('search=77700')).to.deep.equal([numbers.novak]);
    expect(await rest(`search=${numbers.percent}`)).to.deep.equal([numbers.percent]);
    expect(await rest(`search=NA0000`)).to.deep.equal([numbers.quote]);
    // One-letter words ("a", "s.r.o.") are checked on the rows the rest of the term finds.
    expect(await rest(`search=${encodeURIComponent('Čapek a synové s.r.o.')}`)).to.deep.equal([numbers.capek]);
    expect(await rest(`search=${encodeURIComponent('a synové s.r.o.')}`)).to.deep.equal([numbers.capek]);
    expect(await rest(`search=${encodeURIComponent('synové a.s.')}`)).to.deep.equal([]);
    expect(await rest(`search=${encodeURIComponent('Čapek a synov')}`)).to.deep.equal([numbers.capek]);
    expect(await rest(`search=${encodeURIComponent('Čapek synové')}`)).to.deep.equal([]);
    expect(await rest(`search=${encodeURIComponent('% Kvalita a.')}`)).to.deep.equal([numbers.percent]);
    // LIKE wildcards typed by a person match themselves.
    expect(await rest(`search=${encodeURIComponent('100%')}`)).to.deep.equal([numbers.percent]);
    expect(await rest(`search=${encodeURIComponent('%')}`)).to.deep.equal([numbers.percent]);
    expect(await rest(`search=_`)).to.deep.equal([]);
  });

  it('combines with the other filters and pages with the cursor', async () => {
    expect(await rest(`search=${encodeURIComponent('Čap')}&type=QUOTE`)).to.deep.equal([numbers.quote]);
    const first = await app.get(`/api/v1/documents?search=${encodeURIComponent('Čap')}&limit=1`, company.token);
    expect(first.body.data.map((d: any) => d.number)).to.deep.equal([numbers.capek]);
    const second = await app.get(
      `/api/v1/documents?search=${encodeURIComponent('Čap')}&limit=1&cursor=${first.body.nextCursor}`,
      company.token,
    );
    expect(second.body.data.map((d: any) => d.number)).to.deep.equal([numbers.quote]);
    expect(second.body.nextCursor).to.equal(null);
  });

  it('pages a date range in issue-date order (a backdated document comes first), through the cursor', async () => {
    const own = await makeCompany(app);
    const late = await makeDocument(app, own.token, { issuedAt: '2026-05-20' });
    const backdated = await makeDocument(app, own.token, { issuedAt: '2026-05-02' });
    const middle = await makeDocument(app, own.token, { issuedAt: '2026-05-10' });
    const outside = await makeDocument(app, own.token, { issuedAt: '2026-06-01' });
    const page = async (query: string) => (await app.get(`/api/v1/documents?${query}`, own.token)).body;
    expect((await page('')).data.map((d: any) => d.id)).to.deep.equal([late.id, backdated.id, middle.id, outside.id]);
    const first = await page('from=2026-05-01&to=2026-05-31&limit=2');
    expect(first.data.map((d: any) => d.id)).to.deep.equal([backdated.id, middle.id]);
    const second = await page(`from=2026-05-01&to=2026-05-31&limit=2&cursor=${first.nextCursor}`);
    expect(second.data.map((d: any) => d.id)).to.deep.equal([late.id]);
    expect(second.nextCursor).to.equal(null);
  });

  it('answers GraphQL like REST and bounds the term', async () => {
    const gql = await app.graphql(
      'query($s: String) { documents(search: $s) { data { number } nextCursor } }',
      { s: 'Čap' },
      company.token,
    );
    expect(gql.body.data.documents.data.map((d: any) => d.number)).to.deep.equal(
      await rest(`search=${encodeURIComponent('Čap')}`),
    );
    const long = await app.get(`/api/v1/documents?search=${'x'.repeat(201)}`, company.token);
    expect(long.status).to.equal(400);
    expect(long.body.details[0].path).to.equal('search');
    const empty = await app.get(`/api/v1/documents?search=`, company.token);
    expect(empty.status).to.equal(400);
  });
});
