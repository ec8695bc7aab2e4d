import { randomBytes, randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { Client } from 'pg';
import { sha256Hex } from '../../src/core/secrets';
import type { TestApp } from '../helpers/app';
import { advanceClock } from '../helpers/controls';
import { UNAUTHORIZED_BODY, type Company } from '../helpers/fixtures';
import { issueOk, makeDevice, nextNumber, posPost, receipt, startPosFixture, stopPosFixture } from './pos.helpers';

/**
 * POST /api/pos/documents authenticates the register in the gate, like every route: the token is
 * checked against the database on every request, so a rotation or revocation by any process is
 * refused at once, an unknown token is 401 before anything else about the request, and lastUsedAt
 * is kept to the minute.
 */
describe('POS: the single issue authenticates its register', function () {
  this.timeout(60_000);
  let app: TestApp;
  let company: Company;
  let db: Client;
  before(async () => ({ app, company, db } = await startPosFixture()));
  after(() => stopPosFixture({ app, db }));

  const documentsNumbered = async (number: string) =>
    Number((await db.query('SELECT count(*) FROM documents WHERE number = $1', [number])).rows[0].count);
  const keyBound = async (deviceId: string, key: string) =>
    Number(
      (await db.query('SELECT count(*) FROM pos_idempotency_keys WHERE device_id = $1 AND key = $2', [deviceId, key]))
        .rows[0].count,
    );
  const lastUsedAt = async (deviceId: string) =>
    (await db.query('SELECT last_used_at FROM pos_devices WHERE id = $1', [deviceId])).rows[0]
      .last_used_at as Date | null;

  async function expectRefused(token: string, body: unknown, key: string | null = randomUUID()) {
    const res = await posPost(app, '/documents', token, body, key);
    expect(res.status, res.text).to.equal(401);
    expect(res.body).to.deep.equal(UNAUTHORIZED_BODY);
  }

  it('a token rotated or revoked by another process (straight in the database) is refused at once, and writes nothing', async () => {
    const d = await makeDevice(app, company);
    await issueOk(app, d.token);
    // As another process of the app would: no cache of this process can outlive it.
    const fresh = `pos_${randomBytes(32).toString('hex')}`;
    await db.query('UPDATE pos_devices SET token_hash = $1 WHERE id = $2', [sha256Hex(fresh), d.id]);
    const refused = receipt();
    const key = randomUUID();
    await expectRefused(d.token, refused, key);
    expect(await documentsNumbered(refused.number as string)).to.equal(0);
    expect(await keyBound(d.id, key)).to.equal(0);
    await issueOk(app, fresh);
    await db.query('UPDATE pos_devices SET revoked_at = now() WHERE id = $1', [d.id]);
    await expectRefused(fresh, receipt());
  });

  it('the register becomes the caller: posDeviceId of the receipt, organization and credential in the log', async () => {
    const d = await makeDevice(app, company);
    const res = await posPost(app, '/documents', d.token, receipt(), randomUUID());
    expect(res.status, res.text).to.equal(201);
    expect(res.body.data.posDeviceId).to.equal(d.id);
    const line = app.logs
      .map((l) => JSON.parse(l))
      .find((l) => l.msg === 'request' && l.reqId === res.headers.get('x-request-id'));
    expect(line).to.include({ org: company.organizationId, credential: 'pos', status: 201 });
  });

  it('a revoked register is refused even for a key it bound before: 401, not a replay', async () => {
    const d = await makeDevice(app, company);
    const key = randomUUID();
    await issueOk(app, d.token, receipt(), key);
    expect((await app.post(`/api/v1/pos-devices/${d.id}/revoke`, {}, company.token)).status).to.equal(200);
    await expectRefused(d.token, receipt(), key);
  });

  it('an unknown token is 401 before anything about the request: key, JSON, body rules, number', async () => {
    const d = await makeDevice(app, company);
    const taken = receipt();
    await issueOk(app, d.token, taken);
    const unknown = `pos_${'0'.repeat(64)}`;
    const raw = (token: string, headers: Record<string, string>) =>
      app.request('POST', '/api/pos/documents', {
        token,
        raw: '{not json',
        headers: { 'content-type': 'application/json', ...headers },
      });
    for (const token of [unknown, 'pos_short', `pos_${'A'.repeat(64)}`]) {
      await expectRefused(token, receipt(), null);
      await expectRefused(token, receipt(), 'x'.repeat(201));
      const badJson = await raw(token, { 'idempotency-key': randomUUID() });
      expect([badJson.status, badJson.body]).to.deep.equal([401, UNAUTHORIZED_BODY]);
      await expectRefused(token, receipt({ items: [] }));
      await expectRefused(token, { ...taken });
      await expectRefused(token, receipt());
    }
    // The same requests with the register's token get their own answers, in the same order.
    expect((await posPost(app, '/documents', d.token, receipt(), null)).body.code).to.equal('IDEMPOTENCY_KEY_REQUIRED');
    expect((await raw(d.token, { 'idempotency-key': randomUUID() })).body.code).to.equal('INVALID_JSON');
    expect((await posPost(app, '/documents', d.token, receipt({ items: [] }))).body.code).to.equal('VALIDATION_FAILED');
    expect((await posPost(app, '/documents', d.token, { ...taken })).status).to.equal(409);
  });

  it('keeps lastUsedAt on every path of a single issue: written, replayed, 400 and 409', async () => {
    const cases: [string, (token: string) => Promise<number>][] = [
      ['written', async (token) => (await posPost(app, '/documents', token, receipt())).status],
      ['400', async (token) => (await posPost(app, '/documents', token, receipt({ items: [] }))).status],
      [
        '409',
        async (token) => {
          const number = nextNumber();
          await issueOk(app, (await makeDevice(app, company)).token, receipt({ number }));
          return (await posPost(app, '/documents', token, receipt({ number }))).status;
        },
      ],
    ];
    for (const [label, send] of cases) {
      const d = await makeDevice(app, company);
      expect(await lastUsedAt(d.id), label).to.equal(null);
      await send(d.token);
      expect(await lastUsedAt(d.id), label).to.be.an.instanceOf(Date);
    }
    // A replay after the minute touches it again; within the minute it is left alone (one write a minute at most).
    const d = await makeDevice(app, company);
    const key = randomUUID();
    await issueOk(app, d.token, receipt(), key);
    const first = (await lastUsedAt(d.id))!;
    expect((await posPost(app, '/documents', d.token, receipt(), key)).status).to.equal(200);
    expect((await lastUsedAt(d.id))!.getTime()).to.equal(first.getTime());
    await advanceClock(app, 61);
    expect((await posPost(app, '/documents', d.token, receipt(), key)).status).to.equal(200);
    expect((await lastUsedAt(d.id))!.getTime() - first.getTime()).to.be.at.least(61_000);
  });

  it('parallel receipts of one register past the minute all succeed and move lastUsedAt', async () => {
    const d = await makeDevice(app, company);
    await issueOk(app, d.token);
    await advanceClock(app, 120);
    const before = (await lastUsedAt(d.id))!;
    const answers = await Promise.all(Array.from({ length: 20 }, () => posPost(app, '/documents', d.token, receipt())));
    expect(answers.map((a) => a.status)).to.deep.equal(Array(20).fill(201));
    expect(answers.every((a) => a.body.data.posDeviceId === d.id)).to.equal(true);
    expect((await lastUsedAt(d.id))!.getTime() - before.getTime()).to.be.at.least(120_000);
  });
});
