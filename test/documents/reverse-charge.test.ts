import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeCompany, makeContact, makeDocument, type Company } from '../helpers/fixtures';
import { getBytes, pdfText, setBilling } from '../invoice-doc/helpers';

const line = (unitPrice: number, vatRate: number, name = 'Line') => ({ name, quantity: 1, unitPrice, vatRate });
const NO_SALES = { regime: 'DOMESTIC', line: 25, base: '0.00' };
const ZERO_A5 = { base21: '0.00', vat21: '0.00', base12: '0.00', vat12: '0.00' };

/** Issue 25 point 6: reverse charge (přenesení daňové povinnosti) of issued documents. */
describe('documents: reverse charge', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp();
  });
  after(() => app.stop());

  /** A VAT-paying company with a Czech payer, an EU payer and a customer without a VAT id. */
  async function companyWithCustomers(): Promise<{
    company: Company;
    czech: any;
    german: any;
    consumer: any;
  }> {
    const company = await makeCompany(app);
    await setBilling(app, company.token);
    return {
      company,
      czech: await makeContact(app, company.token, { name: 'Stavby Plátce a.s.', vatId: 'CZ12345678' }),
      german: await makeContact(app, company.token, { name: 'Bau GmbH', vatId: 'DE123456789', country: 'Německo' }),
      consumer: await makeContact(app, company.token, { name: 'Jan Novák' }),
    };
  }
  const report = async (token: string, month: string) => {
    const [y, m] = month.split('-');
    const last = new Date(Date.UTC(Number(y), Number(m), 0)).getUTCDate();
    const vat = await app.get(`/api/v1/reports/vat?from=${month}-01&to=${month}-${last}`, token);
    expect(vat.status, vat.text).to.equal(200);
    const statement = await app.get(`/api/v1/reports/vat-control-statement?period=${month}`, token);
    expect(statement.status, statement.text).to.equal(200);
    return { vat: vat.body, statement: statement.body };
  };
  const pdfOf = async (id: string, token: string) =>
    (await pdfText((await getBytes(app, `/api/v1/documents/${id}/pdf`, token)).bytes)).replace(/\s+/g, ' ');

  it('§ 92a: no VAT on the invoice, "Daň odvede zákazník" with the code, line 25 and A.1 (not A.4/A.5)', async () => {
    const { company, czech } = await companyWithCustomers();
    const res = await app.post(
      '/api/v1/documents',
      {
        type: 'INVOICE',
        status: 'ISSUED',
        contactId: czech.id,
        issuedAt: '2026-05-12',
        reverseCharge: { regime: 'DOMESTIC', code: '4' },
        items: [line(100000, 21, 'Stavební práce'), line(5000, 12, 'Montáž')],
      },
      company.token,
    );
    expect(res.status, res.text).to.equal(201);
    expect(res.body).to.deep.include({
      reverseCharge: { regime: 'DOMESTIC', code: '4' },
      subtotal: '105000.00',
      vatTotal: '0.00',
      total: '105000.00',
      remainingAmount: '105000.00',
      subtotalCzk: '105000.00',
      vatTotalCzk: '0.00',
    });
    // Each line keeps its rate (the customer taxes the base at it); its VAT is 0.
    expect(res.body.items.map((i: any) => [i.vatRate, i.base, i.vat, i.total])).to.deep.equal([
      [21, '100000.00', '0.00', '100000.00'],
      [12, '5000.00', '0.00', '5000.00'],
    ]);
    // An ordinary invoice to the same customer in the same month: A.4 as before.
    const ordinary = await makeDocument(app, company.token, {
      status: 'ISSUED',
      contactId: czech.id,
      issuedAt: '2026-05-20',
      items: [line(20000, 21)],
    });

    const text = await pdfOf(res.body.id, company.token);
    expect(text).to.include(
      'Daň odvede zákazník – přenesení daňové povinnosti podle § 92a zákona o DPH (kód předmětu plnění 4)',
    );
    expect(text).to.match(/21 % 100 000,00 0,00 100 000,00/);
    expect(await pdfOf(ordinary.id, company.token)).not.to.include('Daň odvede zákazník');
    const page = await app.request('GET', new URL(res.body.publicUrl).pathname, { headers: { accept: 'text/html' } });
    expect(page.text).to.include('data-field="reverse-charge"').and.include('Daň odvede zákazník');

    const { vat, statement } = await report(company.token, '2026-05');
    expect(vat.rates).to.deep.equal([
      { currency: 'CZK', vatRate: 21, base: '20000.00', vat: '4200.00', total: '24200.00' },
    ]);
    expect(vat.reverseChargeSales).to.deep.equal([
      { regime: 'EU_GOODS', line: 20, base: '0.00' },
      { regime: 'EU_SERVICES', line: 21, base: '0.00' },
      { regime: 'DOMESTIC', line: 25, base: '105000.00' },
    ]);
    expect(vat.balance[0]).to.deep.include({ outputVat: '4200.00' });
    expect(statement.a1).to.deep.equal([
      {
        documentId: res.body.id,
        number: res.body.number,
        customerVatId: 'CZ12345678',
        taxableSupplyDate: '2026-05-12',
        code: '4',
        base: '105000.00',
      },
    ]);
    expect(statement.a4.map((r: any) => r.documentId)).to.deep.equal([ordinary.id]);
    expect(statement.a5).to.deep.equal(ZERO_A5);
  });

  it('EU goods and EU services: the sentence, lines 20 and 21 in CZK, in neither A.1 nor A.4/A.5', async () => {
    const { company, german } = await companyWithCustomers();
    const issue = (regime: string, extra: Record<string, unknown>) =>
      makeDocument(app, company.token, {
        status: 'ISSUED',
        contactId: german.id,
        issuedAt: '2026-06-03',
        reverseCharge: { regime },
        ...extra,
      });
    // 1,000 EUR at 25.000 CZK: 25,000 CZK of goods; 12,000 CZK of services (both over the A.4 limit).
    const goods = await issue('EU_GOODS', { currency: 'EUR', exchangeRate: '25', items: [line(1000, 21, 'Stroj')] });
    expect(goods).to.deep.include({
      reverseCharge: { regime: 'EU_GOODS' },
      total: '1000.00',
      vatTotal: '0.00',
      subtotalCzk: '25000.00',
      vatTotalCzk: '0.00',
    });
    const services = await issue('EU_SERVICES', { items: [line(12000, 21, 'Poradenství')] });
    expect(services).to.deep.include({ reverseCharge: { regime: 'EU_SERVICES' }, total: '12000.00', vatTotal: '0.00' });

    expect(await pdfOf(goods.id, company.token)).to.include(
      'Dodání zboží do jiného členského státu – osvobozeno od daně podle § 64 zákona o DPH',
    );
    expect(await pdfOf(services.id, company.token)).to.include(
      'Daň odvede zákazník (reverse charge) – místo plnění v jiném členském státě podle § 9 odst. 1 zákona o DPH',
    );

    const { vat, statement } = await report(company.token, '2026-06');
    expect(vat.rates).to.deep.equal([]);
    expect(vat.reverseChargeSales).to.deep.equal([
      { regime: 'EU_GOODS', line: 20, base: '25000.00' },
      { regime: 'EU_SERVICES', line: 21, base: '12000.00' },
      NO_SALES,
    ]);
    expect(statement).to.deep.include({ a1: [], a4: [], a5: ZERO_A5 });
  });

  it('a customer without a valid-format VAT id cannot be reverse charged (400 naming reverseCharge)', async () => {
    const { company, czech, german, consumer } = await companyWithCustomers();
    const slovak = await makeContact(app, company.token, { name: 'Zlý formát s.r.o.', vatId: 'SK12345' });
    const create = (body: Record<string, unknown>) =>
      app.post('/api/v1/documents', { type: 'INVOICE', items: [line(1000, 21)], ...body }, company.token);
    const refusals: [Record<string, unknown>, string, RegExp][] = [
      [{ contactId: consumer.id, reverseCharge: { regime: 'DOMESTIC', code: '4' } }, 'reverseCharge', /no vatId/],
      [{ clientName: 'Bez kontaktu', reverseCharge: { regime: 'EU_SERVICES' } }, 'reverseCharge', /no vatId/],
      // § 92a needs a Czech DIČ; an EU supply another member state's VAT id.
      [{ contactId: german.id, reverseCharge: { regime: 'DOMESTIC', code: '4' } }, 'reverseCharge', /DE123456789/],
      [{ contactId: czech.id, reverseCharge: { regime: 'EU_GOODS' } }, 'reverseCharge', /CZ12345678/],
      [{ contactId: slovak.id, reverseCharge: { regime: 'EU_GOODS' } }, 'reverseCharge', /SK12345/],
      // The code is one of the control statement's; DOMESTIC needs one.
      [{ contactId: czech.id, reverseCharge: { regime: 'DOMESTIC', code: '2' } }, 'reverseCharge.code', /./],
      [{ contactId: czech.id, reverseCharge: { regime: 'DOMESTIC' } }, 'reverseCharge.code', /./],
      [{ contactId: czech.id, reverseCharge: { regime: 'INTRA' } }, 'reverseCharge.regime', /./],
      // A reverse-charge price is net.
      [
        {
          contactId: czech.id,
          reverseCharge: { regime: 'DOMESTIC', code: '4' },
          items: [{ ...line(1210, 21), priceIncludesVat: true }],
        },
        'items[0].priceIncludesVat',
        /./,
      ],
    ];
    for (const [body, path, message] of refusals) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).to.equal(400);
      expect(res.body.code).to.equal('VALIDATION_FAILED');
      const detail = res.body.details.find((d: any) => d.path === path);
      expect(detail, `${JSON.stringify(body)} → ${res.text}`).to.not.equal(undefined);
      expect(detail.message).to.match(message);
    }
    // PATCH: turning reverse charge on for a customer without a VAT id, or moving a reverse-charge
    // document to such a customer, is refused the same way; nothing changes.
    const plain = await makeDocument(app, company.token, { contactId: consumer.id, items: [line(1000, 21)] });
    const on = await app.patch(
      `/api/v1/documents/${plain.id}`,
      { reverseCharge: { regime: 'DOMESTIC', code: '4' } },
      company.token,
    );
    expect(on.status, on.text).to.equal(400);
    expect(on.body.details.map((d: any) => d.path)).to.deep.equal(['reverseCharge']);
    const charged = await makeDocument(app, company.token, {
      contactId: czech.id,
      reverseCharge: { regime: 'DOMESTIC', code: '13' },
      items: [line(1000, 21)],
    });
    const moved = await app.patch(`/api/v1/documents/${charged.id}`, { contactId: consumer.id }, company.token);
    expect(moved.status, moved.text).to.equal(400);
    expect(moved.body.details.map((d: any) => d.path)).to.deep.equal(['reverseCharge']);
    const kept = (await app.get(`/api/v1/documents/${charged.id}`, company.token)).body;
    expect(kept).to.deep.include({ contactId: czech.id, reverseCharge: { regime: 'DOMESTIC', code: '13' } });
  });

  it('PATCH turns reverse charge on and off (the VAT follows); a credit note of a reverse-charge invoice has none', async () => {
    const { company, czech } = await companyWithCustomers();
    const doc = await makeDocument(app, company.token, { contactId: czech.id, items: [line(1000, 21)] });
    expect(doc).to.deep.include({ reverseCharge: null, vatTotal: '210.00', total: '1210.00' });
    const on = await app.patch(
      `/api/v1/documents/${doc.id}`,
      { reverseCharge: { regime: 'DOMESTIC', code: '5' } },
      company.token,
    );
    expect(on.status, on.text).to.equal(200);
    expect(on.body).to.deep.include({
      reverseCharge: { regime: 'DOMESTIC', code: '5' },
      vatTotal: '0.00',
      total: '1000.00',
      vatTotalCzk: '0.00',
      totalCzk: '1000.00',
    });
    const off = await app.patch(`/api/v1/documents/${doc.id}`, { reverseCharge: null }, company.token);
    expect(off.body).to.deep.include({
      reverseCharge: null,
      vatTotal: '210.00',
      total: '1210.00',
      totalCzk: '1210.00',
    });

    const invoice = await makeDocument(app, company.token, {
      status: 'ISSUED',
      contactId: czech.id,
      issuedAt: '2026-07-01',
      reverseCharge: { regime: 'DOMESTIC', code: '4' },
      items: [line(50000, 21)],
    });
    const note = await app.post(
      `/api/v1/documents/${invoice.id}/credit-note`,
      { reason: 'Sleva', issuedAt: '2026-07-10', items: [line(-10000, 21)] },
      company.token,
    );
    expect(note.status, note.text).to.equal(201);
    expect(note.body).to.deep.include({
      reverseCharge: { regime: 'DOMESTIC', code: '4' },
      vatTotal: '0.00',
      total: '-10000.00',
    });
    const { vat, statement } = await report(company.token, '2026-07');
    expect(vat.reverseChargeSales[2]).to.deep.equal({ regime: 'DOMESTIC', line: 25, base: '40000.00' });
    expect(statement.a1.map((r: any) => [r.number, r.base])).to.deep.equal([
      [invoice.number, '50000.00'],
      [note.body.number, '-10000.00'],
    ]);
  });

  it('GraphQL: reverseCharge on createDocument and the reports as REST; the refusal has the same code and field', async () => {
    const { company, czech, consumer } = await companyWithCustomers();
    const create = (contactId: string) =>
      app.graphql(
        `mutation ($input: CreateDocumentInput!) {
          createDocument(input: $input) { id number vatTotal total reverseCharge { regime code } }
        }`,
        {
          input: {
            type: 'INVOICE',
            status: 'ISSUED',
            contactId,
            issuedAt: '2026-08-04',
            reverseCharge: { regime: 'DOMESTIC', code: '14' },
            items: [{ name: 'Telefony', quantity: '10', unitPrice: '1500', vatRate: '21' }],
          },
        },
        company.token,
      );
    const created = await create(czech.id);
    expect(created.body.errors, JSON.stringify(created.body.errors)).to.equal(undefined);
    expect(created.body.data.createDocument).to.deep.include({
      vatTotal: '0.00',
      total: '15000.00',
      reverseCharge: { regime: 'DOMESTIC', code: '14' },
    });

    const refused = await create(consumer.id);
    const rest = await app.post(
      '/api/v1/documents',
      {
        type: 'INVOICE',
        contactId: consumer.id,
        reverseCharge: { regime: 'DOMESTIC', code: '14' },
        items: [line(1500, 21)],
      },
      company.token,
    );
    expect(rest.status).to.equal(400);
    const error = refused.body.errors[0];
    expect(error.extensions.code).to.equal(rest.body.code).and.equal('VALIDATION_FAILED');
    expect(error.message).to.equal(rest.body.message);
    expect(error.extensions.details).to.deep.equal(rest.body.details);

    const reports = await app.graphql(
      `query {
        vatReport(from: "2026-08-01", to: "2026-08-31") { reverseChargeSales { regime line base } }
        vatControlStatement(period: "2026-08") { a1 { documentId number customerVatId taxableSupplyDate code base } }
      }`,
      {},
      company.token,
    );
    expect(reports.body.errors, JSON.stringify(reports.body.errors)).to.equal(undefined);
    const { vat, statement } = await report(company.token, '2026-08');
    expect(reports.body.data.vatReport.reverseChargeSales).to.deep.equal(vat.reverseChargeSales);
    expect(reports.body.data.vatControlStatement.a1).to.deep.equal(statement.a1);
    expect(statement.a1).to.have.length(1);

    const preview = await app.graphql(
      `query {
        documentTotalsPreview(
          items: [{ name: "x", quantity: "1", unitPrice: "100", vatRate: "21" }],
          reverseCharge: { regime: EU_SERVICES }
        ) { vatTotal total }
      }`,
      {},
      company.token,
    );
    expect(preview.body.data.documentTotalsPreview).to.deep.equal({ vatTotal: '0.00', total: '100.00' });
  });
});
