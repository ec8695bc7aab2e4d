import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import { type Company, makeCompany, makeDocument } from '../helpers/fixtures';
import { lastEventSeq, orgEventEntries } from '../helpers/outbox';
import { documentPayload } from '../helpers/payloads';

describe('documents: status transitions', () => {
  let app: TestApp;
  let company: Company;
  before(async () => {
    app = await startTestApp();
    company = await makeCompany(app);
  });
  after(() => app.stop());

  const transition = (id: string, status: unknown) =>
    app.post(`/api/v1/documents/${id}/transition`, { status }, company.token);

  it('issues, sends and pays: status_changed on every change, document.paid on PAID', async () => {
    const doc = await makeDocument(app, company.token);
    const after = await lastEventSeq(app);
    const issued = await transition(doc.id, 'ISSUED');
    expect(issued.status, issued.text).to.equal(200);
    expect(issued.body.status).to.equal('ISSUED');
    const sent = await transition(doc.id, 'SENT');
    expect(sent.body.status).to.equal('SENT');
    const paid = await transition(doc.id, 'PAID');
    expect(paid.body).to.deep.include({ status: 'PAID', paidAmount: '1210.00', remainingAmount: '0.00' });
    expect(await orgEventEntries(app, company.organizationId, after)).to.deep.equal([
      { event: 'document.status_changed', data: documentPayload(issued.body, { previousStatus: 'DRAFT' }) },
      { event: 'document.status_changed', data: documentPayload(sent.body, { previousStatus: 'ISSUED' }) },
      { event: 'document.status_changed', data: documentPayload(paid.body, { previousStatus: 'SENT' }) },
      { event: 'document.paid', data: documentPayload(paid.body) },
    ]);
  });

  it('archives with previousStatus in document.archived', async () => {
    const doc = await makeDocument(app, company.token, { status: 'PAID' });
    const after = await lastEventSeq(app);
    const archived = await transition(doc.id, 'ARCHIVED');
    expect(archived.body).to.deep.include({ status: 'ARCHIVED', paidAmount: '1210.00' });
    expect(await orgEventEntries(app, company.organizationId, after)).to.deep.equal([
      { event: 'document.status_changed', data: documentPayload(archived.body, { previousStatus: 'PAID' }) },
      { event: 'document.archived', data: documentPayload(archived.body, { previousStatus: 'PAID' }) },
    ]);
  });

  it('takes a manually paid document back to ISSUED, removing the computed payment', async () => {
    const doc = await makeDocument(app, company.token, { status: 'ISSUED' });
    await transition(doc.id, 'PAID');
    const after = await lastEventSeq(app);
    const reopened = await transition(doc.id, 'ISSUED');
    expect(reopened.body).to.deep.include({
      status: 'ISSUED',
      paidAmount: '0.00',
      remainingAmount: '1210.00',
      paidAt: null,
    });
    expect(await orgEventEntries(app, company.organizationId, after)).to.deep.equal([
      { event: 'document.status_changed', data: documentPayload(reopened.body, { previousStatus: 'PAID' }) },
    ]);
  });

  it('refuses transitions outside the matrix with 409 naming from and to, and records nothing', async () => {
    const draft = await makeDocument(app, company.token);
    const quote = await makeDocument(app, company.token, { type: 'QUOTE', status: 'ISSUED' });
    const cancelled = await makeDocument(app, company.token, { status: 'ISSUED' });
    await transition(cancelled.id, 'CANCELLED');
    const archived = await makeDocument(app, company.token, { status: 'ISSUED' });
    await transition(archived.id, 'ARCHIVED');
    const after = await lastEventSeq(app);
    const refused: [string, string, string, string][] = [
      [draft.id, 'PAID', 'DRAFT', 'Transition from DRAFT to PAID is not allowed'],
      [draft.id, 'SENT', 'DRAFT', 'Transition from DRAFT to SENT is not allowed'],
      [draft.id, 'DRAFT', 'DRAFT', 'Transition from DRAFT to DRAFT is not allowed'],
      [quote.id, 'PAID', 'ISSUED', 'Transition from ISSUED to PAID is not allowed: a QUOTE is not paid'],
      [cancelled.id, 'ISSUED', 'CANCELLED', 'Transition from CANCELLED to ISSUED is not allowed'],
      [archived.id, 'ISSUED', 'ARCHIVED', 'Transition from ARCHIVED to ISSUED is not allowed'],
    ];
    for (const [id, to, from, message] of refused) {
      const res = await transition(id, to);
      expect(res.status, message).to.equal(409);
      expect(res.body).to.deep.equal({
        error: 'Conflict',
        message,
        code: 'TRANSITION_NOT_ALLOWED',
        details: { from, to },
      });
    }
    expect(await orgEventEntries(app, company.organizationId, after)).to.deep.equal([]);
  });

  it('validates the requested status', async () => {
    const doc = await makeDocument(app, company.token);
    for (const status of ['DONE', 3, null]) {
      const res = await transition(doc.id, status);
      expect(res.status).to.equal(400);
      expect(res.body.code).to.equal('VALIDATION_FAILED');
      expect(res.body.details[0].path).to.equal('status');
    }
  });

  it('serializes concurrent transitions of one document: exactly one wins', async () => {
    const doc = await makeDocument(app, company.token, { status: 'ISSUED' });
    const after = await lastEventSeq(app);
    const results = await Promise.all(Array.from({ length: 8 }, () => transition(doc.id, 'PAID')));
    expect(results.map((r) => r.status).sort()).to.deep.equal([200, 409, 409, 409, 409, 409, 409, 409]);
    const events = await orgEventEntries(app, company.organizationId, after);
    expect(events.map((e) => e.event)).to.deep.equal(['document.status_changed', 'document.paid']);
  });
});
