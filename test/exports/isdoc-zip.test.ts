import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { unzipSync } from 'fflate';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeCompany, makeDocument, type Company } from '../helpers/fixtures';
import { exportFile } from '../helpers/exports';
import { SCHEMAS, standardsDir } from '../einvoice/einvoice.helpers';

/**
 * The ISDOC 6.0.2 schema: the repository's copy (the costs module's ISDOC import keeps one), else the
 * shared standards beside the repository (test/einvoice/einvoice.helpers.ts).
 */
function isdocSchema(): string {
  const kept = path.resolve(__dirname, '../../src/modules/costs/isdoc/xsd/isdoc-invoice-6.0.2.xsd');
  return fs.existsSync(kept) ? kept : path.join(standardsDir(), SCHEMAS.isdoc);
}

function expectValidIsdoc(name: string, xml: Uint8Array): void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'exports-isdoc-'));
  try {
    const file = path.join(dir, name);
    fs.writeFileSync(file, xml);
    const run = spawnSync('xmllint', ['--noout', '--schema', isdocSchema(), file], { encoding: 'utf8' });
    expect(run.error, 'xmllint (libxml2-utils) must be installed').to.equal(undefined);
    expect(run.status, run.stderr).to.equal(0);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Issue 27 point 4: a ZIP of one ISDOC per document, each valid against the ISDOC 6.0.2 schema. */
describe('exports: isdoc-zip (issue 27 points 4 and 8)', function () {
  this.timeout(90_000);
  let app: TestApp;
  let company: Company;

  before(async () => {
    app = await startTestApp();
    company = await makeCompany(app);
  });
  after(() => app.stop());

  it('holds <number>.isdoc of each invoice, valid by xmllint; quotes have none', async () => {
    const invoice = await makeDocument(app, company.token, { status: 'ISSUED', clientName: 'Odběratel s.r.o.' });
    const proforma = await makeDocument(app, company.token, {
      type: 'PROFORMA',
      status: 'ISSUED',
      clientName: 'Záloha',
    });
    await makeDocument(app, company.token, { type: 'QUOTE', clientName: 'Nabídka' });
    const { bytes, record } = await exportFile(app, company.token, { resource: 'documents', format: 'isdoc-zip' });
    expect(record.progress).to.deep.equal({ done: 3, total: 3 });
    const files = unzipSync(new Uint8Array(bytes));
    expect(Object.keys(files).sort()).to.deep.equal([`${invoice.number}.isdoc`, `${proforma.number}.isdoc`].sort());
    for (const [name, xml] of Object.entries(files)) {
      expect(Buffer.from(xml).toString('utf8')).to.contain('<Invoice');
      expectValidIsdoc(name, xml);
    }
    const single = await app.request('GET', `/api/v1/documents/${invoice.id}/isdoc`, { token: company.token });
    expect(Buffer.from(files[`${invoice.number}.isdoc`]).toString('utf8')).to.equal(single.text);
  });
});
