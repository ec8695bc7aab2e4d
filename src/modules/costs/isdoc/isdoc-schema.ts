import { readFileSync } from 'node:fs';
import path from 'node:path';
import { memoryPages, validateXML, type XMLFileInfo } from 'xmllint-wasm';
import { WorkSlots } from '../../../core/work-slots';
import { IsdocInvalid } from '../costs.errors';

/**
 * ISDOC 6.0.2's invoice schema (the repository's standards/isdoc-6.0.2). ISDOC 6.0.1 files validate
 * against it as they are: the namespace is the same (http://isdoc.cz/namespace/2013), the version
 * attribute is only a pattern ([0-9]+.[0-9]+(.[0-9]+)?), and 6.0.2 added no required element.
 */
const XSD_DIR = path.resolve(__dirname, '../../../../standards/isdoc-6.0.2');
const MAIN_XSD = 'isdoc-invoice-6.0.2.xsd';
const INCLUDED_XSD = 'isdoc-core-6.0.2.xsd';
const ISDOC_NS = /\{http:\/\/isdoc\.cz\/namespace\/2013\}/g;
/** xmllint's category before the message ("Schemas validity error : ", "parser error : "). */
const CATEGORY = /^[\w ]*error\s*:\s*/i;

interface SchemaFiles {
  main: XMLFileInfo;
  included: XMLFileInfo;
}

/**
 * Validation against the ISDOC schema. Each run is xmllint in a worker thread with WebAssembly memory
 * of its own (up to 256 MiB for a 10 MB file): `concurrency` run at once and `queueLimit` more wait;
 * beyond that an import is refused with 503 SERVICE_BUSY and Retry-After.
 */
export class IsdocSchema {
  private schema: SchemaFiles | null = null;
  private readonly slots: WorkSlots;

  constructor(concurrency = 2, queueLimit = 8) {
    this.slots = new WorkSlots(concurrency, queueLimit);
  }

  /**
   * The XML is a well-formed ISDOC invoice valid against the schema, else 400 ISDOC_INVALID naming the
   * first error with its line (and element, as xmllint names it). A DOCTYPE is refused before anything
   * parses it: an invoice needs none, and entity declarations are how XXE and "billion laughs" come in.
   */
  async assertValid(xml: string): Promise<void> {
    if (/<!DOCTYPE/i.test(xml))
      throw new IsdocInvalid('The ISDOC must not contain a DOCTYPE (DTDs and entities are refused)');
    const { main, included } = this.files();
    const result = await this.slots.run(() =>
      validateXML({
        xml: [{ fileName: 'invoice.isdoc', contents: xml }],
        schema: [main],
        preload: [included],
        maxMemoryPages: 256 * memoryPages.MiB,
      }),
    );
    if (result.valid) return;
    const first = result.errors[0];
    const line = first?.loc?.lineNumber;
    const what = (first?.message ?? result.rawOutput).trim().replace(CATEGORY, '').replace(ISDOC_NS, '');
    throw new IsdocInvalid(`Not a valid ISDOC invoice: ${line === undefined ? '' : `line ${line}: `}${what}`, line);
  }

  private files(): SchemaFiles {
    this.schema ??= {
      main: { fileName: MAIN_XSD, contents: readFileSync(path.join(XSD_DIR, MAIN_XSD), 'utf8') },
      included: { fileName: INCLUDED_XSD, contents: readFileSync(path.join(XSD_DIR, INCLUDED_XSD), 'utf8') },
    };
    return this.schema;
  }
}
