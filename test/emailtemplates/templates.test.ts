import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import { type Company, makeCompany, makeDocument, makeUser } from '../helpers/fixtures';

const CS_DEFAULT_SUBJECT = 'Upomínka: faktura {{documentNumber}} – {{company}}';

describe('e-mail templates: per company, kind and language', () => {
  let app: TestApp;
  let company: Company;
  let other: Company;
  let invoice: any;

  before(async () => {
    app = await startTestApp();
    company = await makeCompany(app, { companyName: 'Žluťoučký kůň s.r.o.' });
    other = await makeCompany(app);
    // Due 10 June 2026; the test clock reads 17 June: 7 days overdue.
    invoice = await makeDocument(app, company.token, {
      type: 'INVOICE',
      status: 'ISSUED',
      clientName: 'Příliš <b>Ďábelská</b> a.s.',
      variableSymbol: '20260042',
      issuedAt: '2026-05-27T08:00:00Z',
      dueAt: '2026-06-10T08:00:00Z',
      items: [{ name: 'Konzultace', quantity: 10, unit: 'h', unitPrice: 1000, vatRate: 21 }],
    });
  });
  after(() => app.stop());

  const path = (kind: string, language: string) => `/api/v1/email-templates/${kind}/${language}`;

  it('lists every kind in cs, en and de with Faktura’s defaults', async () => {
    const res = await app.get('/api/v1/email-templates', company.token);
    expect(res.status, res.text).to.equal(200);
    expect(res.body.data).to.have.length(15);
    const reminder = res.body.data.find((t: any) => t.kind === 'REMINDER' && t.language === 'cs');
    expect(reminder).to.deep.equal({
      kind: 'REMINDER',
      language: 'cs',
      subject: CS_DEFAULT_SUBJECT,
      body: reminder.body,
      custom: false,
      updatedAt: null,
    });
    expect(reminder.body).to.include('dosud nebyla uhrazena');
  });

  it('keeps a company’s own wording, for that company only, and DELETE goes back to the default', async () => {
    const own = { subject: 'Připomínáme {{documentNumber}}', body: 'Dobrý den, {{contact}}, zbývá {{amountDue}}.' };
    const saved = await app.put(path('REMINDER', 'cs'), own, company.token);
    expect(saved.status, saved.text).to.equal(200);
    expect(saved.body).to.include({ ...own, kind: 'REMINDER', language: 'cs', custom: true });
    // The test clock's day (it runs on from TEST_EPOCH).
    expect(saved.body.updatedAt).to.match(/^2026-06-17T/);

    const listed = (await app.get('/api/v1/email-templates', company.token)).body.data;
    expect(listed.find((t: any) => t.kind === 'REMINDER' && t.language === 'cs')).to.include(own);
    expect(listed.find((t: any) => t.kind === 'REMINDER' && t.language === 'en').custom).to.equal(false);
    const others = (await app.get('/api/v1/email-templates', other.token)).body.data;
    expect(others.find((t: any) => t.kind === 'REMINDER' && t.language === 'cs').subject).to.equal(CS_DEFAULT_SUBJECT);

    const reset = await app.del(path('REMINDER', 'cs'), company.token);
    expect(reset.status, reset.text).to.equal(200);
    expect(reset.body).to.include({ subject: CS_DEFAULT_SUBJECT, custom: false });
    const after = (await app.get('/api/v1/email-templates', company.token)).body.data;
    expect(after.find((t: any) => t.kind === 'REMINDER' && t.language === 'cs').subject).to.equal(CS_DEFAULT_SUBJECT);
  });

  it('refuses an unknown variable (400 naming it), an unknown kind or language, and a text too long', async () => {
    const unknown = await app.put(path('DOCUMENT', 'de'), { subject: 'Rechnung {{nummer}}', body: 'x' }, company.token);
    expect(unknown.status).to.equal(400);
    expect(unknown.body.code).to.equal('VALIDATION_FAILED');
    expect(unknown.body.message).to.include('{{nummer}}');
    expect(unknown.body.details[0]).to.include({ path: 'subject' });
    const inBody = await app.put(path('DOCUMENT', 'de'), { subject: 'ok', body: '{{ iban }}' }, company.token);
    expect(inBody.status).to.equal(400);
    expect(inBody.body.details[0].path).to.equal('body');
    expect(inBody.body.message).to.include('{{iban}}');

    expect((await app.put(path('INVOICE', 'cs'), { subject: 'a', body: 'b' }, company.token)).status).to.equal(400);
    expect((await app.put(path('DOCUMENT', 'sk'), { subject: 'a', body: 'b' }, company.token)).status).to.equal(400);
    const long = await app.put(path('DOCUMENT', 'cs'), { subject: 'a'.repeat(301), body: 'b' }, company.token);
    expect(long.status).to.equal(400);
    expect(long.body.details[0].path).to.equal('subject');
    const longBody = await app.put(path('DOCUMENT', 'cs'), { subject: 'a', body: 'b'.repeat(10_001) }, company.token);
    expect(longBody.status).to.equal(400);
    expect(longBody.body.details[0].path).to.equal('body');
    const listed = (await app.get('/api/v1/email-templates', company.token)).body.data;
    expect(listed.every((t: any) => !t.custom)).to.equal(true);
  });

  it('previews a reminder for a document in each language, values escaped in HTML and diacritics intact', async () => {
    const cs = await app.post(
      '/api/v1/email-templates/preview',
      { documentId: invoice.id, kind: 'REMINDER' },
      company.token,
    );
    expect(cs.status, cs.text).to.equal(200);
    expect(cs.body.language).to.equal('cs');
    expect(cs.body.subject).to.equal(`Upomínka: faktura ${invoice.number} – Žluťoučký kůň s.r.o.`);
    expect(cs.body.text).to.include(
      `faktura ${invoice.number} se splatností 10. 6. 2026 dosud nebyla uhrazena (dní po splatnosti: 7)`,
    );
    expect(cs.body.text).to.include('Zbývá uhradit 12 100,00 CZK, variabilní symbol 20260042.');
    expect(cs.body.text).to.include(invoice.publicUrl);
    expect(cs.body.html).to.include(`<a href="${invoice.publicUrl}">`);

    const de = await app.post(
      '/api/v1/email-templates/preview',
      { documentId: invoice.id, kind: 'REMINDER', language: 'de' },
      company.token,
    );
    expect(de.status, de.text).to.equal(200);
    expect(de.body.subject).to.equal(`Zahlungserinnerung: Rechnung ${invoice.number} – Žluťoučký kůň s.r.o.`);
    expect(de.body.text).to.include('fällig am 10.06.2026').and.include('Offener Betrag: 12.100,00 CZK');
    expect(de.body.text).to.include('Mit freundlichen Grüßen');

    const en = await app.post(
      '/api/v1/email-templates/preview',
      { documentId: invoice.id, kind: 'DOCUMENT', language: 'en', body: 'Dear {{contact}}: {{amountDue}}' },
      company.token,
    );
    expect(en.status, en.text).to.equal(200);
    expect(en.body.text).to.equal('Dear Příliš <b>Ďábelská</b> a.s.: 12,100.00 CZK');
    expect(en.body.html).to.include('Dear Příliš &lt;b&gt;Ďábelská&lt;/b&gt; a.s.: 12,100.00 CZK');
  });

  it('previews the kept wording, and names an unknown variable of an unsaved one', async () => {
    await app.put(
      path('PAYMENT_THANKS', 'cs'),
      { subject: 'Díky za {{documentNumber}}', body: 'Přijato.' },
      company.token,
    );
    const kept = await app.post(
      '/api/v1/email-templates/preview',
      { documentId: invoice.id, kind: 'PAYMENT_THANKS', language: 'cs' },
      company.token,
    );
    expect(kept.body).to.include({ subject: `Díky za ${invoice.number}`, text: 'Přijato.' });
    const bad = await app.post(
      '/api/v1/email-templates/preview',
      { documentId: invoice.id, kind: 'DOCUMENT', body: 'Zaplaťte {{castka}}' },
      company.token,
    );
    expect(bad.status).to.equal(400);
    expect(bad.body.message).to.include('{{castka}}');
  });

  it('previews only the company’s own documents', async () => {
    const res = await app.post(
      '/api/v1/email-templates/preview',
      { documentId: invoice.id, kind: 'DOCUMENT' },
      other.token,
    );
    expect(res.status).to.equal(404);
  });

  it('renders for other modules through the service, the company’s wording or the default', async () => {
    const { emailTemplates } = app.app.container.services.emailtemplates;
    const em = app.app.container.orm.em.fork();
    const values = {
      documentNumber: 'FV-1',
      amountDue: '100,00 CZK',
      dueDate: '1. 7. 2026',
      daysOverdue: '0',
      variableSymbol: '1',
      company: 'Žluťoučký kůň s.r.o.',
      contact: 'Odběratel',
      publicLink: 'https://example.cz/d/x',
    };
    const own = await emailTemplates.render(em, company.organizationId, 'PAYMENT_THANKS', 'cs', values);
    expect(own.subject).to.equal('Díky za FV-1');
    const fallback = await emailTemplates.render(em, other.organizationId, 'PAYMENT_THANKS', 'cs', values);
    expect(fallback.subject).to.equal('Děkujeme za úhradu faktury FV-1');
  });

  it('does the same through GraphQL: list, save (unknown variable named), preview, reset', async () => {
    const listed = await app.graphql('{ emailTemplates { kind language subject custom } }', {}, company.token);
    expect(listed.body.errors).to.equal(undefined);
    expect(listed.body.data.emailTemplates).to.have.length(15);

    const save = `mutation ($input: SaveEmailTemplateInput!) {
      saveEmailTemplate(input: $input) { kind language subject body custom }
    }`;
    const input = { kind: 'QUOTE', language: 'de', subject: 'Angebot {{documentNumber}}', body: 'Für {{contact}}' };
    const saved = await app.graphql(save, { input }, company.token);
    expect(saved.body.errors).to.equal(undefined);
    expect(saved.body.data.saveEmailTemplate).to.deep.equal({ ...input, custom: true });
    const bad = await app.graphql(save, { input: { ...input, body: '{{preis}}' } }, company.token);
    expect(bad.body.errors[0].extensions.code).to.equal('VALIDATION_FAILED');
    expect(bad.body.errors[0].message).to.include('{{preis}}');

    const preview = await app.graphql(
      `query ($input: PreviewEmailTemplateInput!) { emailTemplatePreview(input: $input) { subject text html language } }`,
      { input: { documentId: invoice.id, kind: 'QUOTE', language: 'de' } },
      company.token,
    );
    expect(preview.body.errors).to.equal(undefined);
    expect(preview.body.data.emailTemplatePreview).to.include({
      subject: `Angebot ${invoice.number}`,
      text: 'Für Příliš <b>Ďábelská</b> a.s.',
      language: 'de',
    });

    const reset = await app.graphql(
      'mutation { resetEmailTemplate(kind: "QUOTE", language: "de") { subject custom } }',
      {},
      company.token,
    );
    expect(reset.body.data.resetEmailTemplate).to.deep.equal({
      subject: 'Angebot {{documentNumber}} – {{company}}',
      custom: false,
    });
  });

  it('needs company_settings: read to list and preview, write to change', async () => {
    const reader = await makeUser(app, company, { permissions: { company_settings: 'read', documents: 'read' } });
    expect((await app.get('/api/v1/email-templates', reader.token)).status).to.equal(200);
    const put = await app.put(path('DOCUMENT', 'cs'), { subject: 'a', body: 'b' }, reader.token);
    expect(put.status).to.equal(403);
    expect((await app.del(path('DOCUMENT', 'cs'), reader.token)).status).to.equal(403);
    // The preview shows a document's values: it needs documents: read besides.
    const preview = { documentId: invoice.id, kind: 'DOCUMENT' };
    expect((await app.post('/api/v1/email-templates/preview', preview, reader.token)).status).to.equal(200);
    const settingsOnly = await makeUser(app, company, {
      permissions: { company_settings: 'read', documents: 'none' },
    });
    const refused = await app.post('/api/v1/email-templates/preview', preview, settingsOnly.token);
    expect(refused.status).to.equal(403);
    expect(refused.body.details).to.deep.equal({ requiredScope: 'documents:read' });
    const none = await makeUser(app, company, { permissions: { company_settings: 'none' } });
    expect((await app.get('/api/v1/email-templates', none.token)).status).to.equal(403);
  });
});
