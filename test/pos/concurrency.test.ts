import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { Client } from 'pg';
import type { TestApp } from '../helpers/app';
import type { Company } from '../helpers/fixtures';
import { type PosFixture, makeDevice, posPost, receipt, startPosFixture, stopPosFixture } from './pos.helpers';

/** Issue 12 point 7: what registers depend on, under requests racing in parallel. */
describe('POS: concurrency', function () {
  this.timeout(120_000);
  let app: TestApp;
  let company: Company;
  let device: PosFixture['device'];
  let db: Client;
  before(async () => ({ app, company, device, db } = await startPosFixture()));
  after(() => stopPosFixture({ app, db }));

  const count = async (number: string) =>
    Number(
      (
        await db.query('SELECT count(*) FROM documents WHERE organization_id = $1 AND number = $2', [
          company.organizationId,
          number,
        ])
      ).rows[0].count,
    );

  it('20 parallel requests with one key create one document and 19 replays', async () => {
    const key = randomUUID();
    const body = receipt();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => posPost(app, '/documents', device.token, body, key)),
    );
    expect(answers.map((a) => a.status).sort()).to.deep.equal([...Array(19).fill(200), 201]);
    expect(answers.filter((a) => a.body.replayed).length).to.equal(19);
    expect(new Set(answers.map((a) => a.body.data.id)).size).to.equal(1);
    expect(await count(body.number as string)).to.equal(1);
    const events = await db.query(`SELECT event FROM event_outbox WHERE data->>'id' = $1 ORDER BY seq`, [
      answers[0].body.data.id,
    ]);
    expect(events.rows.map((r) => r.event)).to.deep.equal(['document.created', 'document.paid']);
  });

  it('the same number from two devices in parallel gives one 201 and one 409', async () => {
    const other = await makeDevice(app, company, { name: 'Pokladna 2' });
    for (let round = 0; round < 5; round++) {
      const number = `RACE-${randomUUID().slice(0, 8)}`;
      const [a, b] = await Promise.all([
        posPost(app, '/documents', device.token, receipt({ number })),
        posPost(app, '/documents', other.token, receipt({ number })),
      ]);
      expect([a.status, b.status].sort(), `${a.text} ${b.text}`).to.deep.equal([201, 409]);
      expect([a, b].find((r) => r.status === 409)!.body.code).to.equal('CONFLICT');
      expect(await count(number)).to.equal(1);
    }
  });

  it('a batch and single calls racing on the same keys never double a document', async () => {
    const entries: Record<string, any>[] = Array.from({ length: 30 }, () => ({
      ...receipt(),
      idempotencyKey: randomUUID(),
    }));
    const singles = entries.map(({ idempotencyKey, ...body }) =>
      posPost(app, '/documents', device.token, body, idempotencyKey),
    );
    const [batchAnswer, ...singleAnswers] = await Promise.all([
      posPost(app, '/documents/batch', device.token, { documents: entries }, null),
      ...singles,
      posPost(app, '/documents/batch', device.token, { documents: [...entries].reverse() }, null),
    ]);
    expect(batchAnswer.status).to.equal(207);
    for (const [i, entry] of entries.entries()) {
      expect(await count(entry.number as string), entry.number as string).to.equal(1);
      const fromBatch = batchAnswer.body.data.results[i];
      expect(fromBatch.status).to.be.oneOf(['CREATED', 'REPLAYED']);
      expect(singleAnswers[i].status).to.be.oneOf([200, 201]);
      expect(singleAnswers[i].body.data.id).to.equal(fromBatch.document.id);
    }
    const created = await db.query(`SELECT count(*) FROM pos_idempotency_keys WHERE key = ANY($1)`, [
      entries.map((e) => e.idempotencyKey),
    ]);
    expect(Number(created.rows[0].count)).to.equal(30);
  });

  it('parallel cancels with one key cancel once; with different keys one wins and the rest get 409', async () => {
    const number = `C-${randomUUID().slice(0, 8)}`;
    await posPost(app, '/documents', device.token, receipt({ number }));
    const key = randomUUID();
    const same = await Promise.all(
      Array.from({ length: 10 }, () =>
        posPost(
          app,
          '/documents/cancel',
          device.token,
          { originalNumber: number, canceledAt: '2026-06-17T09:00:00Z' },
          key,
        ),
      ),
    );
    expect(same.every((r) => r.status === 200)).to.equal(true);
    expect(same.filter((r) => !r.body.replayed)).to.have.length(1);
    const number2 = `C-${randomUUID().slice(0, 8)}`;
    await posPost(app, '/documents', device.token, receipt({ number: number2 }));
    const different = await Promise.all(
      Array.from({ length: 5 }, () =>
        posPost(app, '/documents/cancel', device.token, {
          originalNumber: number2,
          canceledAt: '2026-06-17T09:00:00Z',
        }),
      ),
    );
    expect(different.map((r) => r.status).sort()).to.deep.equal([200, 409, 409, 409, 409]);
  });
});
