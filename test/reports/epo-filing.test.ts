import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import { setClock } from '../helpers/controls';
import { type Company, makeCompany, makeContact, makeDocument, makeUser } from '../helpers/fixtures';
import { makeCost, makeSupplier } from '../costs/costs.helpers';
import { vetyOf, XSD, xmllint } from './epo.helpers';

const at = (vatRate: number, unitPrice: string) => ({ name: 'Položka', quantity: 1, unitPrice, vatRate });

const BILLING = {
  legalName: 'Acme s.r.o.',
  taxId: '25596641',
  vatId: 'CZ25596641',
  street: 'Dlouhá 12/3',
  city: 'Praha',
  zip: '110 00',
  country: 'CZ',
  vatPayer: true,
  email: 'ucetni@acme.cz',
};
const TAX_FILING = {
  taxOfficeCode: '451',
  taxOfficeWorkplaceCode: '2001',
  filerType: 'LEGAL_PERSON',
  vatPeriod: 'MONTHLY',
  naceCode: '62010',
};

/**
 * Issue 27 point 7: May 2026 of one company worked out by hand, filed as the EPO XML of the VAT return
 * (DPHDP3) and of the control statement (DPHKH1), both checked by `xmllint --schema` against the
 * official XSDs kept in the repository.
 *
 * Issued (DUZP in May):
 *   D1 to a payer (CZ11111111): 10,000.40 + 2,100.08 at 21 % and 1,000.00 + 120.00 at 12 % → A.4 (13,220.48)
 *   D2 to a consumer: 1,000.10 + 210.02 at 21 % → A.5
 *   D3 a credit note to the payer: −2,000.00 − 420.00 at 21 % → A.5 (|−2,420| is under the limit)
 *   D4 to the payer in EUR: 500 EUR at 25 CZK = 12,500.00 + 2,625.00 at 21 % → A.4 (15,125.00 CZK)
 *   D5 to a consumer: 300.00 + 36.00 at 12 % → A.5
 *   D6 § 92a to the payer (code 4): base 8,000.00, no VAT → ř. 25, A.1
 *   D7 services to a German company (EU_SERVICES): base 3,000.00 → ř. 21
 * Received (vatClaimDate in May):
 *   K1 from a payer (CZ22222222), its number FV-2026-001: 20,000.00 + 4,200.00 at 21 % → B.2
 *   K2 from the payer: 500.00 + 60.00 at 12 % → B.3
 *   K3 reverse charge from the payer: 10,000.00, VAT 2,100.00 self-assessed at 21 % → ř. 10 and 43
 *   K4 from the payer: 99.60 + 20.92 at 21 % (20.916) → B.3
 *
 * DPHDP3 (whole CZK, each line rounded half up, sums from the rounded lines):
 *   ř. 1: 10,000.40 + 1,000.10 − 2,000.00 + 12,500.00 = 21,500.50 → 21,501; VAT 2,100.08 + 210.02 − 420 + 2,625 = 4,515.10 → 4,515
 *   ř. 2: 1,000 + 300 = 1,300; VAT 120 + 36 = 156
 *   ř. 10: 10,000; VAT 2,100.   ř. 21: 3,000.   ř. 25: 8,000
 *   ř. 40: 20,000 + 99.60 = 20,099.60 → 20,100; VAT 4,200 + 20.92 = 4,220.92 → 4,221
 *   ř. 41: 500; VAT 60.   ř. 43: 10,000; VAT 2,100
 *   ř. 46: 4,221 + 60 + 2,100 = 6,381;  ř. 62: 4,515 + 156 + 2,100 = 6,771;  ř. 63: 6,381;  ř. 64: 6,771 − 6,381 = 390
 */
describe('reports: the VAT return and the control statement as EPO XML', function () {
  this.timeout(60_000);
  let app: TestApp;
  let company: Company;
  const numbers: Record<string, string> = {};

  const get = (path: string, token = company.token) => app.get(path, token);

  before(async () => {
    app = await startTestApp();
    company = await makeCompany(app);
    const token = company.token;
    expect((await app.put('/api/v1/settings/company', BILLING, token)).status).to.equal(200);
    const payer = await makeContact(app, token, { name: 'Plátce a.s.', vatId: 'CZ11111111' });
    const consumer = await makeContact(app, token, { name: 'Jan Novák' });
    const german = await makeContact(app, token, { name: 'Bau GmbH', vatId: 'DE123456789', country: 'Německo' });
    const issue = async (name: string, body: Record<string, unknown>) => {
      numbers[name] = (await makeDocument(app, token, { status: 'ISSUED', ...body })).number;
    };
    await issue('d1', { contactId: payer.id, issuedAt: '2026-05-05', items: [at(21, '10000.40'), at(12, '1000.00')] });
    await issue('d2', { contactId: consumer.id, issuedAt: '2026-05-06', items: [at(21, '1000.10')] });
    await issue('d3', {
      type: 'CREDIT_NOTE',
      contactId: payer.id,
      issuedAt: '2026-05-07',
      items: [at(21, '-2000.00')],
    });
    await issue('d4', {
      contactId: payer.id,
      issuedAt: '2026-05-08',
      currency: 'EUR',
      exchangeRate: 25,
      items: [at(21, '500.00')],
    });
    await issue('d5', { contactId: consumer.id, issuedAt: '2026-05-09', items: [at(12, '300.00')] });
    await issue('d6', {
      contactId: payer.id,
      issuedAt: '2026-05-10',
      reverseCharge: { regime: 'DOMESTIC', code: '4' },
      items: [at(21, '8000.00')],
    });
    await issue('d7', {
      contactId: german.id,
      issuedAt: '2026-05-11',
      reverseCharge: { regime: 'EU_SERVICES' },
      items: [at(21, '3000.00')],
    });
    // June: in no May line.
    await issue('june', { contactId: payer.id, issuedAt: '2026-06-01', items: [at(21, '50000.00')] });

    const supplier = await makeSupplier(app, token, { name: 'Velkoobchod s.r.o.', vatId: 'CZ22222222' });
    const receive = (overrides: Record<string, unknown>) =>
      makeCost(app, token, supplier.id, { issuedAt: '2026-05-01', receivedAt: '2026-05-02', ...overrides });
    await receive({
      supplierDocumentNumber: 'FV-2026-001',
      taxableSupplyDate: '2026-05-02',
      vatClaimDate: '2026-05-12',
      items: [at(21, '20000.00')],
    });
    await receive({ vatClaimDate: '2026-05-13', items: [at(12, '500.00')] });
    await receive({ vatClaimDate: '2026-05-14', reverseCharge: true, items: [at(21, '10000.00')] });
    await receive({ vatClaimDate: '2026-05-15', items: [at(21, '99.60')] });
    await setClock(app, '2026-06-10T08:00:00Z');
  });
  after(() => app.stop());

  it('answers 409 TAX_FILING_SETTINGS_MISSING naming what the filing lacks, then files once they are set', async () => {
    for (const path of ['/api/v1/reports/vat-return.xml', '/api/v1/reports/vat-control-statement.xml']) {
      const res = await get(`${path}?period=2026-05`);
      expect(res.status, res.text).to.equal(409);
      expect(res.body.code).to.equal('TAX_FILING_SETTINGS_MISSING');
      expect(res.body.details.map((d: { path: string }) => d.path)).to.deep.equal([
        'taxOfficeCode',
        'filerType',
        'vatPeriod',
        'naceCode',
      ]);
    }
    const put = await app.put('/api/v1/settings/tax-filing', TAX_FILING, company.token);
    expect(put.status, put.text).to.equal(200);
    expect(put.body).to.deep.equal({ ...TAX_FILING, filerFirstName: null, filerLastName: null });
    expect((await get('/api/v1/settings/tax-filing')).body).to.deep.equal(put.body);
    expect((await get('/api/v1/reports/vat-return.xml?period=2026-05')).status).to.equal(200);
  });

  it('files the VAT return of May (DPHDP3) valid against the official XSD, with the lines worked out by hand', async () => {
    const res = await get('/api/v1/reports/vat-return.xml?period=2026-05');
    expect(res.status, res.text).to.equal(200);
    expect(res.headers.get('content-type')).to.match(/^application\/xml/);
    expect(res.headers.get('content-disposition')).to.equal('attachment; filename="DPHDP3-25596641-2026-05.xml"');
    const lint = await xmllint(res.text, XSD.DPHDP3);
    expect(lint.valid, lint.output).to.equal(true);
    expect(res.text).to.match(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<Pisemnost nazevSW="Faktura" verzeSW="[^"]+">/,
    );
    expect(res.text).to.include('<DPHDP3 verzePis="03.01.03">');

    const vety = vetyOf(res.text, 'DPHDP3');
    expect(Object.keys(vety)).to.deep.equal(['VetaD', 'VetaP', 'Veta1', 'Veta2', 'Veta4', 'Veta6']);
    expect(vety.VetaD).to.deep.equal([
      {
        k_uladis: 'DPH',
        dokument: 'DP3',
        rok: '2026',
        mesic: '5',
        d_poddp: '10.06.2026',
        dapdph_forma: 'B',
        trans: 'A',
        typ_platce: 'P',
        c_okec: '62010',
      },
    ]);
    expect(vety.VetaP).to.deep.equal([
      {
        c_ufo: '451',
        c_pracufo: '2001',
        dic: '25596641',
        typ_ds: 'P',
        zkrobchjm: 'Acme s.r.o.',
        ulice: 'Dlouhá',
        c_pop: '12',
        c_orient: '3',
        naz_obce: 'Praha',
        psc: '11000',
        stat: 'ČESKÁ REPUBLIKA',
        email: 'ucetni@acme.cz',
      },
    ]);
    expect(vety.Veta1).to.deep.equal([
      {
        obrat23: '21501',
        dan23: '4515',
        obrat5: '1300',
        dan5: '156',
        rez_pren23: '10000',
        dan_rpren23: '2100',
        rez_pren5: '0',
        dan_rpren5: '0',
      },
    ]);
    expect(vety.Veta2).to.deep.equal([{ dod_zb: '0', pln_sluzby: '3000', pln_rez_pren: '8000' }]);
    expect(vety.Veta4).to.deep.equal([
      {
        pln23: '20100',
        odp_tuz23_nar: '4221',
        pln5: '500',
        odp_tuz5_nar: '60',
        nar_zdp23: '10000',
        od_zdp23: '2100',
        nar_zdp5: '0',
        od_zdp5: '0',
        odp_sum_nar: '6381',
      },
    ]);
    expect(vety.Veta6).to.deep.equal([{ dan_zocelk: '6771', odp_zocelk: '6381', dano_da: '390', dano_no: '0' }]);

    // A month with nothing in it: a valid return of zeros, no tax liability (trans N).
    const april = await get('/api/v1/reports/vat-return.xml?period=2026-04');
    expect((await xmllint(april.text, XSD.DPHDP3)).valid).to.equal(true);
    const empty = vetyOf(april.text, 'DPHDP3');
    expect(empty.VetaD[0]).to.include({ mesic: '4', trans: 'N' });
    expect(empty.Veta6).to.deep.equal([{ dan_zocelk: '0', odp_zocelk: '0', dano_da: '0', dano_no: '0' }]);
  });

  it('files the control statement of May (DPHKH1) valid against the official XSD: A.1, A.4, A.5, B.2, B.3 and C', async () => {
    const res = await get('/api/v1/reports/vat-control-statement.xml?period=2026-05');
    expect(res.status, res.text).to.equal(200);
    expect(res.headers.get('content-type')).to.match(/^application\/xml/);
    expect(res.headers.get('content-disposition')).to.equal('attachment; filename="DPHKH1-25596641-2026-05.xml"');
    const lint = await xmllint(res.text, XSD.DPHKH1);
    expect(lint.valid, lint.output).to.equal(true);
    expect(res.text).to.include('<DPHKH1 verzePis="03.01.14">');

    const vety = vetyOf(res.text, 'DPHKH1');
    expect(Object.keys(vety)).to.deep.equal([
      'VetaD',
      'VetaP',
      'VetaA1',
      'VetaA4',
      'VetaA5',
      'VetaB2',
      'VetaB3',
      'VetaC',
    ]);
    expect(vety.VetaD).to.deep.equal([
      { k_uladis: 'DPH', dokument: 'KH1', rok: '2026', mesic: '5', d_poddp: '10.06.2026', khdph_forma: 'B' },
    ]);
    expect(vety.VetaP[0]).to.include({ c_ufo: '451', dic: '25596641', typ_ds: 'P', zkrobchjm: 'Acme s.r.o.' });
    expect(vety.VetaA1).to.deep.equal([
      {
        c_radku: '1',
        dic_odb: '11111111',
        c_evid_dd: numbers.d6,
        duzp: '10.05.2026',
        zakl_dane1: '8000.00',
        kod_pred_pl: '4',
      },
    ]);
    const a4 = (row: number, number: string, dppd: string, amounts: string[]) => ({
      c_radku: String(row),
      dic_odb: '11111111',
      c_evid_dd: number,
      dppd,
      zakl_dane1: amounts[0],
      dan1: amounts[1],
      zakl_dane2: amounts[2],
      dan2: amounts[3],
      kod_rezim_pl: '0',
      zdph_44: 'N',
    });
    expect(vety.VetaA4).to.deep.equal([
      a4(1, numbers.d1, '05.05.2026', ['10000.40', '2100.08', '1000.00', '120.00']),
      a4(2, numbers.d4, '08.05.2026', ['12500.00', '2625.00', '0.00', '0.00']),
    ]);
    // D2 + D3 + D5: 1,000.10 − 2,000.00 = −999.90 (VAT 210.02 − 420.00 = −209.98) at 21 %; 300.00 + 36.00 at 12 %.
    expect(vety.VetaA5).to.deep.equal([
      { zakl_dane1: '-999.90', dan1: '-209.98', zakl_dane2: '300.00', dan2: '36.00' },
    ]);
    expect(vety.VetaB2).to.deep.equal([
      {
        c_radku: '1',
        dic_dod: '22222222',
        c_evid_dd: 'FV-2026-001',
        dppd: '02.05.2026',
        zakl_dane1: '20000.00',
        dan1: '4200.00',
        zakl_dane2: '0.00',
        dan2: '0.00',
        pomer: 'N',
        zdph_44: 'N',
      },
    ]);
    // K4 at 21 %, K2 at 12 %; K3 (reverse charge) is in no B section here.
    expect(vety.VetaB3).to.deep.equal([{ zakl_dane1: '99.60', dan1: '20.92', zakl_dane2: '500.00', dan2: '60.00' }]);
    // C: A.4 + A.5 bases (ř. 1 and 2 of the return within its ±1,000 CZK), B.2 + B.3 bases (ř. 40, 41), A.1 (ř. 25).
    expect(vety.VetaC).to.deep.equal([
      { obrat23: '21500.50', obrat5: '1300.00', pln23: '20099.60', pln5: '500.00', pln_rez_pren: '8000.00' },
    ]);
  });

  it('takes a quarter from a quarterly filer, and answers 400 for a period that does not fit the company', async () => {
    const monthly = await get('/api/v1/reports/vat-return.xml?period=2026-Q2');
    expect(monthly.status, monthly.text).to.equal(400);
    expect(monthly.body.details).to.deep.equal([{ path: 'period', message: 'must be a month YYYY-MM' }]);

    expect((await app.put('/api/v1/settings/tax-filing', { vatPeriod: 'QUARTERLY' }, company.token)).status).to.equal(
      200,
    );
    const quarter = await get('/api/v1/reports/vat-return.xml?period=2026-Q2');
    expect(quarter.status, quarter.text).to.equal(200);
    expect(quarter.headers.get('content-disposition')).to.include('DPHDP3-25596641-2026-Q2.xml');
    const lint = await xmllint(quarter.text, XSD.DPHDP3);
    expect(lint.valid, lint.output).to.equal(true);
    const vety = vetyOf(quarter.text, 'DPHDP3');
    expect(vety.VetaD[0]).to.include({ rok: '2026', ctvrt: '2' }).and.not.have.property('mesic');
    // The June invoice joins May: 21,500.50 + 50,000 → 71,501; VAT 4,515.10 + 10,500 → 15,015.
    expect(vety.Veta1[0]).to.include({ obrat23: '71501', dan23: '15015' });
    // A legal person files the control statement monthly whatever its VAT period.
    expect((await get('/api/v1/reports/vat-control-statement.xml?period=2026-Q2')).status).to.equal(400);
    expect((await get('/api/v1/reports/vat-control-statement.xml?period=2026-05')).status).to.equal(200);

    // A natural person filing quarterly files the control statement per quarter too: the months' rows together.
    const person = { filerType: 'NATURAL_PERSON', filerFirstName: 'Jana', filerLastName: 'Nováková' };
    expect((await app.put('/api/v1/settings/tax-filing', person, company.token)).status).to.equal(200);
    const statement = await get('/api/v1/reports/vat-control-statement.xml?period=2026-Q2');
    expect(statement.status, statement.text).to.equal(200);
    const kh = await xmllint(statement.text, XSD.DPHKH1);
    expect(kh.valid, kh.output).to.equal(true);
    const khVety = vetyOf(statement.text, 'DPHKH1');
    expect(khVety.VetaD[0]).to.include({ ctvrt: '2' });
    expect(khVety.VetaP[0])
      .to.include({ typ_ds: 'F', jmeno: 'Jana', prijmeni: 'Nováková' })
      .and.not.have.property('zkrobchjm');
    expect(khVety.VetaA4.map((r) => r.c_evid_dd)).to.deep.equal([numbers.d1, numbers.d4, numbers.june]);
    expect((await get('/api/v1/reports/vat-control-statement.xml?period=2026-05')).status).to.equal(400);
    expect(
      (
        await app.put(
          '/api/v1/settings/tax-filing',
          { ...TAX_FILING, filerFirstName: null, filerLastName: null },
          company.token,
        )
      ).status,
    ).to.equal(200);
  });

  it('answers 409 when a row’s partner has no Czech DIČ, and names what a natural person lacks', async () => {
    const other = await makeCompany(app);
    expect((await app.put('/api/v1/settings/company', BILLING, other.token)).status).to.equal(200);
    expect((await app.put('/api/v1/settings/tax-filing', TAX_FILING, other.token)).status).to.equal(200);
    const austrian = await makeContact(app, other.token, { name: 'Wien GmbH', vatId: 'ATU12345678' });
    const doc = await makeDocument(app, other.token, {
      status: 'ISSUED',
      contactId: austrian.id,
      issuedAt: '2026-05-05',
      items: [at(21, '20000.00')],
    });
    const res = await get('/api/v1/reports/vat-control-statement.xml?period=2026-05', other.token);
    expect(res.status, res.text).to.equal(409);
    expect(res.body.code).to.equal('FILING_PARTNER_VAT_ID_INVALID');
    expect(res.body.details).to.deep.equal([{ path: doc.number, message: 'no Czech DIČ of the partner' }]);
    // The VAT return has no per-partner rows: it files. With more input VAT than output VAT it reclaims (ř. 65):
    // output 4,200; input 50,000 × 21 % = 10,500; 10,500 − 4,200 = 6,300.
    const supplier = await makeSupplier(app, other.token, { vatId: 'CZ22222222' });
    await makeCost(app, other.token, supplier.id, {
      issuedAt: '2026-05-01',
      receivedAt: '2026-05-02',
      vatClaimDate: '2026-05-20',
      items: [at(21, '50000.00')],
    });
    const vatReturn = await get('/api/v1/reports/vat-return.xml?period=2026-05', other.token);
    expect(vatReturn.status, vatReturn.text).to.equal(200);
    expect(vetyOf(vatReturn.text, 'DPHDP3').Veta6).to.deep.equal([
      { dan_zocelk: '4200', odp_zocelk: '10500', dano_da: '0', dano_no: '6300' },
    ]);
    const lint = await xmllint(vatReturn.text, XSD.DPHDP3);
    expect(lint.valid, lint.output).to.equal(true);

    expect(
      (await app.put('/api/v1/settings/tax-filing', { filerType: 'NATURAL_PERSON' }, other.token)).status,
    ).to.equal(200);
    const person = await get('/api/v1/reports/vat-return.xml?period=2026-05', other.token);
    expect(person.status, person.text).to.equal(409);
    expect(person.body.details).to.deep.equal([
      { path: 'filerFirstName', message: 'required for a natural person' },
      { path: 'filerLastName', message: 'required for a natural person' },
    ]);
    const bad = await app.put('/api/v1/settings/tax-filing', { taxOfficeCode: '45', naceCode: 'abc' }, other.token);
    expect(bad.status).to.equal(400);
    expect(bad.body.details.map((d: { path: string }) => d.path)).to.deep.equal(['taxOfficeCode', 'naceCode']);
  });

  it('reads and changes the tax filing settings over GraphQL as over REST', async () => {
    const other = await makeCompany(app);
    const change = await app.post(
      '/graphql',
      {
        query: `mutation($input: UpdateTaxFilingSettingsInput!) { updateTaxFilingSettings(input: $input) {
          taxOfficeCode taxOfficeWorkplaceCode filerType filerFirstName filerLastName vatPeriod naceCode } }`,
        variables: { input: { ...TAX_FILING, naceCode: '' } },
      },
      other.token,
    );
    expect(change.status, change.text).to.equal(200);
    const expected = { ...TAX_FILING, naceCode: null, filerFirstName: null, filerLastName: null };
    expect(change.body.data.updateTaxFilingSettings).to.deep.equal(expected);
    expect((await get('/api/v1/settings/tax-filing', other.token)).body).to.deep.equal(expected);
    const bad = await app.post(
      '/graphql',
      { query: `mutation { updateTaxFilingSettings(input: { taxOfficeCode: "4510" }) { taxOfficeCode } }` },
      other.token,
    );
    expect(bad.body.errors[0].extensions.code).to.equal('VALIDATION_FAILED');
  });

  it('answers 400 for a malformed period, naming it', async () => {
    for (const period of ['', '2026-13', '2026-Q5', '2026-5', '2023-12', '2026-05-01', 'x'.repeat(5000)]) {
      for (const path of ['/api/v1/reports/vat-return.xml', '/api/v1/reports/vat-control-statement.xml']) {
        const res = await get(`${path}?period=${encodeURIComponent(period)}`);
        expect(res.status, `${path} ${period}: ${res.text}`).to.equal(400);
        expect(res.body.details[0].path).to.equal('period');
      }
    }
    expect((await get('/api/v1/reports/vat-return.xml')).status).to.equal(400);
  });

  it('is read as the reports section; a caller limited to departments cannot file', async () => {
    const member = await makeUser(app, company, { permissions: { documents: 'write', costs: 'write' } });
    for (const path of ['/api/v1/reports/vat-return.xml', '/api/v1/reports/vat-control-statement.xml']) {
      const denied = await get(`${path}?period=2026-05`, member.token);
      expect(denied.status).to.equal(403);
      expect(denied.body.details).to.deep.equal({ requiredScope: 'reports:read' });
    }
    const reader = await makeUser(app, company, { permissions: { reports: 'read' } });
    expect((await get('/api/v1/reports/vat-return.xml?period=2026-05', reader.token)).status).to.equal(200);
    const sales = (await app.post('/api/v1/departments', { name: 'Sales' }, company.token)).body.id;
    const limited = await makeUser(app, company, { permissions: { reports: 'read' }, departmentIds: [sales] });
    const res = await get('/api/v1/reports/vat-control-statement.xml?period=2026-05', limited.token);
    expect(res.status, res.text).to.equal(403);
    expect(res.body.code).to.equal('FORBIDDEN');
  });
});
