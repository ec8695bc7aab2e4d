/**
 * The extraction contract (issue 29 brief) as types, until ocr29's src/modules/inbox/extraction/ is merged;
 * then this file re-exports from './extraction'.
 */
export type Confident<T> = { value: T; confidence: number } | null;
export interface ExtractedFields {
  supplierIco: Confident<string>;
  supplierDic: Confident<string>;
  supplierName: Confident<string>;
  documentNumber: Confident<string>;
  variableSymbol: Confident<string>;
  issueDate: Confident<string>;
  taxableSupplyDate: Confident<string>;
  dueDate: Confident<string>;
  total: Confident<string>;
  currency: Confident<string>;
  vat: { rate: '21' | '12' | '0'; base: string; vat: string; confidence: number }[];
  iban: Confident<string>;
  accountNumber: Confident<string>;
}
export interface ExtractionResult {
  method: 'ISDOC' | 'TEXT' | 'OCR';
  engine: string;
  pages: number;
  fields: ExtractedFields;
  textChars: number;
}
export interface Extractor {
  extract(file: { filename: string; content: Buffer }, signal?: AbortSignal): Promise<ExtractionResult>;
  ocrAvailable(): Promise<boolean>;
  renderPage(file: { filename: string; content: Buffer }, page: number): Promise<Buffer>;
}

/** Temporary (until ocr29's extraction is merged): the contract's error and kind detection, and an extractor that refuses. */
export class ExtractionFailed extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'ExtractionFailed';
  }
}

export function detectKind(content: Buffer): 'PDF' | 'PNG' | 'JPEG' | 'ISDOC' | 'ISDOCX' | null {
  if (content.subarray(0, 5).toString('latin1') === '%PDF-') return 'PDF';
  if (content.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'PNG';
  if (content[0] === 0xff && content[1] === 0xd8 && content[2] === 0xff) return 'JPEG';
  if (content.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) return 'ISDOCX';
  const head = content.subarray(0, 2000).toString('utf8');
  if (/^\uFEFF?\s*<(\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*<([A-Za-z_][\w.-]*:)?Invoice[\s>]/.test(head))
    return 'ISDOC';
  return null;
}

export function createExtractor(): Extractor {
  const unavailable = () => Promise.reject(new ExtractionFailed('Extraction is not available in this build'));
  return { extract: unavailable, renderPage: unavailable, ocrAvailable: () => Promise.resolve(false) };
}
