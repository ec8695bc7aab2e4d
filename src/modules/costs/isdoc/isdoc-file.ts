import { unzipSync, type UnzipFileInfo } from 'fflate';
import { embeddedFiles, UnreadablePdf } from '../../../core/pdf-attachments';
import { ImportFileTooLarge, IsdocInvalid, UnsupportedImportFile } from '../costs.errors';

/** An upload is read up to this size (the HTTP body and costImport.fromFile alike). */
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
/** An .isdocx is a ZIP: at most this many entries, and what is unpacked of it at most this large. */
export const ISDOCX_LIMITS = { entries: 100, unpackedBytes: 10 * 1024 * 1024 } as const;

export type ImportFormat = 'isdoc' | 'isdocx' | 'pdf';

/** The content types an imported file is kept under, by what it turned out to be. */
export const CONTENT_TYPES: Record<ImportFormat, string> = {
  isdoc: 'application/xml',
  isdocx: 'application/zip',
  pdf: 'application/pdf',
};

/** The Content-Types POST /costs/import takes (the bytes then decide which of the three forms it is). */
export const IMPORT_CONTENT_TYPES = [
  'application/xml',
  'text/xml',
  'application/zip',
  'application/pdf',
  'application/octet-stream',
] as const;

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** The declared media type (without parameters) when it is one of IMPORT_CONTENT_TYPES, else 415. */
export function assertImportType(header: string): string {
  const type = header.split(';')[0].trim().toLowerCase();
  if (!(IMPORT_CONTENT_TYPES as readonly string[]).includes(type)) throw new UnsupportedImportFile();
  return type;
}

/** What the bytes are, from their first bytes (never from a name or a declared type): else 415. */
export function formatOf(content: Buffer): ImportFormat {
  if (content.subarray(0, 4).equals(Buffer.from('PK\x03\x04', 'latin1'))) return 'isdocx';
  const start = content
    .subarray(0, 64)
    .toString('latin1')
    .replace(/^\xef\xbb\xbf/, '');
  if (/^\s*</.test(start)) return 'isdoc';
  // A PDF's header may follow some bytes of junk (PDF 1.7, annex H.3).
  if (content.subarray(0, 1024).includes('%PDF-')) return 'pdf';
  throw new UnsupportedImportFile();
}

/** The ISDOC XML text of an .isdoc, an .isdocx or a PDF with an embedded .isdoc. */
export async function isdocXmlOf(format: ImportFormat, content: Buffer): Promise<string> {
  if (content.length > MAX_IMPORT_BYTES) throw new ImportFileTooLarge(`The file exceeds ${MAX_IMPORT_BYTES} bytes`);
  if (format === 'isdoc') return utf8(content);
  if (format === 'isdocx') return utf8(mainDocumentOfZip(content));
  return utf8(await isdocOfPdf(content));
}

function utf8(bytes: Uint8Array): string {
  try {
    return strictUtf8.decode(bytes).replace(/^\ufeff/, '');
  } catch {
    throw new IsdocInvalid('The ISDOC is not valid UTF-8');
  }
}

/**
 * The .isdoc of an .isdocx: the one its manifest.xml names as maindocument, else its only .isdoc entry.
 * Bounded before anything is inflated: the number of entries and the sizes they declare (an entry's
 * output never grows past its declared size).
 */
function mainDocumentOfZip(zip: Buffer): Uint8Array {
  let entries = 0;
  let unpacked = 0;
  const wanted = (f: UnzipFileInfo) => /\.isdoc$/i.test(f.name) || f.name.toLowerCase() === 'manifest.xml';
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(zip, {
      filter: (f) => {
        if (++entries > ISDOCX_LIMITS.entries)
          throw new ImportFileTooLarge(`The .isdocx has more than ${ISDOCX_LIMITS.entries} entries`);
        if (!wanted(f)) return false;
        unpacked += f.originalSize;
        if (unpacked > ISDOCX_LIMITS.unpackedBytes)
          throw new ImportFileTooLarge(`The .isdocx unpacks to more than ${ISDOCX_LIMITS.unpackedBytes} bytes`);
        return true;
      },
    });
  } catch (err) {
    if (err instanceof ImportFileTooLarge) throw err;
    throw new IsdocInvalid('The .isdocx is not a readable ZIP archive');
  }
  const manifest = Object.entries(files).find(([name]) => name.toLowerCase() === 'manifest.xml')?.[1];
  const named = manifest && /<maindocument\b[^>]*\bfilename\s*=\s*"([^"]{1,255})"/i.exec(utf8(manifest))?.[1];
  const isdocs = Object.keys(files).filter((name) => /\.isdoc$/i.test(name));
  const main = named && files[named] ? named : isdocs.length === 1 ? isdocs[0] : null;
  if (!main) throw new IsdocInvalid('The .isdocx holds no single .isdoc (and its manifest.xml names none)');
  return files[main];
}

async function isdocOfPdf(pdf: Buffer): Promise<Buffer> {
  let files;
  try {
    files = await embeddedFiles(pdf);
  } catch (err) {
    if (err instanceof UnreadablePdf) throw new IsdocInvalid('The PDF cannot be read');
    throw err;
  }
  const isdoc = files.find((f) => /\.isdoc$/i.test(f.name));
  if (!isdoc) throw new IsdocInvalid('The PDF embeds no .isdoc file');
  return isdoc.content;
}
