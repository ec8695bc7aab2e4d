import { expect } from 'chai';
import jsQR from 'jsqr';
import { PDFParse } from 'pdf-parse';
import { PNG } from 'pngjs';
import type { TestApp } from '../helpers/app';

/** Valid Czech billing data: IČO 27074358 (check digit 8), a Czech IBAN (account 19-2000145399/0800). */
export const BILLING = {
  legalName: 'Žluťoučký kůň s.r.o.',
  taxId: '27074358',
  vatId: 'CZ27074358',
  street: 'Příčná 1892/4',
  city: 'Praha 1',
  zip: '110 00',
  country: 'Česká republika',
  vatPayer: true,
  iban: 'CZ65 0800 0000 1920 0014 5399',
  email: 'fakturace@kun.example',
  phone: '+420 777 123 456',
  registryText: 'Zapsaná v obchodním rejstříku vedeném Městským soudem v Praze, oddíl C, vložka 12345',
};
export const IBAN = 'CZ6508000000192000145399';
export const ACCOUNT_NUMBER = '19-2000145399/0800';

export async function setBilling(app: TestApp, token: string, data: Record<string, unknown> = BILLING): Promise<any> {
  const res = await app.put('/api/v1/settings/company', data, token);
  expect(res.status, res.text).to.equal(200);
  return res.body;
}

/** Decodes the QR code in a PNG (as the page's data: URL or raw bytes). */
export function decodeQr(png: Buffer | string): string {
  const bytes = typeof png === 'string' ? Buffer.from(png.replace(/^data:image\/png;base64,/, ''), 'base64') : png;
  const image = PNG.sync.read(bytes);
  const code = jsQR(
    new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.length),
    image.width,
    image.height,
  );
  if (!code) throw new Error('no QR code found in the image');
  return code.data;
}

/** The text of a PDF, as a text extractor reads it. */
export async function pdfText(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

/** The first page of a PDF rasterised (pdf.js inside pdf-parse), as PNG bytes. */
export async function pdfPagePng(pdf: Buffer): Promise<Buffer> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const shot = await parser.getScreenshot({ scale: 2, first: 1 });
    return Buffer.from(shot.pages[0].data);
  } finally {
    await parser.destroy();
  }
}

/** GET returning raw bytes (PDFs, images). */
export async function getBytes(
  app: TestApp,
  path: string,
  token?: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const res = await fetch(app.url + path, {
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
  });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}
