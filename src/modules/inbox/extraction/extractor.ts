import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { imageSize } from 'image-size';
import { PDFDocument } from 'pdf-lib';
import { AppError } from '../../../core/errors';
import { isdocReader } from '../../costs/costs.module';
import { detectKind, type FileKind } from './detect';
import { fieldsOfText } from './fields';
import { fieldsOfIsdoc } from './isdoc-fields';
import { EXTRACTION_LIMITS, type ExtractionLimits } from './limits';
import { failureOf, runTool, ToolLimit, type ToolResult } from './tools';
import { ExtractionFailed, type ExtractionResult, type Extractor } from './types';

type InputFile = { filename: string; content: Buffer };

/** OCR resolution of a PDF page, and the review page's. */
const OCR_DPI = 300;
const PREVIEW_DPI = 100;
/** A PDF whose text layer has fewer non-blank characters than this per page is read by OCR instead. */
const MIN_TEXT_PER_PAGE = 40;
const OCR_LANGUAGES = 'ces+eng';

export function createExtractor(options?: { limits?: Partial<ExtractionLimits> }): Extractor {
  return new FileExtractor({ ...EXTRACTION_LIMITS, ...options?.limits });
}

interface Budget {
  limits: ExtractionLimits;
  deadline: number;
  signal?: AbortSignal;
  dir: string;
}

interface PdfInfo {
  pages: number;
  /** Each page's size in points (up to the page limit). */
  sizes: { width: number; height: number }[];
}

class FileExtractor implements Extractor {
  private versions: Promise<{ tesseract: string | null; poppler: string | null }> | null = null;

  constructor(private readonly limits: ExtractionLimits) {}

  async extract(file: InputFile, signal?: AbortSignal): Promise<ExtractionResult> {
    const { content } = file;
    if (content.length === 0) throw new ExtractionFailed('The file is empty (0 bytes)');
    if (content.length > this.limits.bytes)
      throw new ExtractionFailed(`The file is larger than ${this.limits.bytes} bytes`);
    const kind = detectKind(content);
    if (!kind) throw new ExtractionFailed('The file is not a PDF, PNG, JPEG, .isdoc or .isdocx');
    if (kind === 'ISDOC' || kind === 'ISDOCX') return this.fromIsdoc(kind, content);
    return this.withBudget(signal, async (budget) => {
      if (kind === 'PDF') return this.fromPdf(content, budget);
      return this.fromImage(kind, content, budget);
    });
  }

  async ocrAvailable(): Promise<boolean> {
    const { tesseract } = await this.toolVersions();
    if (!tesseract) return false;
    try {
      const langs = await runTool('tesseract', ['--list-langs'], this.small());
      const list = `${langs.stdout.toString('utf8')}\n${langs.stderr}`.split(/\s+/);
      return list.includes('ces') && list.includes('eng');
    } catch {
      return false;
    }
  }

  async renderPage(file: InputFile, page: number): Promise<Buffer> {
    const kind = detectKind(file.content);
    if (!Number.isInteger(page) || page < 1) throw new ExtractionFailed('Pages are numbered from 1');
    if (kind === 'ISDOC' || kind === 'ISDOCX' || kind === null)
      throw new ExtractionFailed('The file has no page image (it is not a PDF or an image)');
    return this.withBudget(undefined, async (budget) => {
      if (kind === 'PNG') {
        if (page !== 1) throw new ExtractionFailed('An image has a single page');
        this.imageDimensions(file.content);
        return file.content;
      }
      let pdf = file.content;
      let dpi = PREVIEW_DPI;
      if (kind === 'JPEG') {
        if (page !== 1) throw new ExtractionFailed('An image has a single page');
        // A JPEG becomes a one-page PDF of its pixels at 72 dpi, which poppler draws as PNG.
        const { width, height } = this.imageDimensions(file.content);
        const doc = await PDFDocument.create();
        const image = await doc.embedJpg(file.content).catch(() => {
          throw new ExtractionFailed('The JPEG image cannot be read');
        });
        doc.addPage([width, height]).drawImage(image, { x: 0, y: 0, width, height });
        pdf = Buffer.from(await doc.save());
        dpi = 72;
      }
      const path = join(budget.dir, 'in.pdf');
      await writeFile(path, pdf);
      const info = await this.pdfInfo(path, budget);
      if (page > info.pages) throw new ExtractionFailed(`The document has ${info.pages} page(s)`);
      return this.renderPdfPage(path, info, page, dpi, budget, 'png');
    });
  }

  private async withBudget<T>(signal: AbortSignal | undefined, work: (budget: Budget) => Promise<T>): Promise<T> {
    const dir = await mkdtemp(join(tmpdir(), 'faktura-inbox-'));
    const budget = { limits: this.limits, deadline: Date.now() + this.limits.seconds * 1000, signal, dir };
    try {
      return await work(budget);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  private async fromIsdoc(kind: 'ISDOC' | 'ISDOCX', content: Buffer): Promise<ExtractionResult> {
    let xml: string;
    try {
      xml = await isdocReader.xmlOf(kind === 'ISDOC' ? 'isdoc' : 'isdocx', content);
    } catch (err) {
      if (err instanceof AppError) throw new ExtractionFailed(err.message);
      throw err;
    }
    return this.isdocResult(xml, 0);
  }

  private isdocResult(xml: string, pages: number): ExtractionResult {
    let invoice;
    try {
      invoice = isdocReader.parse(xml);
    } catch {
      throw new ExtractionFailed('The ISDOC is not well-formed XML');
    }
    if (!invoice.number) throw new ExtractionFailed('The ISDOC holds no invoice (no Invoice/ID)');
    return {
      method: 'ISDOC',
      engine: `isdoc ${invoice.version || 'unknown version'}`,
      pages,
      fields: fieldsOfIsdoc(invoice),
      textChars: xml.length,
    };
  }

  private async fromPdf(content: Buffer, budget: Budget): Promise<ExtractionResult> {
    const path = join(budget.dir, 'in.pdf');
    await writeFile(path, content);
    const info = await this.pdfInfo(path, budget);
    const isdoc = await this.embeddedIsdoc(path, budget);
    if (isdoc) return this.isdocResult(isdoc, info.pages);
    const text = await this.pdfText(path, info.pages, budget);
    const { poppler } = await this.toolVersions();
    if (nonBlank(text) >= MIN_TEXT_PER_PAGE * info.pages)
      return {
        method: 'TEXT',
        engine: `pdftotext (poppler ${poppler ?? 'unknown version'})`,
        pages: info.pages,
        fields: fieldsOfText(text),
        textChars: text.length,
      };
    const engine = await this.assertOcr();
    info.sizes.forEach((size, i) => {
      const mp = ((size.width / 72) * OCR_DPI * (size.height / 72) * OCR_DPI) / 1e6;
      if (mp > budget.limits.megapixels)
        throw new ExtractionFailed(
          `Page ${i + 1} is too large to read (${mp.toFixed(1)} megapixels at ${OCR_DPI} dpi; the limit is ${budget.limits.megapixels})`,
        );
    });
    const texts: string[] = [];
    for (let page = 1; page <= info.pages; page++) {
      const png = await this.renderPdfPage(path, info, page, OCR_DPI, budget, 'file');
      texts.push(await this.ocr(png, budget));
    }
    const all = texts.join('\n\f\n').slice(0, budget.limits.textChars);
    return {
      method: 'OCR',
      engine,
      pages: info.pages,
      fields: fieldsOfText(all, { ocr: true }),
      textChars: all.length,
    };
  }

  private async fromImage(kind: FileKind, content: Buffer, budget: Budget): Promise<ExtractionResult> {
    this.imageDimensions(content);
    const engine = await this.assertOcr();
    const path = join(budget.dir, kind === 'PNG' ? 'in.png' : 'in.jpg');
    await writeFile(path, content);
    const text = (await this.ocr(path, budget)).slice(0, budget.limits.textChars);
    return { method: 'OCR', engine, pages: 1, fields: fieldsOfText(text, { ocr: true }), textChars: text.length };
  }

  /** Width and height from the image's header, before anything decodes it; over the megapixel limit: refused. */
  private imageDimensions(content: Buffer): { width: number; height: number } {
    let size;
    try {
      size = imageSize(content);
    } catch {
      throw new ExtractionFailed('The image cannot be read (damaged or not a PNG or JPEG)');
    }
    const { width, height } = size;
    if (!width || !height) throw new ExtractionFailed('The image has no dimensions');
    const mp = (width * height) / 1e6;
    if (mp > this.limits.megapixels)
      throw new ExtractionFailed(
        `The image is too large to read (${width} × ${height} pixels, ${mp.toFixed(1)} megapixels; the limit is ${this.limits.megapixels})`,
      );
    return { width, height };
  }

  private async pdfInfo(path: string, budget: Budget): Promise<PdfInfo> {
    const result = await this.tool('pdfinfo', ['-f', '1', '-l', String(budget.limits.pages), path], budget, 1 << 20);
    const text = result.stdout.toString('utf8');
    if (result.code !== 0) {
      if (/password/i.test(result.stderr))
        throw new ExtractionFailed('The PDF is encrypted with a password; send it without the password');
      throw new ExtractionFailed('The PDF cannot be read (it is damaged or not a PDF)');
    }
    const pages = Number(/^Pages:\s+(\d+)/m.exec(text)?.[1] ?? NaN);
    if (!Number.isFinite(pages) || pages < 1) throw new ExtractionFailed('The PDF has no pages');
    if (pages > budget.limits.pages)
      throw new ExtractionFailed(`The PDF has ${pages} pages; at most ${budget.limits.pages} are read`);
    const sizes = [...text.matchAll(/^Page\s+\d+\s+size:\s+([\d.]+) x ([\d.]+) pts/gm)].map((m) => ({
      width: Number(m[1]),
      height: Number(m[2]),
    }));
    return { pages, sizes };
  }

  /** The first .isdoc the PDF embeds (pdfdetach, each file written under the size limit), else null. */
  private async embeddedIsdoc(path: string, budget: Budget): Promise<string | null> {
    const list = await this.tool('pdfdetach', ['-list', '-enc', 'UTF-8', path], budget, 1 << 20);
    if (list.code !== 0) return null;
    const entry = /^(\d+):\s+(.*\.isdoc)\s*$/im.exec(list.stdout.toString('utf8'));
    if (!entry) return null;
    const out = join(budget.dir, 'embedded.isdoc');
    const saved = await this.tool('pdfdetach', ['-save', entry[1], '-o', out, path], budget, 1 << 16, 10);
    if (saved.code !== 0) throw new ExtractionFailed('The ISDOC embedded in the PDF cannot be read (or is too large)');
    try {
      return await isdocReader.xmlOf('isdoc', await readFile(out));
    } catch (err) {
      if (err instanceof AppError) throw new ExtractionFailed(err.message);
      throw err;
    }
  }

  private async pdfText(path: string, pages: number, budget: Budget): Promise<string> {
    const maxBytes = budget.limits.textChars * 4;
    const result = await this.tool(
      'pdftotext',
      ['-layout', '-enc', 'UTF-8', '-f', '1', '-l', String(pages), path, '-'],
      budget,
      maxBytes,
    );
    if (result.code !== 0) throw new ExtractionFailed('The PDF cannot be read (pdftotext failed)');
    return result.stdout.toString('utf8').slice(0, budget.limits.textChars);
  }

  /** Page `page` as grey PNG at `dpi`: its path ('file') or its bytes ('png'). */
  private async renderPdfPage(p: string, i: PdfInfo, n: number, dpi: number, b: Budget, as: 'file'): Promise<string>;
  private async renderPdfPage(p: string, i: PdfInfo, n: number, dpi: number, b: Budget, as: 'png'): Promise<Buffer>;
  private async renderPdfPage(
    path: string,
    info: PdfInfo,
    page: number,
    dpi: number,
    budget: Budget,
    as: 'file' | 'png',
  ): Promise<string | Buffer> {
    const root = join(budget.dir, `page-${page}`);
    // Never more pixels than the limit, whatever the page size says: a huge page is drawn coarser.
    const size = info.sizes[page - 1] ?? { width: 612, height: 792 };
    const inches = (size.width / 72) * (size.height / 72);
    const dpiCap = Math.floor(Math.sqrt((budget.limits.megapixels * 1e6) / Math.max(inches, 1e-6)));
    const args = [
      '-r',
      String(Math.max(1, Math.min(dpi, dpiCap))),
      '-png',
      '-f',
      String(page),
      '-l',
      String(page),
      '-singlefile',
    ];
    if (as === 'file') args.push('-gray');
    const result = await this.tool('pdftoppm', [...args, path, root], budget, 1 << 16);
    if (result.code !== 0) throw new ExtractionFailed(`Page ${page} of the PDF cannot be drawn`);
    return as === 'file' ? `${root}.png` : readFile(`${root}.png`);
  }

  private async ocr(imagePath: string, budget: Budget): Promise<string> {
    const result = await this.tool(
      'tesseract',
      [imagePath, '-', '-l', OCR_LANGUAGES, '--psm', '1'],
      budget,
      budget.limits.textChars * 4,
    );
    if (result.code !== 0) throw new ExtractionFailed(`OCR failed: ${lastLine(result.stderr)}`);
    return result.stdout.toString('utf8');
  }

  private async assertOcr(): Promise<string> {
    if (!(await this.ocrAvailable()))
      throw new ExtractionFailed(
        'Image OCR is unavailable on this server (tesseract-ocr with the ces and eng language data is not installed)',
      );
    const { tesseract } = await this.toolVersions();
    return `tesseract ${tesseract} (${OCR_LANGUAGES})`;
  }

  private async tool(
    command: string,
    args: string[],
    budget: Budget,
    maxStdout: number,
    fileMiB?: number,
  ): Promise<ToolResult> {
    const timeoutMs = budget.deadline - Date.now();
    if (timeoutMs <= 0) throw failureOf(new ToolLimit('timeout'), command, budget.limits);
    try {
      return await runTool(command, args, {
        timeoutMs,
        memoryMiB: budget.limits.memoryMiB,
        maxStdout,
        fileMiB,
        signal: budget.signal,
        cwd: budget.dir,
      });
    } catch (err) {
      throw failureOf(err, command, budget.limits);
    }
  }

  private small() {
    return { timeoutMs: 10_000, memoryMiB: this.limits.memoryMiB, maxStdout: 1 << 16 };
  }

  private toolVersions(): Promise<{ tesseract: string | null; poppler: string | null }> {
    this.versions ??= (async () => {
      const version = async (command: string, args: string[], pattern: RegExp) => {
        try {
          const r = await runTool(command, args, this.small());
          return pattern.exec(`${r.stdout.toString('utf8')}\n${r.stderr}`)?.[1] ?? null;
        } catch {
          return null;
        }
      };
      return {
        tesseract: await version('tesseract', ['--version'], /tesseract\s+v?([\d.]+)/i),
        poppler: await version('pdftotext', ['-v'], /version\s+([\d.]+)/i),
      };
    })();
    return this.versions;
  }
}

function nonBlank(text: string): number {
  return text.replace(/\s+/g, '').length;
}

function lastLine(text: string): string {
  const lines = text.trim().split('\n');
  return (lines[lines.length - 1] ?? 'unknown error').slice(0, 200);
}
