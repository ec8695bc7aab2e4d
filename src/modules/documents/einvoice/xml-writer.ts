/**
 * A small XML writer for the e-invoices: elements in the order they are written, text and attribute
 * values escaped, UTF-8 with a declaration. An element whose value is null or undefined is left out,
 * so optional elements read as one line each.
 */
export type XmlValue = string | number | boolean | null | undefined;
export type XmlAttributes = Record<string, XmlValue>;

const TEXT_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Characters XML 1.0 cannot hold at all (C0 controls but tab, CR and LF; lone surrogates; U+FFFE/F). */
const NOT_XML =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function escapeXml(value: string): string {
  return value.replace(NOT_XML, '').replace(/[&<>"']/g, (c) => TEXT_ESCAPES[c]);
}

function attributes(attrs: XmlAttributes | undefined): string {
  if (!attrs) return '';
  return Object.entries(attrs)
    .filter(([, v]) => v !== null && v !== undefined)
    .map(([k, v]) => ` ${k}="${escapeXml(String(v))}"`)
    .join('');
}

export class XmlWriter {
  private readonly parts: string[] = ['<?xml version="1.0" encoding="UTF-8"?>\n'];
  private depth = 0;

  /** `<name attrs>` … children written by `body` … `</name>`. */
  element(name: string, attrs: XmlAttributes | undefined, body: () => void): this {
    this.parts.push(`${this.indent()}<${name}${attributes(attrs)}>\n`);
    this.depth++;
    body();
    this.depth--;
    this.parts.push(`${this.indent()}</${name}>\n`);
    return this;
  }

  /** `<name attrs>value</name>`; nothing when value is null or undefined. */
  leaf(name: string, value: XmlValue, attrs?: XmlAttributes): this {
    if (value === null || value === undefined) return this;
    this.parts.push(`${this.indent()}<${name}${attributes(attrs)}>${escapeXml(String(value))}</${name}>\n`);
    return this;
  }

  toString(): string {
    return this.parts.join('');
  }

  private indent(): string {
    return '  '.repeat(this.depth);
  }
}
