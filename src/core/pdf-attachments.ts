import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRawStream, PDFString } from 'pdf-lib';

/** A file embedded in a PDF (an attachment: ISDOC.PDF's .isdoc, Factur-X's XML). */
export interface EmbeddedFile {
  name: string;
  content: Buffer;
}

/** Bounds of what one PDF may make us read: a name tree is walked this deep and this wide, files decoded up to this size. */
export const EMBEDDED_LIMITS = { files: 20, depth: 8, nodes: 200, bytesPerFile: 10 * 1024 * 1024 } as const;

/** The PDF cannot be read (not a PDF, damaged, encrypted in a way pdf-lib refuses). */
export class UnreadablePdf extends Error {}

/**
 * The files a PDF embeds through its catalog's Names → EmbeddedFiles name tree (PDF 1.7 § 7.7.4,
 * 7.11.4), in tree order. Streams are taken unfiltered or FlateDecode (inflated with a cap on the
 * output); a file with another filter, or larger than EMBEDDED_LIMITS.bytesPerFile, is left out.
 */
export async function embeddedFiles(pdf: Buffer): Promise<EmbeddedFile[]> {
  try {
    const doc = await PDFDocument.load(pdf, {
      updateMetadata: false,
      ignoreEncryption: true,
      throwOnInvalidObject: false,
    });
    return filesOf(doc);
  } catch (err) {
    // pdf-lib throws its own errors and plain TypeErrors (a damaged trailer or catalog) alike.
    throw new UnreadablePdf(err instanceof Error ? err.message : 'unreadable PDF');
  }
}

function filesOf(doc: PDFDocument): EmbeddedFile[] {
  const names = doc.catalog.lookupMaybe(PDFName.of('Names'), PDFDict);
  const root = names?.lookupMaybe(PDFName.of('EmbeddedFiles'), PDFDict);
  if (!root) return [];
  const files: EmbeddedFile[] = [];
  let nodes = 0;
  const walk = (node: PDFDict, depth: number) => {
    if (depth > EMBEDDED_LIMITS.depth || ++nodes > EMBEDDED_LIMITS.nodes) return;
    const pairs = node.lookupMaybe(PDFName.of('Names'), PDFArray);
    for (let i = 0; pairs && i + 1 < pairs.size() && files.length < EMBEDDED_LIMITS.files; i += 2) {
      const spec = pairs.lookup(i + 1);
      const file = spec instanceof PDFDict ? fileOf(spec, textOf(pairs.lookup(i))) : null;
      if (file) files.push(file);
    }
    const kids = node.lookupMaybe(PDFName.of('Kids'), PDFArray);
    for (let i = 0; kids && i < kids.size(); i++) {
      const kid = kids.lookup(i);
      if (kid instanceof PDFDict) walk(kid, depth + 1);
    }
  };
  walk(root, 0);
  return files;
}

/** A file specification's embedded stream (/EF /F) under its /UF or /F name, else the name-tree key. */
function fileOf(spec: PDFDict, key: string | null): EmbeddedFile | null {
  const stream = spec.lookupMaybe(PDFName.of('EF'), PDFDict)?.lookup(PDFName.of('F'));
  if (!(stream instanceof PDFRawStream)) return null;
  const content = decoded(stream);
  if (!content) return null;
  const name = textOf(spec.lookup(PDFName.of('UF'))) ?? textOf(spec.lookup(PDFName.of('F'))) ?? key ?? 'attachment';
  return { name, content };
}

function decoded(stream: PDFRawStream): Buffer | null {
  const filter = stream.dict.lookup(PDFName.of('Filter'));
  const filters = filter instanceof PDFArray ? filter.asArray() : filter ? [filter] : [];
  const raw = Buffer.from(stream.getContents());
  if (filters.length === 0) return raw.length <= EMBEDDED_LIMITS.bytesPerFile ? raw : null;
  if (filters.length !== 1 || filters[0] !== PDFName.of('FlateDecode')) return null;
  try {
    return inflateSync(raw, { maxOutputLength: EMBEDDED_LIMITS.bytesPerFile });
  } catch {
    // Damaged, or larger than the cap (RangeError from maxOutputLength).
    return null;
  }
}

function textOf(value: unknown): string | null {
  return value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : null;
}
