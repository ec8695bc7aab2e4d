import { expect } from 'chai';
import { assertTransition } from '../../src/modules/documents/document-status';
import { variableSymbolOf } from '../../src/modules/documents/document-factory';
import { TransitionNotAllowed } from '../../src/modules/documents/documents.errors';
import { formatNumber } from '../../src/modules/documents/numbering';
import { formatMask, legacyMask, maskErrors, maskParts, periodOf } from '../../src/modules/documents/numbering-mask';

describe('unit: document numbering', () => {
  it('is the prefix and the zero-padded counter', () => {
    expect(formatNumber('FV', 6, 1)).to.equal('FV000001');
    expect(formatNumber('ZF2026/', 4, 37)).to.equal('ZF2026/0037');
    expect(formatNumber('', 1, 9)).to.equal('9');
  });

  it('never cuts a counter longer than the padding', () => {
    expect(formatNumber('FV', 3, 12345)).to.equal('FV12345');
  });

  it('takes the counter as the database returns a bigint (a string)', () => {
    expect(formatNumber('DL', 6, '999999999999')).to.equal('DL999999999999');
  });

  it('derives the variable symbol from the number: its last up to 10 digits', () => {
    expect(variableSymbolOf('FV000001')).to.equal('000001');
    expect(variableSymbolOf('ZF2026/0037')).to.equal('20260037');
    expect(variableSymbolOf('FV999999999999')).to.equal('9999999999');
    expect(variableSymbolOf('NABIDKA')).to.equal(null);
  });
});

describe('unit: numbering masks', () => {
  const newYearPrague = new Date('2026-12-31T23:00:00Z');
  const lastSecond2026 = new Date('2026-12-31T22:59:59Z');

  it('fills year, month and counter for the issue date in Prague', () => {
    expect(formatMask('FV{YYYY}-{NNNN}', 7, lastSecond2026)).to.equal('FV2026-0007');
    expect(formatMask('FV{YYYY}-{NNNN}', 7, newYearPrague)).to.equal('FV2027-0007');
    expect(formatMask('{YY}{MM}{NNNNN}', '12', newYearPrague)).to.equal('270100012');
    expect(formatMask('{YY}{NN}', 12345, newYearPrague)).to.equal('2712345');
  });

  it('keeps a counter per Prague year for YEARLY, one for all time otherwise', () => {
    expect(periodOf('YEARLY', lastSecond2026)).to.equal('2026');
    expect(periodOf('YEARLY', newYearPrague)).to.equal('2027');
    expect(periodOf('NEVER', newYearPrague)).to.equal('');
  });

  it('maps an old prefix + padding onto a mask printing the same numbers', () => {
    const at = new Date('2026-06-17T08:30:00Z');
    for (const [prefix, padding] of [
      ['FV', 6],
      ['ZF2026/', 4],
      ['', 1],
    ] as const)
      expect(formatMask(legacyMask(prefix, padding), 37, at)).to.equal(formatNumber(prefix, padding, 37));
    expect(maskParts('FV{YYYY}-{NNNN}/A')).to.deep.equal({ prefix: 'FV{YYYY}-', padding: 4, suffix: '/A' });
  });

  it('accepts one counter, known tokens, allowed text and at most 10 digits', () => {
    expect(maskErrors('FV{YYYY}-{NNNN}', 'YEARLY')).to.deep.equal([]);
    expect(maskErrors('{YY}{NNNNNNNN}', 'YEARLY')).to.deep.equal([]);
    expect(maskErrors('FV{NNNNNN}', 'NEVER')).to.deep.equal([]);
    expect(maskErrors('{YY}{NNNNNNNNN}', 'YEARLY')).to.deep.equal([
      'prints 11 digits; the variable symbol takes at most 10',
    ]);
    expect(maskErrors('FV{NNNN}', 'YEARLY')).to.deep.equal(['a series restarting every year needs {YYYY} or {YY}']);
    expect(maskErrors('FV{yy}{NNNN}{N}', 'NEVER')).to.deep.equal([
      'unknown token {yy}: {YYYY}, {YY}, {MM} and {N…N} (1 to 12 N) only',
      'needs exactly one counter token {N…N}',
    ]);
    expect(maskErrors('FV{YY', 'NEVER')[0]).to.equal('"{" is not allowed: letters, digits, _ . / - and {tokens} only');
    expect(maskErrors(`${'A'.repeat(41)}`, 'NEVER')).to.deep.equal(['at most 40 characters']);
  });
});

describe('unit: status transitions', () => {
  it('allows the matrix and refuses the rest with TransitionNotAllowed', () => {
    expect(() => assertTransition('INVOICE', 'DRAFT', 'ISSUED')).not.to.throw();
    expect(() => assertTransition('INVOICE', 'PAID', 'ISSUED')).not.to.throw();
    expect(() => assertTransition('INVOICE', 'DRAFT', 'SENT')).to.throw(
      TransitionNotAllowed,
      'Transition from DRAFT to SENT is not allowed',
    );
    expect(() => assertTransition('INVOICE', 'ARCHIVED', 'ISSUED')).to.throw(TransitionNotAllowed);
    expect(() => assertTransition('QUOTE', 'ISSUED', 'PAID')).to.throw(TransitionNotAllowed, 'a QUOTE is not paid');
  });
});
