import { expect } from 'chai';
import { parseCsv, readStatement } from '../../src/web/src/pages/payments/statement-csv';

/** The web app reads a bank statement CSV in the browser before importing it; the same function here. */
describe('unit: bank statement CSV read in the browser', () => {
  it('splits quoted cells with separators, doubled quotes and line breaks; picks ; when the header has more of them', () => {
    expect(parseCsv('a;b;c\r\n"1;2";"say ""hi""";"x\ny"\n')).to.deep.equal([
      ['a', 'b', 'c'],
      ['1;2', 'say "hi"', 'x\ny'],
    ]);
    expect(parseCsv('\uFEFFa,b\n1,2\n\n')).to.deep.equal([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('reads Czech columns, decimal commas, D.M.YYYY dates and the sign as the direction; names what it skips', () => {
    const { rows, problem } = readStatement(
      [
        'Datum;Objem;Měna;Protiúčet;VS;ID pohybu;SS;Zpráva pro příjemce',
        '20.6.2026;"12 100,50";czk;123/0800;0042;A1;0308;Faktura 2026-0001',
        '2026-06-21;-500;CZK;;;A2',
        'včera;1;CZK;;;A3',
        '1.1.2026;abc;CZK;;;A4',
        '1.1.2026;5;CZK;;;',
      ].join('\n'),
    );
    expect(problem).to.equal(null);
    expect(rows.map((r) => r.input)).to.deep.equal([
      {
        transactionId: 'A1',
        amount: '12100.50',
        direction: 'IN',
        receivedAt: '2026-06-20',
        currency: 'CZK',
        variableSymbol: '0042',
        counterAccount: '123/0800',
        constantSymbol: null,
        specificSymbol: '0308',
        counterAccountName: null,
        message: 'Faktura 2026-0001',
      },
      {
        transactionId: 'A2',
        amount: '500',
        direction: 'OUT',
        receivedAt: '2026-06-21',
        currency: 'CZK',
        variableSymbol: null,
        counterAccount: null,
        constantSymbol: null,
        specificSymbol: null,
        counterAccountName: null,
        message: null,
      },
      null,
      null,
      null,
    ]);
    expect(rows.slice(2).map((r) => [r.line, r.problem])).to.deep.equal([
      [4, 'date "včera" is not a date'],
      [5, 'amount "abc" is not a number'],
      [6, 'no transaction id'],
    ]);
  });

  it('takes an explicit direction column and refuses a file without the required columns or with too many rows', () => {
    const explicit = readStatement(
      'transactionId,amount,receivedAt,direction\nT1,10.00,2026-06-01,OUT\nT2,10.00,2026-06-01,sideways',
    );
    expect(explicit.rows.map((r) => r.input?.direction ?? r.problem)).to.deep.equal([
      'OUT',
      'direction "sideways" is not IN or OUT',
    ]);
    expect(readStatement('amount,receivedAt\n1,2026-06-01').problem).to.equal(
      'The header row has no column for transactionId.',
    );
    expect(readStatement('transactionId,amount,receivedAt').problem).to.equal(
      'The file has no rows under a header row.',
    );
    const big = [
      'transactionId,amount,receivedAt',
      ...Array.from({ length: 1001 }, (_, i) => `T${i},1,2026-06-01`),
    ].join('\n');
    expect(readStatement(big).problem).to.match(/at most 1000 rows/);
  });
});
