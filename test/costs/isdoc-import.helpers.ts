import fs from 'node:fs';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import type { HttpResult, TestApp } from '../helpers/app';

export const FIXTURES = path.join(__dirname, '..', 'fixtures', 'isdoc');

/** A hand-written ISDOC of test/fixtures/isdoc as bytes. */
export function fixture(name: string): Buffer {
  return fs.readFileSync(path.join(FIXTURES, name));
}

/** POST /api/v1/costs/import with the file as the raw body. */
export function importFile(
  app: TestApp,
  token: string,
  content: Buffer | string,
  options: { contentType?: string; filename?: string } = {},
): Promise<HttpResult> {
  const query = options.filename === undefined ? '' : `?filename=${encodeURIComponent(options.filename)}`;
  return app.request('POST', `/api/v1/costs/import${query}`, {
    token,
    raw: content,
    headers: { 'content-type': options.contentType ?? 'application/xml' },
  });
}

/** A one-page PDF (pdfkit) embedding `files` as file attachments (catalog Names → EmbeddedFiles). */
export async function pdfWith(files: { name: string; content: Buffer }[]): Promise<Buffer> {
  const doc = new PDFDocument();
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((resolve) => doc.on('end', resolve));
  doc.text('Faktura – daňový doklad (ISDOC.PDF)');
  for (const f of files) doc.file(f.content, { name: f.name, type: 'application/xml', description: 'ISDOC' });
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

/** GET a cost attachment's bytes as they are (the test client would decode them as text). */
export async function downloadBytes(
  app: TestApp,
  token: string,
  urlPath: string,
): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const res = await fetch(app.url + urlPath, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}
