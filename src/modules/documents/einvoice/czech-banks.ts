/**
 * Czech bank codes (kód banky) with the bank's name and BIC, for the payment details of an e-invoice
 * (ISDOC asks for both; the company's profile keeps only the IBAN). The banks most accounts are at;
 * an account elsewhere is stated without BIC and name.
 */
const BANKS: Record<string, { name: string; bic: string }> = {
  '0100': { name: 'Komerční banka, a.s.', bic: 'KOMBCZPP' },
  '0300': { name: 'Československá obchodní banka, a. s.', bic: 'CEKOCZPP' },
  '0600': { name: 'MONETA Money Bank, a.s.', bic: 'AGBACZPP' },
  '0710': { name: 'Česká národní banka', bic: 'CNBACZPP' },
  '0800': { name: 'Česká spořitelna, a.s.', bic: 'GIBACZPX' },
  '2010': { name: 'Fio banka, a.s.', bic: 'FIOBCZPP' },
  '2060': { name: 'Citfin, spořitelní družstvo', bic: 'CITFCZPP' },
  '2250': { name: 'Banka CREDITAS a.s.', bic: 'CTASCZ22' },
  '2700': { name: 'UniCredit Bank Czech Republic and Slovakia, a.s.', bic: 'BACXCZPP' },
  '3030': { name: 'Air Bank a.s.', bic: 'AIRACZPP' },
  '3060': { name: 'PKO BP S.A., Czech Branch', bic: 'BPKOCZPP' },
  '4000': { name: 'Max banka a.s.', bic: 'EXPNCZPP' },
  '5500': { name: 'Raiffeisenbank a.s.', bic: 'RZBCCZPP' },
  '5800': { name: 'J&T BANKA, a.s.', bic: 'JTBPCZPP' },
  '6100': { name: 'Raiffeisenbank a.s. (Equa bank)', bic: 'EQBKCZPP' },
  '6210': { name: 'mBank S.A., organizační složka', bic: 'BREXCZPP' },
};

export function bankOf(code: string): { name: string; bic: string } | null {
  return BANKS[code] ?? null;
}
