/** A received e-mail taken apart (MIME): what a mail client would show of it. */
export interface ParsedMail {
  subject: string;
  text: string;
  html: string;
  /** Every part that is neither the text nor the HTML body. */
  attachments: { contentType: string; filename: string | null; cid: string | null; content: Buffer }[];
}

interface Part {
  headers: Record<string, string>;
  body: string;
}

function split(raw: string): Part {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function param(header: string | undefined, name: string): string | null {
  const match = new RegExp(`${name}="?([^";]+)"?`, 'i').exec(header ?? '');
  return match ? match[1] : null;
}

function quotedPrintable(text: string): Buffer {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(joined.slice(i + 1, i + 3))) {
      bytes.push(parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(joined.charCodeAt(i));
  }
  return Buffer.from(bytes);
}

function decoded(part: Part): Buffer {
  const encoding = (part.headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64');
  if (encoding === 'quoted-printable') return quotedPrintable(part.body);
  return Buffer.from(part.body, 'utf8');
}

/** A header with RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=), adjacent words joined. */
export function decodeHeader(value: string): string {
  const pieces: (string | Buffer)[] = [];
  const word = /=\?utf-8\?([QB])\?([^?]*)\?=/gi;
  let last = 0;
  for (let m = word.exec(value); m; m = word.exec(value)) {
    const between = value.slice(last, m.index);
    if (!(pieces.length && Buffer.isBuffer(pieces[pieces.length - 1]) && /^\s*$/.test(between))) pieces.push(between);
    pieces.push(m[1].toUpperCase() === 'B' ? Buffer.from(m[2], 'base64') : quotedPrintable(m[2].replace(/_/g, ' ')));
    last = m.index + m[0].length;
  }
  pieces.push(value.slice(last));
  // Bytes of adjacent words are one UTF-8 text: a letter may be cut between two words.
  let out = '';
  let bytes: Buffer[] = [];
  for (const piece of pieces) {
    if (Buffer.isBuffer(piece)) bytes.push(piece);
    else {
      out += Buffer.concat(bytes).toString('utf8') + piece;
      bytes = [];
    }
  }
  return out + Buffer.concat(bytes).toString('utf8');
}

function walk(part: Part, mail: ParsedMail): void {
  const type = part.headers['content-type'] ?? 'text/plain';
  const boundary = param(type, 'boundary');
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    const sections = part.body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith('--')) break;
      walk(split(section.replace(/^\r?\n/, '').replace(/\r?\n$/, '')), mail);
    }
    return;
  }
  const content = decoded(part);
  const disposition = part.headers['content-disposition'] ?? '';
  const cid = part.headers['content-id']?.replace(/^<|>$/g, '') ?? null;
  const mime = type.split(';')[0].trim().toLowerCase();
  if (!disposition && !cid && mime === 'text/plain' && !mail.text) mail.text = content.toString('utf8');
  else if (!disposition && !cid && mime === 'text/html' && !mail.html) mail.html = content.toString('utf8');
  else
    mail.attachments.push({
      contentType: mime,
      filename: param(disposition, 'filename') ?? param(type, 'name'),
      cid,
      content,
    });
}

/** Takes a raw message apart: subject, text and HTML bodies, attachments (inline ones with their Content-ID). */
export function parseMail(raw: string): ParsedMail {
  const top = split(raw);
  const mail: ParsedMail = { subject: decodeHeader(top.headers.subject ?? ''), text: '', html: '', attachments: [] };
  walk(top, mail);
  return mail;
}
