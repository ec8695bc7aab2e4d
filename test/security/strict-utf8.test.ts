import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { expect } from 'chai';
import { Client } from 'pg';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeApiKey, makeCompany, type Company } from '../helpers/fixtures';
import { makeDevice } from '../pos/pos.helpers';

/** `{"name":"<bytes>"}` with `bytes` inserted raw, not as UTF-8 of a JS string. */
const jsonWithBytes = (bytes: number[], before = '{"name":"', after = '"}') =>
  Buffer.concat([Buffer.from(before), Buffer.from(bytes), Buffer.from(after)]);

/** Bytes that are no UTF-8: stray continuation/invalid bytes, an overlong "/", an encoded surrogate, a cut sequence. */
const NOT_UTF8 = [[0xff, 0xfe, 0xfd], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0x4b, 0xc3], [0x80]];

/** Issue 24 point 7: a body that is not UTF-8 is 400 INVALID_JSON on every route, never stored with U+FFFD. */
describe('strict input: bodies that are not valid UTF-8', function () {
  this.timeout(60_000);
  let app: TestApp;
  let db: Client;
  let company: Company;
  let key: string;

  before(async () => {
    app = await startTestApp();
    db = new Client({ connectionString: app.databaseUrl });
    await db.connect();
    company = await makeCompany(app);
    key = (await makeApiKey(app, company)).key;
  });
  after(async () => {
    await db?.end();
    await app?.stop();
  });

  const send = (path: string, raw: Buffer, token?: string, headers: Record<string, string> = {}) =>
    app.request('POST', path, { raw, token, headers: { 'content-type': 'application/json', ...headers } });
  const contactCount = async () =>
    Number(
      (await db.query('SELECT count(*) AS n FROM contacts WHERE organization_id = $1', [company.organizationId]))
        .rows[0].n,
    );

  it('a contact from invalid UTF-8 is 400 INVALID_JSON and nothing is stored', async () => {
    const before = await contactCount();
    for (const bytes of NOT_UTF8) {
      const res = await send('/api/v1/contacts', jsonWithBytes(bytes), key);
      expect(res.status, `${bytes.join(',')}: ${res.text}`).to.equal(400);
      expect(res.body).to.deep.equal({
        error: 'Bad Request',
        message: 'The request body is not valid JSON',
        code: 'INVALID_JSON',
      });
    }
    expect(await contactCount()).to.equal(before);
    const stored = await db.query(`SELECT name FROM contacts WHERE name LIKE '%' || chr(65533) || '%'`);
    expect(stored.rowCount).to.equal(0);
  });

  it('valid UTF-8 is kept exactly, a correctly encoded U+FFFD included; a UTF-8 BOM is dropped', async () => {
    const name = 'Žluťoučký kůň \ufffd 😀';
    const res = await send('/api/v1/contacts', Buffer.from(JSON.stringify({ name })), key);
    expect(res.status, res.text).to.equal(201);
    expect(res.body.name).to.equal(name);
    const bom = await send(
      '/api/v1/contacts',
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"name":"BOM"}')]),
      key,
    );
    expect(bom.status, bom.text).to.equal(201);
    expect(bom.body.name).to.equal('BOM');
  });

  it('a gzip-encoded body is read; an unknown Content-Encoding is 400 INVALID_JSON; invalid UTF-8 inside gzip too', async () => {
    const ok = await send('/api/v1/contacts', gzipSync(Buffer.from('{"name":"Zabaleno"}')), key, {
      'content-encoding': 'gzip',
    });
    expect(ok.status, ok.text).to.equal(201);
    expect(ok.body.name).to.equal('Zabaleno');
    const bad = await send('/api/v1/contacts', gzipSync(jsonWithBytes([0xff])), key, { 'content-encoding': 'gzip' });
    expect(bad.body.code).to.equal('INVALID_JSON');
    const unknown = await send('/api/v1/contacts', Buffer.from('{"name":"x"}'), key, { 'content-encoding': 'zstd-x' });
    expect(unknown.body.code).to.equal('INVALID_JSON');
  });

  it('every entry: session routes, API keys, departments, GraphQL, POS and form bodies', async () => {
    const cases: [string, Buffer, string | undefined][] = [
      ['/api/v1/api-keys', jsonWithBytes([0xff]), company.token],
      ['/api/v1/departments', jsonWithBytes([0xc0, 0xaf]), company.token],
      ['/api/v1/auth/signup', jsonWithBytes([0xed, 0xa0, 0x80], '{"companyName":"'), undefined],
      ['/graphql', jsonWithBytes([0xff], '{"query":"{ __typename }","x":"'), key],
    ];
    for (const [path, body, token] of cases) {
      const res = await send(path, body, token);
      expect(res.status, `${path}: ${res.text}`).to.equal(400);
      expect(res.body.code, path).to.equal('INVALID_JSON');
    }
    const keys = await db.query('SELECT name FROM api_keys WHERE organization_id = $1', [company.organizationId]);
    expect(keys.rows.map((r) => r.name)).to.not.include('\ufffd');

    const device = await makeDevice(app, company);
    const idempotencyKey = randomUUID();
    const pos = await send('/api/pos/documents', jsonWithBytes([0xff], '{"number":"'), device.token, {
      'idempotency-key': idempotencyKey,
    });
    expect(pos.status, pos.text).to.equal(400);
    expect(pos.body.code).to.equal('INVALID_JSON');

    const form = await app.request('POST', '/api/v1/oauth/token', {
      raw: Buffer.concat([Buffer.from('grant_type=client_credentials&client_id='), Buffer.from([0xff])]),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status, form.text).to.equal(400);
    expect(form.text).to.not.include('\ufffd');
  });
});
