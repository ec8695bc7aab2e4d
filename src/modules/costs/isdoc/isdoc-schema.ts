import { readFileSync } from 'node:fs';
import path from 'node:path';
import { memoryPages, validateXML, type XMLFileInfo } from 'xmllint-wasm';
import { IsdocInvalid } from '../costs.errors';

/**
 * ISDOC 6.0.2's invoice schema (copied from the standard into ./xsd). ISDOC 6.0.1 files validate
 * against it as they are: the namespace is the same (http://isdoc.cz/namespace/2013), the version
 * attribute is only a pattern ([0-9]+.[0-9]+(.[0-9]+)?), and 6.0.2 added no required element.
 */
const XSD_DIR = path.join(__dirname, 'xsd');
const MAIN_XSD = 'isdoc-invoice-6.0.2.xsd';
const INCLUDED_XSD = 'isdoc-core-6.0.2.xsd';
const ISDOC_NS = /\{http:\/\/isdoc\.cz\/namespace\/2013\}/g;
/** xmllint's category before the message ("Schemas validity error : ", "parser error : "). */
const CATEGORY = /^[\w ]*error\s*:\s*/i;

let schemaFiles: { main: XMLFileInfo; included: XMLFileInfo } | null = null;

function schema(): { main: XMLFileInfo; included: XMLFileInfo } {
  schemaFiles ??= {
    main: { fileName: MAIN_XSD, contents: readFileSync(path.join(XSD_DIR, MAIN_XSD), 'utf8') },
    included: { fileName: INCLUDED_XSD, contents: readFileSync(path.join(XSD_DIR, INCLUDED_XSD), 'utf8') },
  };
  return schemaFiles;
}

/**
 * The XML is a well-formed ISDOC invoice valid against the schema, else 400 ISDOC_INVALID naming the
 * first error with its line (and element, as xmllint names it). A DOCTYPE is refused before anything
 * parses it: an invoice needs none, and entity declarations are how XXE and "billion laughs" come in.
 */
export async function assertValidIsdoc(xml: string): Promise<void> {
  if (/<!DOCTYPE/i.test(xml))
    throw new IsdocInvalid('The ISDOC must not contain a DOCTYPE (DTDs and entities are refused)');
  const { main, included } = schema();
  const result = await validateXML({
    xml: [{ fileName: 'invoice.isdoc', contents: xml }],
    schema: [main],
    preload: [included],
    maxMemoryPages: 256 * memoryPages.MiB,
  });
  if (result.valid) return;
  const first = result.errors[0];
  const line = first?.loc?.lineNumber;
  const what = (first?.message ?? result.rawOutput).trim().replace(CATEGORY, '').replace(ISDOC_NS, '');
  throw new IsdocInvalid(`Not a valid ISDOC invoice: ${line === undefined ? '' : `line ${line}: `}${what}`, line);
}
