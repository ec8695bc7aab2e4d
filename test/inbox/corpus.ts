import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ExtractedFields, Extractor } from '../../src/modules/inbox/extraction';

/** The costs inbox's corpus (scripts/inbox-corpus.ts writes it): one entry per invoice. */
export const CORPUS_DIR = join(__dirname, '..', 'fixtures', 'inbox');

export interface CorpusEntry {
  id: string;
  producer: 'faktura' | 'pdfkit';
  layout: string;
  scans: string[];
}

export type Expected = Record<Exclude<keyof ExtractedFields, 'vat'>, string | null> & {
  vat: { rate: string; base: string; vat: string }[];
};

export const FIELDS = [
  'supplierIco',
  'supplierDic',
  'supplierName',
  'documentNumber',
  'variableSymbol',
  'issueDate',
  'taxableSupplyDate',
  'dueDate',
  'total',
  'currency',
  'vat',
  'iban',
  'accountNumber',
] as const;
export type Field = (typeof FIELDS)[number];

export function corpus(): CorpusEntry[] {
  return JSON.parse(readFileSync(join(CORPUS_DIR, 'index.json'), 'utf8')) as CorpusEntry[];
}

export function expectedOf(id: string): Expected {
  return JSON.parse(readFileSync(join(CORPUS_DIR, `${id}.json`), 'utf8')) as Expected;
}

/** Whether the extracted field is the expected one (VAT: every rate's base and VAT, nothing more). */
export function fieldRight(fields: ExtractedFields, expected: Expected, field: Field): boolean {
  if (field === 'vat') {
    const got = fields.vat.map((r) => `${r.rate}:${r.base}:${r.vat}`).sort();
    const want = expected.vat.map((r) => `${r.rate}:${r.base}:${r.vat}`).sort();
    return JSON.stringify(got) === JSON.stringify(want);
  }
  return (fields[field]?.value ?? null) === expected[field];
}

export interface Scored {
  file: string;
  id: string;
  seconds: number;
  pages: number;
  method: string;
  right: Record<Field, boolean>;
}

/** Extracts each file (`concurrency` at once) and scores every field against its expected JSON. */
export async function score(
  extractor: Extractor,
  files: { file: string; id: string }[],
  concurrency = 1,
): Promise<Scored[]> {
  const out: Scored[] = new Array(files.length);
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const i = next++;
      const { file, id } = files[i];
      const started = process.hrtime.bigint();
      const result = await extractor.extract({ filename: file, content: readFileSync(join(CORPUS_DIR, file)) });
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const expected = expectedOf(id);
      const right = Object.fromEntries(FIELDS.map((f) => [f, fieldRight(result.fields, expected, f)])) as Record<
        Field,
        boolean
      >;
      out[i] = { file, id, seconds, pages: result.pages, method: result.method, right };
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return out;
}

/** Per field: right / all, as "12/12 (100 %)". */
export function accuracyTable(rows: Scored[]): string[] {
  return FIELDS.map((f) => {
    const right = rows.filter((r) => r.right[f]).length;
    return `| ${f} | ${right}/${rows.length} | ${((100 * right) / rows.length).toFixed(0)} % |`;
  });
}

export function ratio(rows: Scored[], fields: readonly Field[]): number {
  const all = rows.length * fields.length;
  const right = rows.reduce((n, r) => n + fields.filter((f) => r.right[f]).length, 0);
  return all === 0 ? 0 : right / all;
}
