import BigNumber from 'bignumber.js';
import { ValidationError } from '../../core/errors';
import { z } from '../../core/validation';
import { computeItem, type ItemInput } from './document-totals';
import type { DocumentItem } from './document.types';

/**
 * Reverse charge (přenesení daňové povinnosti) of a whole document: the customer, not the supplier,
 * accounts for the VAT, so the document charges none (each line keeps its rate, its VAT is 0).
 * - DOMESTIC: § 92a ZDPH, a supply in the Czech Republic to a Czech VAT payer, with the code of the
 *   supply (kód předmětu plnění) the control statement's A.1 asks for;
 * - EU_GOODS: an intra-Community supply of goods, exempt under § 64 ZDPH (DPHDP3 line 20);
 * - EU_SERVICES: a service to a VAT payer of another member state, taxed there by the customer
 *   (§ 9 odst. 1 ZDPH; DPHDP3 line 21).
 */
export const REVERSE_CHARGE_REGIMES = ['DOMESTIC', 'EU_GOODS', 'EU_SERVICES'] as const;
export type ReverseChargeRegime = (typeof REVERSE_CHARGE_REGIMES)[number];

/**
 * The codes of § 92a supplies in the control statement (kód předmětu plnění, DPHKH1 A.1/B.1). 1–17 as
 * listed in the control statement documentation; 18–21 are the energy and telecom supplies of § 92f.
 */
export const DOMESTIC_CODES = {
  '1': 'dodání zlata (§ 92b)',
  '3': 'dodání nemovité věci (§ 92d)',
  '4': 'stavební nebo montážní práce (§ 92e)',
  '5': 'zboží uvedené v příloze č. 5 – odpad a šrot (§ 92c)',
  '11': 'převod povolenek na emise skleníkových plynů',
  '12': 'obiloviny a technické plodiny',
  '13': 'kovy včetně drahých kovů',
  '14': 'mobilní telefony',
  '15': 'integrované obvody a desky plošných spojů',
  '16': 'přenosná zařízení pro automatizované zpracování dat',
  '17': 'videoherní konzole',
  '18': 'certifikáty elektřiny',
  '19': 'elektřina',
  '20': 'plyn',
  '21': 'telekomunikační služby',
} as const;
export type DomesticCode = keyof typeof DOMESTIC_CODES;
const CODES = Object.keys(DOMESTIC_CODES) as [DomesticCode, ...DomesticCode[]];

export type ReverseCharge = { regime: 'DOMESTIC'; code: DomesticCode } | { regime: 'EU_GOODS' | 'EU_SERVICES' };

/** The lines of the VAT return (DPHDP3) a reverse-charge sale's base goes to. */
export const VAT_RETURN_LINES: Record<ReverseChargeRegime, number> = { DOMESTIC: 25, EU_GOODS: 20, EU_SERVICES: 21 };

export const reverseChargeInput = z
  .discriminatedUnion('regime', [
    z.object({
      regime: z.literal('DOMESTIC'),
      code: z.enum(CODES).meta({ description: 'Kód předmětu plnění (control statement A.1)' }),
    }),
    z.object({ regime: z.enum(['EU_GOODS', 'EU_SERVICES']) }),
  ])
  .nullable()
  .optional()
  .meta({
    description:
      "Reverse charge: DOMESTIC (§ 92a ZDPH, with the supply's code; the customer needs a Czech DIČ), EU_GOODS or EU_SERVICES (the customer needs a VAT id of another EU state); the document then charges no VAT. null: none",
  });

export interface ReverseChargeColumns {
  reverseChargeRegime: ReverseChargeRegime | null;
  reverseChargeCode: string | null;
}

/** The document's columns (reverse_charge_regime, reverse_charge_code) as one value. */
export function reverseChargeOf(doc: ReverseChargeColumns): ReverseCharge | null {
  const regime = doc.reverseChargeRegime;
  if (regime === 'DOMESTIC') return { regime, code: doc.reverseChargeCode as DomesticCode };
  return regime ? { regime } : null;
}

export function reverseChargeColumns(rc: ReverseCharge | null | undefined): ReverseChargeColumns {
  return { reverseChargeRegime: rc?.regime ?? null, reverseChargeCode: rc?.regime === 'DOMESTIC' ? rc.code : null };
}

/**
 * The lines as computed, without VAT under reverse charge: the rate stays (the customer taxes the base
 * at it), VAT is 0 and the total is the base. A reverse-charge price is net: a gross one is refused.
 */
export function chargedItems(inputs: ItemInput[], rc: ReverseCharge | null | undefined): DocumentItem[] {
  return inputs.map((input, index) => {
    const item = computeItem(input);
    if (!rc) return item;
    if (input.priceIncludesVat)
      throw new ValidationError('A reverse-charge line has no VAT in its price', [
        { path: `items[${index}].priceIncludesVat`, message: 'must be false under reverse charge' },
      ]);
    return { ...item, vat: '0.00', total: item.base };
  });
}

/** Stored lines computed again for another reverse-charge setting. */
export function rechargedItems(items: DocumentItem[], rc: ReverseCharge | null): DocumentItem[] {
  return chargedItems(
    items.map((i) => ({
      name: i.name,
      quantity: new BigNumber(i.quantity),
      unit: i.unit,
      unitPrice: new BigNumber(i.unitPrice),
      vatRate: new BigNumber(i.vatRate),
      priceIncludesVat: i.priceIncludesVat,
    })),
    rc,
  );
}

const CZECH_VAT_ID = /^CZ\d{8,10}$/;

/** VAT ids of the other member states: the country prefix (EL for Greece) and its format. */
const EU_VAT_IDS: Record<string, RegExp> = {
  AT: /^ATU\d{8}$/,
  BE: /^BE[01]\d{9}$/,
  BG: /^BG\d{9,10}$/,
  CY: /^CY\d{8}[A-Z]$/,
  DE: /^DE\d{9}$/,
  DK: /^DK\d{8}$/,
  EE: /^EE\d{9}$/,
  EL: /^EL\d{9}$/,
  ES: /^ES[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^FI\d{8}$/,
  FR: /^FR[A-HJ-NP-Z0-9]{2}\d{9}$/,
  HR: /^HR\d{11}$/,
  HU: /^HU\d{8}$/,
  IE: /^IE\d[A-Z0-9+*]\d{5}[A-Z]{1,2}$/,
  IT: /^IT\d{11}$/,
  LT: /^LT(\d{9}|\d{12})$/,
  LU: /^LU\d{8}$/,
  LV: /^LV\d{11}$/,
  MT: /^MT\d{8}$/,
  NL: /^NL\d{9}B\d{2}$/,
  PL: /^PL\d{10}$/,
  PT: /^PT\d{9}$/,
  RO: /^RO\d{2,10}$/,
  SE: /^SE\d{12}$/,
  SI: /^SI\d{8}$/,
  SK: /^SK\d{10}$/,
};

/** Whether `vatId` has the format a reverse charge of this regime needs. */
export function isReverseChargeVatId(regime: ReverseChargeRegime, vatId: string): boolean {
  if (regime === 'DOMESTIC') return CZECH_VAT_ID.test(vatId);
  return EU_VAT_IDS[vatId.slice(0, 2)]?.test(vatId) ?? false;
}

/** The customer's VAT id: its contact's (loaded), else what a register sent. */
export function customerVatIdOf(doc: {
  contact: { vatId: string | null } | null;
  customerDetails: Record<string, string | null> | null;
}): string | null {
  return doc.customerDetails ? (doc.customerDetails.vatId ?? null) : (doc.contact?.vatId ?? null);
}

/**
 * Reverse charge needs a customer who is a VAT payer: a Czech DIČ for § 92a, a VAT id of another
 * member state for an EU supply. The customer's VAT id is its contact's (or what a register sent);
 * without a valid-format one: 400 naming reverseCharge.
 */
export function assertReverseChargeCustomer(rc: ReverseCharge | null, vatId: string | null | undefined): void {
  if (!rc || (vatId && isReverseChargeVatId(rc.regime, vatId))) return;
  const needed =
    rc.regime === 'DOMESTIC' ? 'a Czech DIČ (CZ and 8 to 10 digits)' : 'a VAT id of another EU member state';
  const has = vatId ? `its vatId ${vatId} is not one` : 'it has no vatId';
  throw new ValidationError(`A ${rc.regime} reverse charge needs a customer with ${needed}`, [
    { path: 'reverseCharge', message: `the customer (contact) needs ${needed}; ${has}` },
  ]);
}
