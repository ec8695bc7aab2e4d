/**
 * Extraction of a received invoice's fields (issue 29 point 2): an ISDOC (an .isdoc, an .isdocx or
 * one embedded in a PDF) is read exactly; a PDF with a text layer is read from its text (pdftotext
 * -layout); a scan or photo goes through OCR (pdftoppm 300 dpi → tesseract -l ces+eng). No database:
 * the inbox module calls `createExtractor().extract(file)` and keeps the result.
 *
 * Every external tool runs as a child process with a timeout, bounded output and bounded memory;
 * bad input throws ExtractionFailed with a person-readable reason within bounded time.
 */
export { createExtractor } from './extractor';
export { detectKind, type FileKind } from './detect';
export { EXTRACTION_LIMITS, type ExtractionLimits } from './limits';
export type { Confident, ExtractedFields, ExtractionResult, Extractor, VatRow } from './types';
export { ExtractionFailed } from './types';
