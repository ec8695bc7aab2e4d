/** A value read from the document and how sure the reading is (0..1); null when nothing was found. */
export type Confident<T> = { value: T; confidence: number } | null;

/** One row of the VAT recapitulation: the rate, its base and its VAT (2-place decimal strings). */
export interface VatRow {
  rate: '21' | '12' | '0';
  base: string;
  vat: string;
  confidence: number;
}

export interface ExtractedFields {
  supplierIco: Confident<string>;
  supplierDic: Confident<string>;
  supplierName: Confident<string>;
  documentNumber: Confident<string>;
  variableSymbol: Confident<string>;
  /** YYYY-MM-DD */
  issueDate: Confident<string>;
  taxableSupplyDate: Confident<string>;
  dueDate: Confident<string>;
  /** The total including VAT, a 2-place decimal string ("12100.00"). */
  total: Confident<string>;
  /** ISO 4217 ("CZK", "EUR"). */
  currency: Confident<string>;
  vat: VatRow[];
  iban: Confident<string>;
  /** A Czech account `[prefix-]number/bankCode`. */
  accountNumber: Confident<string>;
}

export interface ExtractionResult {
  method: 'ISDOC' | 'TEXT' | 'OCR';
  /** What read it, with its version: "tesseract 5.3.0 (ces+eng)", "pdftotext (poppler 22.12.0)", "isdoc 6.0.2". */
  engine: string;
  pages: number;
  fields: ExtractedFields;
  /** The number of characters of text read (for the ai.completed event's outputSummary). */
  textChars: number;
}

/** The file cannot be read; `reason` (also the message) says why, for a person. */
export class ExtractionFailed extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'ExtractionFailed';
  }
}

export interface Extractor {
  extract(file: { filename: string; content: Buffer }, signal?: AbortSignal): Promise<ExtractionResult>;
  /** Tesseract is installed with the ces and eng language data. */
  ocrAvailable(): Promise<boolean>;
  /** Page `page` (1-based) as a PNG (100 dpi for a PDF; an image is its own page 1), for the review page. */
  renderPage(file: { filename: string; content: Buffer }, page: number): Promise<Buffer>;
}
