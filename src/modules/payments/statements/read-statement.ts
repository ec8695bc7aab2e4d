import { StatementFileInvalid } from '../payments.errors';
import { isCamt053, parseCamt053 } from './camt053';
import { isGpc, parseGpc } from './gpc';
import { assertLineCount, type StatementFile } from './statement-file';

const utf8 = new TextDecoder('utf-8', { fatal: true });
const windows1250 = new TextDecoder('windows-1250');

/**
 * A statement file's movements, the format told by the content: a 074 header record is ABO/GPC, an
 * XML BkToCstmrStmt is CAMT.053. Text that is valid UTF-8 is read as UTF-8 (CAMT.053, and GPC
 * files some banks export in it); anything else is the Windows-1250 GPC is defined in.
 */
export function readStatementFile(bytes: Buffer): StatementFile {
  const text = decode(bytes);
  const file = isGpc(text) ? parseGpc(text) : isCamt053(text) ? parseCamt053(text) : null;
  if (!file) {
    throw new StatementFileInvalid(
      'Not a statement this import reads: an ABO/GPC file (074 header, 075 records) or a CAMT.053 XML',
    );
  }
  assertLineCount(file.movements);
  return file;
}

function decode(bytes: Buffer): string {
  if (bytes.includes(0)) throw new StatementFileInvalid('A statement is text; this file is binary');
  try {
    return utf8.decode(bytes);
  } catch {
    return windows1250.decode(bytes);
  }
}
