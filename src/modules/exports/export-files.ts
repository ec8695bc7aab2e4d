import { once } from 'node:events';
import { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { ExportColumn } from '../../core/export-source';

/**
 * The encoders of export files (issue 27 point 4). Each writes to a ChunkSink as rows come, batch by
 * batch, and waits for the sink between batches: what is held in memory is one batch and one chunk.
 */

/** About this much of a file goes to one row of export_chunks. */
export const CHUNK_BYTES = 1024 * 1024;

/** A writable stream cutting what it gets into chunks of about CHUNK_BYTES, each stored before more is taken. */
export class ChunkSink extends Writable {
  /** Bytes written so far. */
  bytes = 0;
  private parts: Buffer[] = [];
  private pending = 0;
  private seq = 0;

  constructor(private readonly store: (seq: number, data: Buffer) => Promise<void>) {
    super({ highWaterMark: CHUNK_BYTES });
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.parts.push(chunk);
    this.pending += chunk.length;
    this.bytes += chunk.length;
    if (this.pending < CHUNK_BYTES) return callback();
    this.storePending().then(() => callback(), callback);
  }

  override _final(callback: (error?: Error | null) => void): void {
    (this.pending > 0 ? this.storePending() : Promise.resolve()).then(() => callback(), callback);
  }

  /** Writes `data`, waiting while the sink is full. */
  async put(data: string | Uint8Array): Promise<void> {
    if (!this.write(data)) await once(this, 'drain');
  }

  /** Resolves once what was written is taken (stored, or under CHUNK_BYTES and kept for the next chunk). */
  async drained(): Promise<void> {
    if (this.writableNeedDrain) await once(this, 'drain');
  }

  /** Ends the file: the last chunk is stored. */
  async close(): Promise<void> {
    if (!this.writableFinished) {
      this.end();
      await once(this, 'finish');
    }
  }

  private async storePending(): Promise<void> {
    const data = Buffer.concat(this.parts);
    this.parts = [];
    this.pending = 0;
    await this.store(this.seq++, data);
  }
}

/** What the job feeds: batches of rows, then the end. */
export interface ExportFile<Row> {
  add(rows: readonly Row[]): Promise<void>;
  end(): Promise<void>;
}

export interface CsvOptions {
  separator: ',' | ';';
  decimalComma: boolean;
}

/**
 * CSV as RFC 4180 says (CRLF, a field with the separator, a quote or a line break quoted, quotes
 * doubled), in UTF-8 with a BOM so Excel reads Czech letters; `;` and the decimal comma for Czech Excel.
 */
export function csvFile<Row>(
  sink: ChunkSink,
  columns: readonly ExportColumn<Row>[],
  options: CsvOptions,
): ExportFile<Row> {
  const field = (value: string | null): string => {
    if (value === null) return '';
    return /["\r\n]/.test(value) || value.includes(options.separator) ? `"${value.replace(/"/g, '""')}"` : value;
  };
  const cell = (column: ExportColumn<Row>, row: Row): string => {
    const value = column.value(row);
    if (value === null) return '';
    if (column.type === 'number') return field(options.decimalComma ? value.replace('.', ',') : value);
    return field(column.type === 'text' ? inertText(value) : value);
  };
  const line = (fields: string[]) => `${fields.join(options.separator)}\r\n`;
  let started = false;
  return {
    async add(rows) {
      let text = started ? '' : `\uFEFF${line(columns.map((c) => field(c.header)))}`;
      started = true;
      for (const row of rows) text += line(columns.map((c) => cell(c, row)));
      await sink.put(text);
    },
    async end() {
      if (!started) await sink.put(`\uFEFF${line(columns.map((c) => field(c.header)))}`);
      await sink.close();
    },
  };
}

/**
 * Text a spreadsheet shows as text: a cell starting with `=`, `+`, `-`, `@`, a tab or a carriage
 * return is a formula to Excel and LibreOffice (CSV injection), so it gets a leading apostrophe,
 * as OWASP advises. Number and date columns are ours and never text.
 */
export function inertText(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** A Czech day as Excel keeps dates: that day's midnight with no time zone (UTC for exceljs). */
function excelDay(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

/**
 * XLSX through exceljs's streaming WorkbookWriter: each row is committed as it is added, so the
 * worksheet is never held whole. Numbers are number cells ('#,##0.00'), dates date cells.
 */
export function xlsxFile<Row>(
  sink: ChunkSink,
  columns: readonly ExportColumn<Row>[],
  sheetName: string,
): ExportFile<Row> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map((c) => ({
    header: c.header,
    key: c.key,
    width: c.type === 'text' ? 24 : 14,
    style: c.type === 'number' ? { numFmt: '#,##0.00' } : c.type === 'date' ? { numFmt: 'yyyy-mm-dd' } : {},
  }));
  const cell = (column: ExportColumn<Row>, row: Row): string | number | Date | null => {
    const value = column.value(row);
    if (value === null) return null;
    if (column.type === 'number') return Number(value);
    if (column.type === 'date') return excelDay(value);
    return value;
  };
  return {
    async add(rows) {
      for (const row of rows) sheet.addRow(columns.map((c) => cell(c, row))).commit();
      await sink.drained();
    },
    async end() {
      sheet.commit();
      await workbook.commit();
    },
  };
}

/** One file of a ZIP: its name and bytes; `stored`: kept as is (a PDF is compressed already). */
export interface ZipEntry {
  name: string;
  data: Uint8Array;
  stored?: boolean;
}

/** A name safe in a ZIP on any system: no path separators or characters Windows refuses. */
export function safeFileName(name: string): string {
  return [...name].map((ch) => (ch < ' ' || '/\\:*?"<>|'.includes(ch) ? '_' : ch)).join('');
}

/**
 * A ZIP through fflate's streaming Zip, one entry per row (`entry` makes it, or null: none); names repeated get
 * `-2`, `-3`, ... before the extension.
 */
export function zipFile<Row>(sink: ChunkSink, entry: (row: Row) => Promise<ZipEntry | null>): ExportFile<Row> {
  let failure: Error | null = null;
  let resolveEnd: () => void = () => undefined;
  const ended = new Promise<void>((resolve) => (resolveEnd = resolve));
  const zip = new Zip((err, chunk, final) => {
    if (err) failure = err;
    else sink.write(chunk);
    if (final || err) resolveEnd();
  });
  const used = new Map<string, number>();
  const unique = (name: string): string => {
    const n = (used.get(name) ?? 0) + 1;
    used.set(name, n);
    if (n === 1) return name;
    const dot = name.lastIndexOf('.');
    return dot > 0 ? `${name.slice(0, dot)}-${n}${name.slice(dot)}` : `${name}-${n}`;
  };
  const check = () => {
    if (failure) throw failure;
  };
  return {
    async add(rows) {
      for (const row of rows) {
        const made = await entry(row);
        if (!made) continue;
        const { name, data, stored } = made;
        const file = stored
          ? new ZipPassThrough(unique(safeFileName(name)))
          : new ZipDeflate(unique(safeFileName(name)), { level: 6 });
        zip.add(file);
        file.push(data, true);
        check();
        await sink.drained();
      }
    },
    async end() {
      zip.end();
      await ended;
      check();
      await sink.close();
    },
  };
}
