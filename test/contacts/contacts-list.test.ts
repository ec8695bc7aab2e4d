import { expect } from 'chai';
import { startTestApp, type HttpResult, type TestApp } from '../helpers/app';
import { type Company, makeApiKey, makeCompany, makeContact } from '../helpers/fixtures';

describe('contacts: list, filters and pagination', () => {
  let app: TestApp;
  let company: Company;
  let key: string;
  const ids: Record<string, string> = {};
  before(async () => {
    app = await startTestApp();
    company = await makeCompany(app);
    key = (await makeApiKey(app, company)).key;
    const other = await makeCompany(app);
    await makeContact(app, other.token, { name: 'Alfa cizí' });
    for (const [name, extra] of [
      ['Alfa a.s.', { taxId: '11111111' }],
      ['Beta s.r.o.', { type: 'SUPPLIER', email: 'beta@example.cz' }],
      ['Gama 100% s.r.o.', {}],
      ['Delta', { vatId: 'CZ22222222' }],
      ['alfa malá', { type: 'SUPPLIER' }],
    ] as const) {
      ids[name] = (await makeContact(app, key, { name, ...extra })).id;
    }
    await app.patch(`/api/v1/contacts/${ids.Delta}`, { archived: true }, key);
  });
  after(() => app.stop());

  async function names(query: string): Promise<string[]> {
    const res = await app.get(`/api/v1/contacts${query}`, key);
    expect(res.status, res.text).to.equal(200);
    expect(res.body.nextCursor).to.equal(null);
    return res.body.data.map((c: { name: string }) => c.name);
  }

  it('lists only the own organization, oldest first', async () => {
    expect(await names('')).to.deep.equal(['Alfa a.s.', 'Beta s.r.o.', 'Gama 100% s.r.o.', 'Delta', 'alfa malá']);
  });

  it('filters by archived, type and search (name, e-mail, IČO, DIČ; wildcards literal)', async () => {
    expect(await names('?archived=true')).to.deep.equal(['Delta']);
    expect(await names('?archived=false')).to.deep.equal(['Alfa a.s.', 'Beta s.r.o.', 'Gama 100% s.r.o.', 'alfa malá']);
    expect(await names('?type=SUPPLIER')).to.deep.equal(['Beta s.r.o.', 'alfa malá']);
    expect(await names('?search=ALFA')).to.deep.equal(['Alfa a.s.', 'alfa malá']);
    expect(await names('?search=beta%40example')).to.deep.equal(['Beta s.r.o.']);
    expect(await names('?search=1111')).to.deep.equal(['Alfa a.s.']);
    expect(await names('?search=cz2222')).to.deep.equal(['Delta']);
    expect(await names('?search=100%25')).to.deep.equal(['Gama 100% s.r.o.']);
    expect(await names('?search=_')).to.deep.equal([]);
    expect(await names('?search=alfa&type=SUPPLIER&archived=false')).to.deep.equal(['alfa malá']);
  });

  it('pages with limit and cursor without gaps or repeats', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: HttpResult = await app.get(`/api/v1/contacts?limit=2${cursor ? `&cursor=${cursor}` : ''}`, key);
      expect(res.status, res.text).to.equal(200);
      expect(res.body.data.length).to.be.at.most(2);
      seen.push(...res.body.data.map((c: { name: string }) => c.name));
      cursor = res.body.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).to.equal(3);
    expect(seen).to.deep.equal(['Alfa a.s.', 'Beta s.r.o.', 'Gama 100% s.r.o.', 'Delta', 'alfa malá']);
  });

  it('refuses bad list parameters', async () => {
    for (const query of [
      '?limit=0',
      '?limit=201',
      '?limit=abc',
      '?cursor=garbage',
      '?archived=maybe',
      '?type=FRIEND',
    ]) {
      const res = await app.get(`/api/v1/contacts${query}`, key);
      expect(res.status, query).to.equal(400);
      expect(res.body.code, query).to.equal('VALIDATION_FAILED');
    }
  });
});
