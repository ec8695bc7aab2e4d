import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { XMLParser } from 'fast-xml-parser';

/** The repository's copies of the tax administration's official XSDs (src/modules/reports/epo/xsd/README.md). */
export const XSD = {
  DPHDP3: path.join(__dirname, '../../src/modules/reports/epo/xsd/dphdp3_epo2.xsd'),
  DPHKH1: path.join(__dirname, '../../src/modules/reports/epo/xsd/dphkh1_epo2.xsd'),
};

/** `xmllint --noout --schema` on the XML (the CLI, as the tax portal's structure check): its verdict and messages. */
export async function xmllint(xml: string, xsd: string): Promise<{ valid: boolean; output: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'epo-'));
  const file = path.join(dir, 'filing.xml');
  fs.writeFileSync(file, xml);
  try {
    const { stderr } = await promisify(execFile)('xmllint', ['--noout', '--schema', xsd, file]);
    return { valid: true, output: stderr };
  } catch (error) {
    return { valid: false, output: String((error as { stderr?: string }).stderr ?? error) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The records of an EPO file: record name → the attributes of each occurrence, in order. */
export function vetyOf(xml: string, form: 'DPHDP3' | 'DPHKH1'): Record<string, Record<string, string>[]> {
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    parseAttributeValue: false,
    isArray: (_name: string, _path: unknown, _leaf: boolean, isAttribute: boolean) => !isAttribute,
  });
  const root = parser.parse(xml).Pisemnost[0][form][0] as Record<string, Record<string, string>[]>;
  return Object.fromEntries(Object.entries(root).filter(([name]) => name.startsWith('Veta')));
}
