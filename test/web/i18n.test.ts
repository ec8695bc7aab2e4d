import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { allTexts, text } from '../helpers/texts';

/**
 * The web app's texts (issue 30 point 1): both languages have every key of every namespace, Czech
 * with its four plural forms where English has two, the same {{placeholders}} on both sides, no
 * empty text; every key a page's source names exists; Czech plurals read right. (The typecheck
 * refuses a missing key at compile time as well: TextsOf in i18n/texts.ts; the browser tours refuse
 * a key missing at run time, which the app reports as a console error.)
 */
type Tree = Record<string, unknown>;

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(full, value);
    else for (const [k, v] of flatten(value as Tree, full)) out.set(k, v);
  }
  return out;
}

const CZECH_PLURALS = ['one', 'few', 'many', 'other'];
const ENGLISH_PLURALS = ['one', 'other'];
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Keys as a page names them: plural forms folded into their base key. */
function baseKeys(flat: Map<string, string>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const key of flat.keys()) {
    const match = PLURAL.exec(key);
    const base = match ? key.slice(0, match.index) : key;
    out.set(base, [...(out.get(base) ?? []), ...(match ? [match[1]] : [])]);
  }
  return out;
}

const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();

describe('web app texts: Czech and English (i18next)', () => {
  const texts = allTexts();
  const namespaces = Object.keys(texts.en).sort();

  it('has the same namespaces in both languages: common and one per page folder', () => {
    expect(Object.keys(texts.cs).sort()).to.deep.equal(namespaces);
    expect(namespaces).to.include.members(['common', 'dashboard', 'documents', 'costs', 'inbox']);
  });

  for (const namespace of namespaces) {
    it(`${namespace}: every key in both languages, Czech plurals in four forms, the same placeholders`, () => {
      const en = flatten(texts.en[namespace]);
      const cs = flatten(texts.cs[namespace]);
      const enBase = baseKeys(en);
      const csBase = baseKeys(cs);
      expect([...csBase.keys()].sort(), 'keys of cs against en').to.deep.equal([...enBase.keys()].sort());
      for (const [key, forms] of enBase) {
        if (!forms.length) continue;
        expect(forms.sort(), `English plural forms of ${key}`).to.deep.equal(ENGLISH_PLURALS);
        expect(csBase.get(key)!.sort(), `Czech plural forms of ${key}`).to.deep.equal(CZECH_PLURALS.sort());
      }
      for (const [key, value] of [...en, ...cs]) expect(value.trim(), `${namespace}:${key}`).to.not.equal('');
      for (const [key, value] of cs) {
        const base = key.replace(PLURAL, '');
        const english = en.get(key) ?? en.get(`${base}_other`) ?? '';
        expect(placeholders(value), `placeholders of ${namespace}:${key}`).to.deep.equal(placeholders(english));
      }
    });
  }

  it('has every key a page’s source names with t(…) (literal keys, in the namespace it uses)', () => {
    const web = path.resolve(__dirname, '../../src/web/src');
    const missing: string[] = [];
    const sources = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory()
          ? e.name === 'gql' || e.name === 'locales'
            ? []
            : sources(path.join(dir, e.name))
          : /\.tsx?$/.test(e.name)
            ? [path.join(dir, e.name)]
            : [],
      );
    for (const file of sources(web)) {
      const relative = path.relative(web, file);
      const folder = /^pages\/([^/]+)\//.exec(relative)?.[1];
      const source = readFileSync(file, 'utf8');
      for (const match of source.matchAll(/\bt\(\s*'([^'$`]+)'/g)) {
        const [namespace, key] = match[1].includes(':') ? match[1].split(':', 2) : [folder ?? 'common', match[1]];
        const keys = baseKeys(flatten(texts.en[namespace] ?? {}));
        // A page's t() may also name common keys (useTranslation([page, 'common'])).
        const common = baseKeys(flatten(texts.en.common));
        if (!keys.has(key) && !common.has(key)) missing.push(`${relative}: ${match[1]}`);
      }
    }
    expect(missing).to.deep.equal([]);
  });

  it('reads Czech plurals right: 1 faktura, 2 faktury, 5 faktur (and English: 1 invoice, 5 invoices)', () => {
    expect([1, 2, 4, 5, 0, 21].map((count) => text('cs', 'counts.invoice', { count }))).to.deep.equal([
      '1 faktura',
      '2 faktury',
      '4 faktury',
      '5 faktur',
      '0 faktur',
      '21 faktur',
    ]);
    expect([1, 5].map((count) => text('en', 'counts.invoice', { count }))).to.deep.equal(['1 invoice', '5 invoices']);
  });
});
