import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { expect } from 'chai';
import { zipSync } from 'fflate';
import PDFDocument from 'pdfkit';
import { PNG } from 'pngjs';
import type { TestApp } from './app';

/** The costs inbox (issue 29) in tests: corpus files, uploads, bad inputs. */

export const CORPUS = join(__dirname, '..', 'fixtures', 'inbox');

export function corpusFile(name: string): Buffer {
  return readFileSync(join(CORPUS, name));
}

export function expectedFields(name: string): Record<string, any> {
  return JSON.parse(readFileSync(join(CORPUS, `${name}.json`), 'utf8'));
}

export interface Part {
  filename: string;
  content: Buffer;
}

/** POST /api/v1/inbox as multipart/form-data (fetch's FormData), raw answer. */
export async function uploadRaw(
  app: TestApp,
  token: string,
  files: Part[],
): Promise<{ status: number; body: any; text: string }> {
  const form = new FormData();
  for (const f of files) form.append('files', new Blob([f.content]), f.filename);
  const res = await fetch(`${app.url}/api/v1/inbox`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  const text = await res.text();
  return { status: res.status, body: parsed(text), text };
}

function parsed(text: string): any {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Uploads and expects 201; returns the items. */
export async function upload(app: TestApp, token: string, files: Part[]): Promise<any[]> {
  const res = await uploadRaw(app, token, files);
  expect(res.status, res.text).to.equal(201);
  return res.body.data;
}

export async function runJobs(app: TestApp): Promise<void> {
  const res = await app.post('/api/test/jobs/run-due', {});
  expect(res.status, res.text).to.equal(200);
}

export async function getItem(app: TestApp, token: string, id: string): Promise<any> {
  const res = await app.get(`/api/v1/inbox/${id}`, token);
  expect(res.status, res.text).to.equal(200);
  return res.body;
}

/** A PDF of pdfkit's; `build` draws on it. */
export function pdf(
  build: (doc: PDFKit.PDFDocument) => void,
  options: PDFKit.PDFDocumentOptions = {},
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ compress: true, ...options });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    build(doc);
    doc.end();
  });
}

/** The bad inputs of issue 29 point 7, each with a word its FAILED reason must contain. */
export async function badInputs(): Promise<{ name: string; content: Buffer; reason: RegExp }[]> {
  // A PDF bomb: 500 pages (a few bytes each), over the page limit.
  const manyPages = await pdf((doc) => {
    for (let i = 1; i < 500; i++) doc.addPage();
  });
  // A PDF bomb of another kind: one page of 200 × 200 inches, 60,000 × 60,000 px at 300 dpi.
  const hugePage = await pdf((doc) => doc.text('x'), { size: [14400, 14400] });
  const encrypted = await pdf((doc) => doc.text('Faktura 2026-001'), {
    userPassword: 'secret',
    ownerPassword: 'owner',
    pdfVersion: '1.7',
  });
  // A PNG declaring 8000 × 8000 pixels (64 megapixels) in a few kilobytes.
  const bigPng = hugePng(8000, 8000);
  // A ZIP bomb as .isdocx: 64 MB of zeros deflated to about 64 kB (the unpacked limit is 10 MB).
  const zipBomb = Buffer.from(zipSync({ 'invoice.isdoc': new Uint8Array(64 * 1024 * 1024) }, { level: 9 }));
  return [
    { name: 'bomb-pages.pdf', content: manyPages, reason: /pages/i },
    { name: 'bomb-page-size.pdf', content: hugePage, reason: /megapixel|pixels|large|size/i },
    { name: 'encrypted.pdf', content: encrypted, reason: /encrypted|password/i },
    { name: 'empty.pdf', content: Buffer.alloc(0), reason: /empty|0 bytes/i },
    { name: 'huge.png', content: bigPng, reason: /megapixel|pixels/i },
    { name: 'bomb.isdocx', content: zipBomb, reason: /unpack|large|bytes|exceed/i },
  ];
}

/** A valid PNG of width × height, black: the rows compress to almost nothing. */
function hugePng(width: number, height: number): Buffer {
  const png = new PNG({ width: 1, height: 1 });
  const small = PNG.sync.write(png);
  // Rewrite IHDR's dimensions and the image data for width × height, 8-bit greyscale.
  const raw = Buffer.alloc((width + 1) * height);
  const idat = deflateSync(raw, { level: 9 });
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 0;
  return Buffer.concat([
    small.subarray(0, 8),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
