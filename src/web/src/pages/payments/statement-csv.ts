import type { StatementLineInput } from '../../gql/graphql';

/**
 * A bank statement exported as CSV, read in the browser before anything is sent: a header row
 * names the columns (English names or the Czech ones banks use), the separator is `,` or `;`,
 * amounts may use a decimal comma, dates are YYYY-MM-DD or D.M.YYYY, and a negative amount
 * without a direction column is an outgoing payment. The server still validates every line.
 */
export interface StatementRow {
  line: number;
  input: StatementLineInput | null;
  /** Why the row cannot be imported as it is; the row is then left out. */
  problem: string | null;
}

export const MAX_ROWS = 1000;

const COLUMNS: Record<keyof StatementLineInput, string[]> = {
  transactionId: ['transactionid', 'transaction id', 'id', 'id transakce', 'id pohybu'],
  amount: ['amount', 'částka', 'castka', 'objem'],
  currency: ['currency', 'měna', 'mena'],
  direction: ['direction', 'směr', 'smer'],
  receivedAt: ['receivedat', 'date', 'datum', 'datum zaúčtování', 'datum splatnosti'],
  variableSymbol: ['variablesymbol', 'variable symbol', 'vs', 'variabilní symbol', 'variabilni symbol'],
  counterAccount: ['counteraccount', 'counter account', 'protiúčet', 'protiucet', 'číslo protiúčtu'],
  constantSymbol: ['constantsymbol', 'constant symbol', 'ks', 'konstantní symbol', 'konstantni symbol'],
  specificSymbol: ['specificsymbol', 'specific symbol', 'ss', 'specifický symbol', 'specificky symbol'],
  counterAccountName: ['counteraccountname', 'counter account name', 'název protiúčtu', 'nazev protiuctu'],
  message: ['message', 'zpráva pro příjemce', 'zprava pro prijemce', 'zpráva', 'zprava'],
};

/** Splits CSV text into rows of cells; quoted cells may contain the separator, quotes ("") and line breaks. */
export function parseCsv(text: string): string[][] {
  const body = text.replace(/^\uFEFF/, '');
  const firstLine = body.split(/\r?\n/, 1)[0] ?? '';
  const separator = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === separator) {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && body[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length) rows.push([...row, cell]);
  return rows.filter((r) => r.some((c) => c.trim() !== ''));
}

function normalizeAmount(raw: string): string | null {
  const cleaned = raw.replace(/[\s\u00a0]/g, '').replace(/(CZK|Kč|EUR|€)$/i, '');
  const decimal =
    cleaned.includes(',') && !cleaned.includes('.') ? cleaned.replace(',', '.') : cleaned.replace(/,/g, '');
  return /^[+-]?\d+(\.\d+)?$/.test(decimal) ? decimal : null;
}

function normalizeDate(raw: string): string | null {
  const value = raw.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const czech = value.match(/^(\d{1,2})\.\s*(\d{1,2})\.\s*(\d{4})$/);
  if (czech) return `${czech[3]}-${czech[2].padStart(2, '0')}-${czech[1].padStart(2, '0')}`;
  return null;
}

function normalizeDirection(raw: string | undefined, amount: string): 'IN' | 'OUT' | null {
  const value = (raw ?? '').trim().toUpperCase();
  if (value === 'IN' || value === 'PŘÍCHOZÍ' || value === 'PRICHOZI' || value === 'CREDIT') return 'IN';
  if (value === 'OUT' || value === 'ODCHOZÍ' || value === 'ODCHOZI' || value === 'DEBIT') return 'OUT';
  if (value === '') return amount.startsWith('-') ? 'OUT' : 'IN';
  return null;
}

/** The statement's rows as import lines, each with the reason it cannot be imported, if any. */
export function readStatement(text: string): { rows: StatementRow[]; problem: string | null } {
  const table = parseCsv(text);
  if (table.length < 2) return { rows: [], problem: 'The file has no rows under a header row.' };
  const header = table[0].map((h) => h.trim().toLowerCase());
  const index = Object.fromEntries(
    Object.entries(COLUMNS).map(([field, names]) => [field, header.findIndex((h) => names.includes(h))]),
  ) as Record<keyof StatementLineInput, number>;
  const missing = (['transactionId', 'amount', 'receivedAt'] as const).filter((f) => index[f] < 0);
  if (missing.length) return { rows: [], problem: `The header row has no column for ${missing.join(', ')}.` };
  if (table.length - 1 > MAX_ROWS)
    return { rows: [], problem: `A statement has at most ${MAX_ROWS} rows; this one has ${table.length - 1}.` };
  const rows = table.slice(1).map((cells, k): StatementRow => {
    const cell = (field: keyof StatementLineInput) => (index[field] >= 0 ? (cells[index[field]] ?? '').trim() : '');
    const line = k + 2;
    const amount = normalizeAmount(cell('amount'));
    const receivedAt = normalizeDate(cell('receivedAt'));
    const direction = amount ? normalizeDirection(index.direction >= 0 ? cell('direction') : undefined, amount) : null;
    const problem = !cell('transactionId')
      ? 'no transaction id'
      : !amount
        ? `amount "${cell('amount')}" is not a number`
        : !receivedAt
          ? `date "${cell('receivedAt')}" is not a date`
          : !direction
            ? `direction "${cell('direction')}" is not IN or OUT`
            : null;
    if (problem || !amount || !receivedAt || !direction) return { line, input: null, problem };
    return {
      line,
      problem: null,
      input: {
        transactionId: cell('transactionId'),
        amount: amount.replace(/^[+-]/, ''),
        direction,
        receivedAt,
        currency: cell('currency').toUpperCase() || null,
        variableSymbol: cell('variableSymbol') || null,
        counterAccount: cell('counterAccount') || null,
        constantSymbol: cell('constantSymbol') || null,
        specificSymbol: cell('specificSymbol') || null,
        counterAccountName: cell('counterAccountName') || null,
        message: cell('message') || null,
      },
    };
  });
  return { rows, problem: null };
}
