import BigNumber from 'bignumber.js';
import { czechDate } from '../../core/clock';
import { REVERSE_CHARGE_REGIMES, type ReverseCharge, type ReverseChargeRegime } from '../documents/documents.module';

/** The line of the VAT return (DPHDP3) each reverse-charge sale's base goes to. */
const VAT_RETURN_LINES: Record<ReverseChargeRegime, number> = {
  EU_GOODS: 20, // intra-Community supply of goods (§ 64)
  EU_SERVICES: 21, // services with the place of supply in another member state (§ 9 odst. 1)
  DOMESTIC: 25, // § 92a supplies, the customer accounts for the VAT
};

/** The VAT report's row of one regime: the base of its sales in CZK (no VAT is charged on them). */
export interface ReverseChargeSalesRow {
  regime: ReverseChargeRegime;
  line: number;
  base: string;
}

/** Every regime in VAT-return line order, 0.00 where nothing was sold. */
export function reverseChargeSales(sums: { regime: ReverseChargeRegime; base: string }[]): ReverseChargeSalesRow[] {
  return [...REVERSE_CHARGE_REGIMES]
    .sort((a, b) => VAT_RETURN_LINES[a] - VAT_RETURN_LINES[b])
    .map((regime) => ({
      regime,
      line: VAT_RETURN_LINES[regime],
      base: BigNumber.sum(0, ...sums.filter((s) => s.regime === regime).map((s) => s.base)).toFixed(2),
    }));
}

/** A row of the control statement's A.1: a § 92a sale, the customer accounting for the VAT. */
export interface DomesticReverseChargeRow {
  documentId: string;
  number: string;
  customerVatId: string | null;
  taxableSupplyDate: string;
  /** Kód předmětu plnění. */
  code: string;
  base: string;
}

interface ReverseCharged {
  id: string;
  number: string;
  suppliedAt: Date;
  reverseCharge: ReverseCharge | null;
  /** The base at every rate. */
  base: string;
}

/** A.1 of the control statement: every § 92a sale of the month, whatever its amount. */
export function domesticReverseChargeRows<D extends ReverseCharged>(
  documents: D[],
  vatIdOf: (d: D) => string | null,
): DomesticReverseChargeRow[] {
  return documents.flatMap((d) =>
    d.reverseCharge?.regime === 'DOMESTIC'
      ? [
          {
            documentId: d.id,
            number: d.number,
            customerVatId: vatIdOf(d),
            taxableSupplyDate: czechDate(d.suppliedAt),
            code: d.reverseCharge.code,
            base: new BigNumber(d.base).toFixed(2),
          },
        ]
      : [],
  );
}
