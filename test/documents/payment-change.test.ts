import BigNumber from 'bignumber.js';
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { NotFoundError } from '../../src/core/errors';
import { startTestApp, type TestApp } from '../helpers/app';
import { type Company, makeCompany, makeDocument } from '../helpers/fixtures';
import { lastEventSeq, orgEventEntries } from '../helpers/outbox';
import { documentPayload } from '../helpers/payloads';

/** DocumentsService.applyPaymentChange, the contract the payments module builds on. */
describe('documents: applyPaymentChange', () => {
  let app: TestApp;
  let company: Company;
  before(async () => {
    app = await startTestApp();
    company = await makeCompany(app);
  });
  after(() => app.stop());

  const apply = (documentId: string, delta: string, organizationId = company.organizationId) => {
    const c = app.app.container;
    return c.orm.em
      .fork()
      .transactional((em) =>
        c.services.documents.documents.applyPaymentChange(em, organizationId, documentId, new BigNumber(delta)),
      );
  };
  const read = async (id: string) => (await app.get(`/api/v1/documents/${id}`, company.token)).body;

  it('pays an ISSUED document when payments reach the total and reverts when one is taken back', async () => {
    const doc = await makeDocument(app, company.token, { status: 'ISSUED' });
    const after = await lastEventSeq(app);
    await apply(doc.id, '500');
    expect(await read(doc.id)).to.deep.include({ status: 'ISSUED', paidAmount: '500.00', remainingAmount: '710.00' });
    expect(await orgEventEntries(app, company.organizationId, after)).to.deep.equal([]);

    await apply(doc.id, '710.00');
    const paid = await read(doc.id);
    expect(paid).to.deep.include({ status: 'PAID', paidAmount: '1210.00', remainingAmount: '0.00' });
    expect(await orgEventEntries(app, company.organizationId, after)).to.deep.equal([
      { event: 'document.status_changed', data: documentPayload(paid, { previousStatus: 'ISSUED' }) },
      { event: 'document.paid', data: documentPayload(paid) },
    ]);

    const mid = await lastEventSeq(app);
    await apply(doc.id, '-710');
    const reverted = await read(doc.id);
    expect(reverted).to.deep.include({ status: 'ISSUED', paidAmount: '500.00', paidAt: null });
    expect(await orgEventEntries(app, company.organizationId, mid)).to.deep.equal([
      { event: 'document.status_changed', data: documentPayload(reverted, { previousStatus: 'PAID' }) },
    ]);
  });

  it('returns a SENT document to SENT after unmatching', async () => {
    const doc = await makeDocument(app, company.token, { status: 'ISSUED' });
    await app.post(`/api/v1/documents/${doc.id}/transition`, { status: 'SENT' }, company.token);
    await apply(doc.id, '1210');
    expect((await read(doc.id)).status).to.equal('PAID');
    await apply(doc.id, '-1210');
    expect(await read(doc.id)).to.deep.include({ status: 'SENT', paidAmount: '0.00' });
  });

  it('lets a bank payment replace the computed payment of a manual PAID, which then blocks PAID → ISSUED', async () => {
    const doc = await makeDocument(app, company.token, { status: 'ISSUED' });
    await app.post(`/api/v1/documents/${doc.id}/transition`, { status: 'PAID' }, company.token);
    const after = await lastEventSeq(app);
    await apply(doc.id, '1210');
    expect(await read(doc.id)).to.deep.include({ status: 'PAID', paidAmount: '1210.00' });
    expect(await orgEventEntries(app, company.organizationId, after)).to.deep.equal([]);
    const refused = await app.post(`/api/v1/documents/${doc.id}/transition`, { status: 'ISSUED' }, company.token);
    expect(refused.status).to.equal(409);
    expect(refused.body.message).to.equal(
      'Transition from PAID to ISSUED is not allowed: the document is covered by a bank payment',
    );
  });

  it('drops the computed payment when a partial bank payment of a manual PAID is unmatched', async () => {
    const doc = await makeDocument(app, company.token, { status: 'ISSUED' });
    await app.post(`/api/v1/documents/${doc.id}/transition`, { status: 'PAID' }, company.token);
    await apply(doc.id, '500');
    expect(await read(doc.id)).to.deep.include({ status: 'PAID', paidAmount: '1210.00' });
    await apply(doc.id, '-500');
    expect(await read(doc.id)).to.deep.include({ status: 'ISSUED', paidAmount: '0.00', remainingAmount: '1210.00' });
  });

  it('does not pay a draft, and finds no document of another organization', async () => {
    const draft = await makeDocument(app, company.token);
    await apply(draft.id, '1210');
    expect(await read(draft.id)).to.deep.include({ status: 'DRAFT', paidAmount: '1210.00' });

    const other = await makeCompany(app);
    for (const [id, org] of [
      [draft.id, other.organizationId],
      [randomUUID(), company.organizationId],
      ['42', company.organizationId],
    ]) {
      let error: unknown;
      await apply(id, '1', org).catch((e) => (error = e));
      expect(error).to.be.instanceOf(NotFoundError);
    }
  });

  it('serializes concurrent payments on one document: one PAID transition, exact sum', async () => {
    const doc = await makeDocument(app, company.token, { status: 'ISSUED' });
    const after = await lastEventSeq(app);
    await Promise.all(Array.from({ length: 11 }, () => apply(doc.id, '110')));
    expect(await read(doc.id)).to.deep.include({ status: 'PAID', paidAmount: '1210.00' });
    expect((await orgEventEntries(app, company.organizationId, after)).map((e) => e.event)).to.deep.equal([
      'document.status_changed',
      'document.paid',
    ]);
  });
});
