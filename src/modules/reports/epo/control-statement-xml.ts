import BigNumber from 'bignumber.js';
import type { ControlStatement, RateAmounts } from '../control-statement';
import { FilingPartnerVatIdInvalid } from '../reports.errors';
import { cut, dicDigits, epoDate, pisemnost, type Attributes, type Veta } from './epo-xml';
import type { Filer } from './filer';
import { periodAttributes, type FilingPeriod } from './filing-period';

/** DPHKH1's verzePis: the form version of the official XSD kept in ./xsd/dphkh1_epo2.xsd (see its README). */
export const DPHKH1_VERSION = '03.01.14';

/** The control statements of a quarter's months as one (a natural person filing quarterly): rows in order, sums added. */
export function mergeStatements(period: string, months: ControlStatement[]): ControlStatement {
  const add = (sums: RateAmounts[]): RateAmounts => ({
    base21: BigNumber.sum(0, ...sums.map((s) => s.base21)).toFixed(2),
    vat21: BigNumber.sum(0, ...sums.map((s) => s.vat21)).toFixed(2),
    base12: BigNumber.sum(0, ...sums.map((s) => s.base12)).toFixed(2),
    vat12: BigNumber.sum(0, ...sums.map((s) => s.vat12)).toFixed(2),
  });
  return {
    period,
    a1: months.flatMap((m) => m.a1),
    a4: months.flatMap((m) => m.a4),
    a5: add(months.map((m) => m.a5)),
    b2: months.flatMap((m) => m.b2),
    b3: add(months.map((m) => m.b3)),
  };
}

/** zakl_dane1/dan1 (21 %) and zakl_dane2/dan2 (12 %), in CZK with hellers as KH1 takes them. */
function rateFields(a: RateAmounts): Attributes {
  return { zakl_dane1: a.base21, dan1: a.vat21, zakl_dane2: a.base12, dan2: a.vat12 };
}

/**
 * The records of the control statement from the existing report: A.1 (§ 92a sales), A.4 (issued over
 * 10,000 CZK), A.5 (the rest summed), B.2 (received over 10,000 CZK), B.3 (the rest summed) and C (its
 * control sums). B.1 (reverse-charge costs, one row each) is not produced: the report leaves them out.
 * A row's partner needs a Czech DIČ (its digits): 409 FILING_PARTNER_VAT_ID_INVALID naming the documents.
 */
export function controlStatementVety(statement: ControlStatement): Veta[] {
  const invalid: string[] = [];
  const dicOf = (vatId: string | null, number: string) => {
    const digits = vatId === null ? '' : dicDigits(vatId);
    if (!/^\d{1,10}$/.test(digits)) invalid.push(number);
    return digits;
  };
  const a1 = statement.a1.map((row, i) => ({
    name: 'VetaA1',
    attributes: {
      c_radku: String(i + 1),
      dic_odb: dicOf(row.customerVatId, row.number),
      c_evid_dd: cut(row.number, 60),
      duzp: epoDate(row.taxableSupplyDate),
      zakl_dane1: row.base,
      kod_pred_pl: cut(row.code, 3),
    },
  }));
  const a4 = statement.a4.map((row, i) => ({
    name: 'VetaA4',
    attributes: {
      c_radku: String(i + 1),
      dic_odb: dicOf(row.customerVatId, row.number),
      c_evid_dd: cut(row.number, 60),
      dppd: epoDate(row.taxableSupplyDate),
      ...rateFields(row),
      kod_rezim_pl: '0',
      zdph_44: 'N',
    },
  }));
  const b2 = statement.b2.map((row, i) => ({
    name: 'VetaB2',
    attributes: {
      c_radku: String(i + 1),
      dic_dod: dicOf(row.supplierVatId, row.number),
      c_evid_dd: cut(row.supplierDocumentNumber || row.number, 60),
      dppd: epoDate(row.taxableSupplyDate),
      ...rateFields(row),
      pomer: 'N',
      zdph_44: 'N',
    },
  }));
  if (invalid.length) throw new FilingPartnerVatIdInvalid(invalid);
  const sum = (rows: RateAmounts[], key: keyof RateAmounts) => BigNumber.sum(0, ...rows.map((r) => r[key])).toFixed(2);
  const issued = [...statement.a4, statement.a5];
  const received = [...statement.b2, statement.b3];
  return [
    ...a1,
    ...a4,
    { name: 'VetaA5', attributes: rateFields(statement.a5) },
    ...b2,
    { name: 'VetaB3', attributes: rateFields(statement.b3) },
    {
      name: 'VetaC',
      attributes: {
        obrat23: sum(issued, 'base21'),
        obrat5: sum(issued, 'base12'),
        pln23: sum(received, 'base21'),
        pln5: sum(received, 'base12'),
        pln_rez_pren: BigNumber.sum(0, ...statement.a1.map((r) => r.base)).toFixed(2),
      },
    },
  ];
}

/** The DPHKH1 file: a regular control statement (khdph_forma B) filed on `filedOn`. */
export function controlStatementXml(input: {
  period: FilingPeriod;
  filer: Filer;
  filedOn: string;
  statement: ControlStatement;
}): string {
  const vetaD: Veta = {
    name: 'VetaD',
    attributes: {
      k_uladis: 'DPH',
      dokument: 'KH1',
      ...periodAttributes(input.period),
      d_poddp: input.filedOn,
      khdph_forma: 'B',
    },
  };
  const vety = [vetaD, { name: 'VetaP', attributes: input.filer.vetaP }, ...controlStatementVety(input.statement)];
  return pisemnost({ name: 'DPHKH1', version: DPHKH1_VERSION, vety });
}
