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
