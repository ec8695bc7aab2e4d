import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { allTexts } from '../helpers/texts';

const SRC = path.resolve(__dirname, '../../src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full === path.join(SRC, 'web') ? [] : sources(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/**
 * Every `code` the server can answer with: the second argument of an AppError (`super(409, 'CODE', …)`,
 * `new AppError(status, 'CODE', …)`) and a GraphQL error's `extensions: { code: 'CODE' }`.
 */
function serverCodes(): Map<string, string> {
  const codes = new Map<string, string>();
  for (const file of sources(SRC)) {
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(/(?:super|new AppError)\(\s*[\w.]+\s*,\s*'([A-Z][A-Z0-9_]+)'/g))
      codes.set(m[1], path.relative(SRC, file));
    for (const m of source.matchAll(/extensions:\s*\{\s*code:\s*'([A-Z][A-Z0-9_]+)'/g))
      codes.set(m[1], path.relative(SRC, file));
  }
  return codes;
}

describe('web app: every server error code has a text in both languages (common:errors.codes)', () => {
  const texts = allTexts();
  const codes = serverCodes();

  it('finds the codes of the errors (the scan works)', () => {
    expect(codes.size).to.be.at.least(60);
    expect([...codes.keys()]).to.include.members(['VALIDATION_FAILED', 'NOT_FOUND', 'DOCUMENT_LOCKED', 'EMAIL_TAKEN']);
  });

  for (const language of ['cs', 'en'] as const) {
    it(`${language}: a text for every code`, () => {
      const known = (texts[language].common.errors as { codes: Record<string, string> }).codes;
      const missing = [...codes].filter(([code]) => typeof known[code] !== 'string').map(([c, f]) => `${c} (${f})`);
      expect(missing, `codes with no ${language} text`).to.deep.equal([]);
    });
  }
});
