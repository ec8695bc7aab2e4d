import BigNumber from 'bignumber.js';
import { version } from '../../../../package.json';

/**
 * The EPO file (elektronické podání) the tax administration's portal imports: one `<Pisemnost>` with
 * one form element (DPHDP3, DPHKH1) holding its records (věty), each an empty element whose attributes
 * are the form's fields. Every name and format here follows the official XSDs kept in ./xsd/.
 */
export type Attributes = Record<string, string | undefined>;

export interface Veta {
  name: string;
  attributes: Attributes;
}

export interface Form {
  name: 'DPHDP3' | 'DPHKH1';
  /** verzePis: the form version the portal reads (the XSD types it as any string). */
  version: string;
  vety: Veta[];
}

export function pisemnost(form: Form): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<Pisemnost nazevSW="Faktura" verzeSW="${escape(version)}">`,
    `  <${form.name} verzePis="${escape(form.version)}">`,
    ...form.vety.map((veta) => `    ${element(veta)}`),
    `  </${form.name}>`,
    '</Pisemnost>',
    '',
  ];
  return lines.join('\n');
}

function element({ name, attributes }: Veta): string {
  const set = Object.entries(attributes).filter((entry): entry is [string, string] => entry[1] !== undefined);
  return `<${name}${set.map(([key, value]) => ` ${key}="${escape(value)}"`).join('')}/>`;
}

/** Attribute text: markup characters escaped, characters XML 1.0 does not allow dropped. */
function escape(value: string): string {
  return (
    value
      // eslint-disable-next-line no-control-regex -- the control characters XML 1.0 forbids are the point
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
      .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/[\t\n\r]/g, ' ')
  );
}

/** A date as the forms write it: DD.MM.YYYY. */
export function epoDate(isoDay: string): string {
  const [year, month, day] = isoDay.split('-');
  return `${day}.${month}.${year}`;
}

/**
 * Whole crowns (the DPHDP3 lines): each line rounded half away from zero from the report's exact sum; the
 * sum lines (46, 62, 63) and the difference (64/65) are then computed from the rounded lines, so the
 * return adds up as the portal checks it.
 */
export function crowns(value: BigNumber.Value): BigNumber {
  return new BigNumber(value).integerValue(BigNumber.ROUND_HALF_UP);
}

/** The numeric part of a DIČ ("CZ12345678" → "12345678"), what the forms' dic fields hold. */
export function dicDigits(vatId: string): string {
  return vatId.replace(/^[A-Za-z]{2}/, '');
}

/** Text cut to a field's length. */
export function cut(value: string | null, max: number): string | undefined {
  return value ? [...value].slice(0, max).join('') : undefined;
}
