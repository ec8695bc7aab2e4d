import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { XMLParser } from 'fast-xml-parser';
import type { TestApp } from '../helpers/app';

/**
 * The shared XSDs (../shared/standards beside the repository, as issue 27 places them; STANDARDS_DIR
 * to point elsewhere).
 */
export function standardsDir(): string {
  const candidates = [
    process.env.STANDARDS_DIR,
    path.resolve(__dirname, '../../../shared/standards'),
    path.resolve(__dirname, '../../../../shared/standards'),
  ].filter((c): c is string => Boolean(c));
  const found = candidates.find((c) => fs.existsSync(path.join(c, 'isdoc-6.0.2')));
  if (!found) throw new Error(`The shared XSDs are not at ${candidates.join(' or ')} (set STANDARDS_DIR)`);
  return found;
}

export const SCHEMAS = {
  isdoc: 'isdoc-6.0.2/isdoc-invoice-6.0.2.xsd',
  ublInvoice: 'ubl-2.1/maindoc/UBL-Invoice-2.1.xsd',
  ublCreditNote: 'ubl-2.1/maindoc/UBL-CreditNote-2.1.xsd',
} as const;

/** Validates with the xmllint CLI (libxml2-utils); fails the test with xmllint's own report. */
export function expectValid(xml: string, schema: keyof typeof SCHEMAS): void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'einvoice-'));
  const file = path.join(dir, 'document.xml');
  try {
    fs.writeFileSync(file, xml);
    const run = spawnSync('xmllint', ['--noout', '--schema', path.join(standardsDir(), SCHEMAS[schema]), file], {
      encoding: 'utf8',
    });
    expect(run.error, 'xmllint (libxml2-utils) must be installed').to.equal(undefined);
    expect(run.status, `${run.stderr}\n${xml}`).to.equal(0);
    expect(run.stderr).to.contain('validates');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  isArray: (name) => ['InvoiceLine', 'CreditNoteLine', 'TaxSubTotal', 'TaxSubtotal', 'TaxTotal'].includes(name),
});

/** The XML as plain objects (namespace prefixes dropped, every value a string). */
export function parseXml(xml: string): any {
  return parser.parse(xml);
}

/** GET an e-invoice: checks 200, the XML content type and the download's file name. */
export async function getXml(
  app: TestApp,
  id: string,
  format: 'isdoc' | 'ubl',
  token: string,
): Promise<{ xml: string; doc: any; disposition: string }> {
  const res = await app.request('GET', `/api/v1/documents/${id}/${format}`, { token });
  expect(res.status, res.text).to.equal(200);
  expect(res.headers.get('content-type')).to.match(/^application\/xml/);
  return { xml: res.text, doc: parseXml(res.text), disposition: res.headers.get('content-disposition') ?? '' };
}
