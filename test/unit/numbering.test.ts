import { expect } from 'chai';
import { assertTransition } from '../../src/modules/documents/document-status';
import { variableSymbolOf } from '../../src/modules/documents/document-factory';
import { TransitionNotAllowed } from '../../src/modules/documents/documents.errors';
import { formatNumber } from '../../src/modules/documents/numbering';

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
