import BigNumber from 'bignumber.js';
import type { RateRow } from '../vat-totals';
import type { VatReport } from '../reports.service';
import { crowns, pisemnost, type Attributes, type Veta } from './epo-xml';
import type { Filer } from './filer';
import { periodAttributes, type FilingPeriod } from './filing-period';

/** DPHDP3's verzePis: the form version of the official XSD kept in ./xsd/dphdp3_epo2.xsd (see its README). */
export const DPHDP3_VERSION = '03.01.03';

/**
 * The lines of the return from the VAT report, each rounded to whole crowns: CZK rows only (every document
 * and cost counts in CZK at its exchange rate; only ones made before rates were kept lack CZK amounts, as in
 * the control statement). Rates other than 21 and 12 % have no line here (0 % sales are left out). The VAT
 * report's reverse-charge costs are self-assessed as § 92a supplies (ř. 10/11, deducted on ř. 43/44): costs
 * carry no regime telling an intra-Community acquisition (ř. 3–6) apart.
 */
export function vatReturnLines(report: VatReport) {
  const at = (rows: RateRow[], rate: number, key: 'base' | 'vat') =>
    crowns(BigNumber.sum(0, ...rows.filter((r) => r.currency === 'CZK' && r.vatRate === rate).map((r) => r[key])));
  // ř. 1, 2: output VAT at 21 % and 12 %; ř. 10, 11: reverse-charge costs self-assessed (§ 92a).
  const veta1 = {
    obrat23: at(report.rates, 21, 'base'),
    dan23: at(report.rates, 21, 'vat'),
    obrat5: at(report.rates, 12, 'base'),
    dan5: at(report.rates, 12, 'vat'),
    rez_pren23: at(report.reverseCharge, 21, 'base'),
    dan_rpren23: at(report.reverseCharge, 21, 'vat'),
    rez_pren5: at(report.reverseCharge, 12, 'base'),
    dan_rpren5: at(report.reverseCharge, 12, 'vat'),
  };
  // By the VAT-return line the report gives each regime: 20 dod_zb, 21 pln_sluzby, 25 pln_rez_pren.
  const sales = (line: 20 | 21 | 25) =>
    crowns(BigNumber.sum(0, ...report.reverseChargeSales.filter((s) => s.line === line).map((s) => s.base)));
  const veta2 = { dod_zb: sales(20), pln_sluzby: sales(21), pln_rez_pren: sales(25) };
  // ř. 40, 41: input VAT from payers; ř. 43, 44: the reverse-charge VAT deducted; ř. 46: their sum.
  const deductions = {
    pln23: at(report.input, 21, 'base'),
    odp_tuz23_nar: at(report.input, 21, 'vat'),
    pln5: at(report.input, 12, 'base'),
    odp_tuz5_nar: at(report.input, 12, 'vat'),
    nar_zdp23: veta1.rez_pren23,
    od_zdp23: veta1.dan_rpren23,
    nar_zdp5: veta1.rez_pren5,
    od_zdp5: veta1.dan_rpren5,
  };
  const veta4 = {
    ...deductions,
    odp_sum_nar: BigNumber.sum(
      deductions.odp_tuz23_nar,
      deductions.odp_tuz5_nar,
      deductions.od_zdp23,
      deductions.od_zdp5,
    ),
  };
  // ř. 62 output VAT, ř. 63 the deduction, ř. 64 to pay or ř. 65 to reclaim.
  const output = BigNumber.sum(veta1.dan23, veta1.dan5, veta1.dan_rpren23, veta1.dan_rpren5);
  const difference = output.minus(veta4.odp_sum_nar);
  const zero = new BigNumber(0);
  const veta6 = {
    dan_zocelk: output,
    odp_zocelk: veta4.odp_sum_nar,
    dano_da: difference.isPositive() ? difference : zero,
    dano_no: difference.isNegative() ? difference.negated() : zero,
  };
  return { veta1, veta2, veta4, veta6 };
}

/** The DPHDP3 file: a regular return (dapdph_forma B) of a VAT payer (typ_platce P), filed on `filedOn`. */
export function vatReturnXml(input: {
  period: FilingPeriod;
  filer: Filer;
  filedOn: string;
  report: VatReport;
}): string {
  const lines = vatReturnLines(input.report);
  const vety: Veta[] = [
    {
      name: 'VetaD',
      attributes: {
        k_uladis: 'DPH',
        dokument: 'DP3',
        ...periodAttributes(input.period),
        d_poddp: input.filedOn,
        dapdph_forma: 'B',
        // Whether a tax liability arose: any supply or self-assessment on the output lines.
        trans: [...Object.values(lines.veta1), ...Object.values(lines.veta2)].some((v) => !v.isZero()) ? 'A' : 'N',
        typ_platce: 'P',
        c_okec: input.filer.naceCode,
      },
    },
    { name: 'VetaP', attributes: input.filer.vetaP },
    { name: 'Veta1', attributes: whole(lines.veta1) },
    { name: 'Veta2', attributes: whole(lines.veta2) },
    { name: 'Veta4', attributes: whole(lines.veta4) },
    { name: 'Veta6', attributes: whole(lines.veta6) },
  ];
  return pisemnost({ name: 'DPHDP3', version: DPHDP3_VERSION, vety });
}

function whole(values: Record<string, BigNumber>): Attributes {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, value.toFixed(0)]));
}
