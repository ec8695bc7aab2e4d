import BigNumber from 'bignumber.js';
import { accountOfIban, ibanOfAccount, validAccount, validIban, validIco } from './checks';
import type { Confident, ExtractedFields, VatRow } from './types';

interface Line {
  text: string;
  index: number;
}

interface Hit {
  value: string;
  line: number;
  col: number;
}

/** The parties' headings: the supplier's block and the customer's (ours). */
const SUPPLIER_HEADING =
  /(?<!\p{L})(dodavatel|prodávající|prodavajici|poskytovatel|supplier|seller|vystavil)(?!\p{L})/iu;
const CUSTOMER_HEADING =
  /(?<!\p{L})(odběratel|odberatel|kupující|kupujici|příjemce|prijemce|objednatel|customer|buyer|bill\s+to)(?!\p{L})/iu;

const AMOUNT = String.raw`-?\d{1,3}(?:[ \u00a0.'’]\d{3})+(?:,\d{1,2})?|-?\d{1,3}(?:,\d{3})+\.\d{2}|-?\d+(?:[.,]\d{1,2})?`;
const AMOUNT_RE = new RegExp(`(?<![\\d,.])(${AMOUNT})(?![\\d])`, 'g');

const MONTHS: Record<string, number> = {
  ledna: 1,
  leden: 1,
  unora: 2,
  února: 2,
  unor: 2,
  únor: 2,
  brezna: 3,
  března: 3,
  dubna: 4,
  duben: 4,
  kvetna: 5,
  května: 5,
  cervna: 6,
  června: 6,
  cervence: 7,
  července: 7,
  srpna: 8,
  zari: 9,
  září: 9,
  rijna: 10,
  října: 10,
  listopadu: 11,
  prosince: 12,
  january: 1,
  february: 2,
  march: 3,
  april: 4,
  may: 5,
  june: 6,
  july: 7,
  august: 8,
  september: 9,
  october: 10,
  november: 11,
  december: 12,
};

/**
 * The fields of an invoice's text (pdftotext -layout, or tesseract's output with `ocr`): each found
 * by its Czech or English label, checked where a check exists (IČO mod 11, IBAN mod 97, Czech
 * account mod 11, VAT = base × rate, the recapitulation adding up to the total), with a confidence
 * that says how the value was found and checked. OCR readings are trusted less.
 */
export function fieldsOfText(raw: string, options: { ocr?: boolean } = {}): ExtractedFields {
  const text = options.ocr ? cleanOcr(raw) : raw;
  const lines = text.split(/\r?\n/).map((t, index) => ({ text: t.replace(/\u00a0/g, ' '), index }));
  const trust = options.ocr ? 0.9 : 1;
  const c = (v: number) => Math.round(v * trust * 100) / 100;
  const headings = headingsOf(lines);

  const icos = hitsOf(lines, /(?<!\p{L})(?:IČO|IČ|ICO|IC)\)?\s*[:.]?\s*(\d[\d ]{6,10}\d)(?!\d)/giu).map((h) => ({
    ...h,
    value: h.value.replace(/ /g, ''),
  }));
  const validIcos = icos.filter((h) => h.value.length === 8 && validIco(h.value));
  const ico = pickSupplier(validIcos, headings);
  const supplierIco = ico ? { value: ico.hit.value, confidence: c(ico.sided ? 0.98 : 0.75) } : null;

  const dics = hitsOf(
    lines,
    /(?<!\p{L})(?:DIČ|DIC|VAT\s*(?:ID|No\.?|number))\)?\s*[:.]?\s*(CZ\s?\d{8,10})(?!\d)/giu,
  ).map((h) => ({
    ...h,
    value: h.value.replace(/\s/g, '').toUpperCase(),
  }));
  const dic = pickSupplier(dics, headings);
  const supplierDic = dic
    ? { value: dic.hit.value, confidence: c(dic.hit.value === `CZ${ico?.hit.value}` ? 0.98 : dic.sided ? 0.9 : 0.7) }
    : null;

  const vat = vatRows(lines, c);
  const total = totalOf(lines, vat, c);
  const printedIban = ibanOf(text, c);
  const account = accountOf(lines, printedIban?.value ?? null, c);
  // A Czech account without a printed IBAN: its IBAN follows from it exactly.
  const derived = !printedIban && account ? ibanOfAccount(account.value) : null;
  const iban = printedIban ?? (derived ? { value: derived, confidence: Math.min(account!.confidence, c(0.85)) } : null);

  const issueDate = dateOf(
    lines,
    /(?:datum\s+vystavení|datum\s+vystaveni|vystaveno|datum\s+vyst\.|date\s+of\s+issue|issue\s+date|issued)/i,
    c,
  );
  // A taxable supply or due date years away from the issue date is more likely a misread digit: marked for review.
  const near = (date: Confident<string>): Confident<string> =>
    date && issueDate && Math.abs(Date.parse(date.value) - Date.parse(issueDate.value)) > 366 * 86_400_000
      ? { ...date, confidence: Math.min(date.confidence, 0.5) }
      : date;
  return {
    supplierIco,
    supplierDic,
    supplierName:
      supplierNameOf(lines, headings, c) ?? nameBeside(lines, ico?.hit ?? null, c) ?? companyLine(lines, headings, c),
    documentNumber: documentNumberOf(lines, c),
    variableSymbol: labelled(
      lines,
      /(?:variabilní\s+symbol|variabilni\s+symbol|var\.\s*symbol|variable\s+symbol|(?<!\p{L})VS)\s*[:.;,'"“”_-]{0,3}\s*[:.;,'"“”_-]{0,3}\s*(\d{1,10})(?!\d)/iu,
      c(0.95),
    ),
    issueDate,
    taxableSupplyDate: near(
      dateOf(
        lines,
        /(?:datum\s+(?:uskutečnění\s+)?zdanitelného\s+plnění|datum\s+(?:uskutecneni\s+)?zdanitelneho\s+plneni|datum\s+zdan\.?\s+plnění|DUZP|zdanitelné\s+plnění|tax\s+point|taxable\s+supply\s+date|date\s+of\s+(?:taxable\s+)?supply)/i,
        c,
      ),
    ),
    dueDate: near(
      dateOf(lines, /(?:datum\s+splatnosti|splatnost|splatné\s+do|splatne\s+do|due\s+date|payment\s+due)/i, c),
    ),
    total,
    currency: currencyOf(text, c),
    vat,
    iban,
    accountNumber: account,
  };
}

/** OCR's usual confusions inside numbers: O/o for 0, l/I/| for 1, a comma read as a period before 2 decimals stays. */
function cleanOcr(text: string): string {
  return text
    .replace(/(?<=\d)[Oo](?=[\d\s,./-])|(?<=[\s:])[Oo](?=\d)/g, '0')
    .replace(/(?<=\d)[lI|](?=\d)/g, '1')
    .replace(/[‘’`]/g, "'");
}

interface Heading {
  kind: 'supplier' | 'customer';
  line: number;
  col: number;
  length: number;
}

function headingsOf(lines: Line[]): Heading[] {
  const out: Heading[] = [];
  for (const line of lines) {
    for (const [kind, re] of [
      ['supplier', SUPPLIER_HEADING],
      ['customer', CUSTOMER_HEADING],
    ] as const) {
      const m = new RegExp(re.source, 'giu');
      for (const hit of line.text.matchAll(m))
        out.push({ kind, line: line.index, col: hit.index ?? 0, length: hit[0].length });
    }
  }
  return out;
}

function hitsOf(lines: Line[], re: RegExp): Hit[] {
  const out: Hit[] = [];
  for (const line of lines)
    for (const m of line.text.matchAll(re)) out.push({ value: m[1], line: line.index, col: m.index ?? 0 });
  return out;
}

/** The heading a hit is under: the nearest one above (or on its line) that starts left of it. */
function sideOf(hit: Hit, headings: Heading[]): Heading['kind'] | null {
  let best: Heading | null = null;
  for (const h of headings) {
    if (h.line > hit.line || h.col > hit.col + 6) continue;
    if (!best || h.line > best.line || (h.line === best.line && h.col > best.col)) best = h;
  }
  return best?.kind ?? null;
}

/** The supplier's hit: under the supplier heading; else, when the customer's is known, another; else the first. */
function pickSupplier(hits: Hit[], headings: Heading[]): { hit: Hit; sided: boolean } | null {
  const supplier = hits.find((h) => sideOf(h, headings) === 'supplier');
  if (supplier) return { hit: supplier, sided: true };
  const notCustomer = hits.filter((h) => sideOf(h, headings) !== 'customer');
  if (notCustomer.length) return { hit: notCustomer[0], sided: false };
  return null;
}

function supplierNameOf(lines: Line[], headings: Heading[], c: (v: number) => number): Confident<string> {
  const heading = headings.find((h) => h.kind === 'supplier');
  if (!heading) return null;
  const nextCol = (line: number) =>
    headings
      .filter((h) => h.line === heading.line && h.col > heading.col)
      .map((h) => h.col)
      .concat(columnBreak(lines[line]?.text ?? '', heading.col))
      .reduce((a, b) => Math.min(a, b), Infinity);
  const sameLine = lines[heading.line].text
    .slice(heading.col + heading.length, nextCol(heading.line))
    .replace(/^\s*[:\-–]\s*/, '')
    .trim();
  if (sameLine.length >= 3 && /[A-Za-zÀ-ž]{2}/.test(sameLine)) return { value: sameLine, confidence: c(0.7) };
  for (let i = heading.line + 1; i < Math.min(lines.length, heading.line + 4); i++) {
    const start = Math.max(0, heading.col - 2);
    const piece = lines[i].text.slice(start, Math.max(start, nextCol(i))).trim();
    // The name comes before the identifiers: a block that starts with its IČO has its name elsewhere.
    if (/(?<!\p{L})(IČO?|DIČ|ICO|IC|DIC)(?!\p{L})/u.test(piece)) return null;
    if (piece.length >= 3 && /[A-Za-zÀ-ž]{2}/.test(piece))
      return { value: nameOnly(piece.replace(/\s{2,}.*$/, '')), confidence: c(0.7) };
  }
  return null;
}

/** "Name s.r.o., Street 9, City": the name without the address (the parts from the first one with a digit on). */
function nameOnly(text: string): string {
  const parts = text.split(/,\s+/);
  const firstAddress = parts.findIndex((p, i) => i > 0 && /\d/.test(p));
  return (firstAddress > 0 ? parts.slice(0, firstAddress) : parts).join(', ').trim();
}

/** No supplier heading: the first piece of the supplier IČO's line ("Name | Street | IČ: …"). */
function nameBeside(lines: Line[], ico: Hit | null, c: (v: number) => number): Confident<string> {
  if (!ico) return null;
  const piece = lines[ico.line].text
    .slice(0, ico.col)
    .split(/\s*\|\s*|\s{3,}/)
    .map((p) => p.trim())
    .find((p) => /\p{L}{2}/u.test(p) && !/(?<!\p{L})(IČO?|DIČ|ICO|IC|DIC)(?!\p{L})/u.test(p));
  return piece ? { value: nameOnly(piece), confidence: c(0.5) } : null;
}

const LEGAL_FORM = /(?<!\p{L})(s\.\s?r\.\s?o\.|a\.\s?s\.|v\.\s?o\.\s?s\.|spol\.|k\.\s?s\.|z\.\s?s\.)/u;

/** Else: the first piece of a line with a company's legal form above the customer's heading. */
function companyLine(lines: Line[], headings: Heading[], c: (v: number) => number): Confident<string> {
  const customer = headings.find((h) => h.kind === 'customer')?.line ?? lines.length;
  for (const line of lines.slice(0, customer)) {
    const piece = line.text
      .split(/\s{3,}/)
      .find((p) => LEGAL_FORM.test(p) && /\p{L}{3}/u.test(p.replace(LEGAL_FORM, '')));
    if (piece) return { value: nameOnly(piece.trim()), confidence: c(0.5) };
  }
  return null;
}

/** Where a second column starts in a layout line after `col`: a run of 3+ spaces after text. */
function columnBreak(text: string, col: number): number {
  const m = /\S\s{3,}\S/.exec(text.slice(col));
  return m ? col + m.index + m[0].length - 1 : Infinity;
}

function documentNumberOf(lines: Line[], c: (v: number) => number): Confident<string> {
  const patterns: [RegExp, number][] = [
    [
      /(?:číslo\s+faktury|cislo\s+faktury|číslo\s+dokladu|cislo\s+dokladu|document\s+number|invoice\s+(?:no\.?|number|#))\s*[:.]?\s*([A-Z0-9][A-Z0-9/\-_.]{1,29})/i,
      0.95,
    ],
    [/faktura(?!\p{L})[^\n]{0,40}?(?<!\p{L})(?:č\.|č|číslo|c\.|no\.?)\s*[:.]?\s*([A-Z0-9][A-Z0-9/_.-]{1,29})/iu, 0.9],
    [/^\s*faktura\s+([A-Z0-9][A-Z0-9/_.-]{1,29})\s*$/i, 0.85],
    [/(?:doklad|invoice|faktura)\s*[:#]\s*([A-Z0-9][A-Z0-9/\-_.]{1,29})/i, 0.8],
  ];
  for (const [re, confidence] of patterns) {
    const found = labelled(lines, re, c(confidence));
    if (found && /\d/.test(found.value)) return { ...found, value: found.value.replace(/[.]$/, '') };
  }
  return null;
}

/** The first match's group 1, on the label's line. */
function labelled(lines: Line[], re: RegExp, confidence: number): Confident<string> {
  for (const line of lines) {
    const m = re.exec(line.text);
    if (m) return { value: m[1], confidence };
  }
  return null;
}

/** A date after its label (same line), or below it at about its column (label rows above value rows). */
function dateOf(lines: Line[], label: RegExp, c: (v: number) => number): Confident<string> {
  for (const line of lines) {
    const m = new RegExp(label.source, 'i').exec(line.text);
    if (!m) continue;
    const after = line.text.slice(m.index + m[0].length);
    const same = firstDate(after.slice(0, 80));
    if (same && /^\s*[:.]?\s*\S{0,12}\s*$/.test(after.slice(0, same.at).replace(/\s+/g, ' ')))
      return { value: same.value, confidence: c(same.named ? 0.85 : 0.95) };
    for (let i = line.index + 1; i < Math.min(lines.length, line.index + 3); i++) {
      const below = lines[i].text.slice(Math.max(0, m.index - 4), m.index + m[0].length + 16);
      const d = firstDate(below);
      if (d) return { value: d.value, confidence: c(0.75) };
    }
  }
  return null;
}

function firstDate(text: string): { value: string; at: number; named: boolean } | null {
  const numeric =
    /(?<!\d)(\d{1,2})\s?[./,]\s?(\d{1,2})\s?[./,]{1,2}\s?(\d{4})(?!\d)|(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)/.exec(text);
  const named = /(?<!\d)(\d{1,2})\.\s*([a-zA-Zá-žÁ-Ž]{3,10})\s+(\d{4})/.exec(text);
  const fromNumeric = numeric
    ? numeric[4]
      ? iso(+numeric[4], +numeric[5], +numeric[6])
      : iso(+numeric[3], +numeric[2], +numeric[1])
    : null;
  const month = named ? MONTHS[named[2].toLowerCase()] : undefined;
  const fromNamed = named && month ? iso(+named[3], month, +named[1]) : null;
  if (fromNumeric && (!fromNamed || numeric!.index <= named!.index))
    return { value: fromNumeric, at: numeric!.index, named: false };
  if (fromNamed) return { value: fromNamed, at: named!.index, named: true };
  return null;
}

function iso(year: number, month: number, day: number): string | null {
  if (year < 1990 || year > 2100 || month < 1 || month > 12 || day < 1) return null;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > days) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** A printed amount as a 2-place decimal string: "12 100,00", "12.100,00", "12,100.00", "12100.5". */
export function parseAmount(raw: string): string | null {
  let s = raw.replace(/[ \u00a0'’]/g, '');
  if (/,\d{3}(?:,\d{3})*\.\d{1,2}$/.test(s)) s = s.replace(/,/g, '');
  else if (/\.\d{3}(?:\.\d{3})*(,\d{1,2})?$/.test(s) && !/^\d*\.\d{1,2}$/.test(s)) s = s.replace(/\./g, '');
  s = s.replace(',', '.');
  // bignumber.js throws on text that is not a number; OCR text is anything.
  return /^-?\d{1,20}(\.\d{1,20})?$/.test(s) ? new BigNumber(s).toFixed(2) : null;
}

function amountsOf(text: string): { value: string; at: number }[] {
  const out: { value: string; at: number }[] = [];
  for (const m of text.matchAll(AMOUNT_RE)) {
    // A lone integer without decimals is rarely an amount in a recapitulation; keep it only when grouped.
    if (!/[,.]\d{1,2}$/.test(m[1]) && !/\d[ .]\d{3}/.test(m[1])) continue;
    const value = parseAmount(m[1]);
    if (value) out.push({ value, at: m.index ?? 0 });
  }
  return out;
}

const RATE_ROW = /(?:^|\s|základ\w*\s+)(21|12|0)\s*%/i;

/** The VAT recapitulation: per rate its base and VAT, checked as VAT = base × rate (to the crown). */
function vatRows(lines: Line[], c: (v: number) => number): VatRow[] {
  const recapAt = lines.find((l) =>
    /rekapitulace|sazba\s+dph|vat\s+summary|souhrn\s+dph|základ\s+daně/i.test(l.text),
  )?.index;
  const found = new Map<VatRow['rate'], VatRow>();
  for (const line of lines) {
    const m = RATE_ROW.exec(line.text);
    if (!m) continue;
    const rate = m[1] as VatRow['rate'];
    const amounts = amountsOf(line.text.slice((m.index ?? 0) + m[0].length));
    if (amounts.length < 1) continue;
    const afterRecap = recapAt !== undefined && line.index >= recapAt;
    const startsRow = /^\s*(?:dph\s+|sazba\s+|základ\s+\w*\s*)?(21|12|0)\s*%/i.test(line.text);
    if (!afterRecap && !startsRow) continue;
    // A row is "rate base vat [total]"; an item row has more numbers before its rate and is skipped by startsRow.
    const base = amounts[0].value;
    let vat = rate === '0' ? (amounts[1]?.value ?? '0.00') : amounts[1]?.value;
    if (vat === undefined) continue;
    const expected = new BigNumber(base).times(rate).div(100);
    // OCR may lose the VAT column: "21 %  42 000,00  50 820,00" is base and total.
    if (rate !== '0' && new BigNumber(vat).minus(base).minus(expected).abs().lte(1) && expected.minus(vat).abs().gt(1))
      vat = new BigNumber(vat).minus(base).toFixed(2);
    const consistent = expected.minus(vat).abs().lte(1);
    if (!consistent && rate !== '0') continue;
    found.set(rate, { rate, base, vat: rate === '0' ? '0.00' : vat, confidence: c(startsRow ? 0.9 : 0.8) });
  }
  return [...found.values()];
}

function totalOf(lines: Line[], vat: VatRow[], c: (v: number) => number): Confident<string> {
  const labels: [RegExp, number][] = [
    [
      /(?:celkem\s+k\s+úhradě|celkem\s+k\s+uhrade|k\s+úhradě|k\s+uhrade|částka\s+k\s+úhradě|amount\s+due|total\s+due)/i,
      0.9,
    ],
    [/(?:celkem\s+s\s+dph|celkem\s+vč(?:\.|etně)\s+dph|total\s+incl)/i, 0.85],
    [/(?:celková\s+částka|celkem|total)/i, 0.7],
  ];
  const recapSum = vat.length ? BigNumber.sum(...vat.map((r) => new BigNumber(r.base).plus(r.vat))).toFixed(2) : null;
  for (const [re, confidence] of labels) {
    const candidates: string[] = [];
    for (const line of lines) {
      const m = re.exec(line.text);
      if (!m) continue;
      const amounts = amountsOf(line.text.slice(m.index + m[0].length));
      const value = amounts.length ? amounts[amounts.length - 1].value : null;
      if (value && new BigNumber(value).gt(0)) candidates.push(value);
    }
    if (!candidates.length) continue;
    const agreeing = recapSum ? candidates.find((v) => new BigNumber(v).minus(recapSum).abs().lt(1)) : undefined;
    if (agreeing) return { value: agreeing, confidence: c(0.98) };
    // The largest: "Celkem" lines of sub-sums come before the total.
    const value = candidates.reduce((a, b) => (new BigNumber(b).gt(a) ? b : a));
    return { value, confidence: c(confidence) };
  }
  return recapSum ? { value: recapSum, confidence: c(0.6) } : null;
}

function currencyOf(text: string, c: (v: number) => number): Confident<string> {
  const counts: Record<string, number> = {
    CZK: (text.match(/\bCZK\b|Kč/g) ?? []).length,
    EUR: (text.match(/\bEUR\b|€/g) ?? []).length,
    USD: (text.match(/\bUSD\b|US\$/g) ?? []).length,
  };
  const [best, n] = Object.entries(counts).sort((a, b) => b[1] - a[1])[0];
  if (n === 0) return { value: 'CZK', confidence: c(0.5) };
  return { value: best, confidence: c(0.9) };
}

function ibanOf(text: string, c: (v: number) => number): Confident<string> {
  const re = /\b([A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?)\b/g;
  for (const m of text.matchAll(re)) {
    const iban = m[1].replace(/ /g, '');
    if (validIban(iban)) return { value: iban, confidence: c(0.98) };
  }
  return null;
}

function accountOf(lines: Line[], iban: string | null, c: (v: number) => number): Confident<string> {
  const fromIban = iban ? accountOfIban(iban) : null;
  const re = /(?<![\d/.-])(?:(\d{1,6})-)?(\d{2,10})\s?\/\s?(\d{4})(?![\d/.])/g;
  for (const line of lines) {
    if (!/(účet|ucet|účtu|uctu|account|bank)/i.test(line.text)) continue;
    for (const m of line.text.matchAll(re)) {
      if (!validAccount(m[1] ?? null, m[2])) continue;
      const value = `${m[1] ? `${m[1]}-` : ''}${m[2]}/${m[3]}`;
      return { value, confidence: c(fromIban === value ? 0.98 : 0.9) };
    }
  }
  return fromIban ? { value: fromIban, confidence: c(0.85) } : null;
}
