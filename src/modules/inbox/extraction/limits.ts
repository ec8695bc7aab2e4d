/** What one file may cost to read (README "Costs inbox"). */
export interface ExtractionLimits {
  /** The file's size. */
  bytes: number;
  /** A PDF's pages (more: refused before anything is rendered). */
  pages: number;
  /** An image's pixels, or a PDF page's at the OCR resolution, in millions. */
  megapixels: number;
  /** The whole extraction of one file, wall clock. */
  seconds: number;
  /** Address space of each external tool (pdftotext, pdftoppm, tesseract), in MiB. */
  memoryMiB: number;
  /** Text kept from pdftotext or tesseract per file, in characters. */
  textChars: number;
}

export const EXTRACTION_LIMITS: ExtractionLimits = Object.freeze({
  bytes: 10 * 1024 * 1024,
  pages: 20,
  megapixels: 40,
  seconds: 120,
  memoryMiB: 1024,
  textChars: 1_000_000,
});
