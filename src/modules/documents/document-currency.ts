import type BigNumber from 'bignumber.js';
import { czkAmounts as czkAmountsOf, type CzkAmounts } from '../../core/czk-amounts';
import { vatSplit } from './document-totals';
import type { DocumentItem } from './document.types';

export { CZK, type CzkAmounts } from '../../core/czk-amounts';

/** A document's amounts in CZK at `exchangeRate`, per VAT rate highest first (see core czkAmounts). */
export function czkAmounts(items: DocumentItem[], exchangeRate: BigNumber): CzkAmounts {
  return czkAmountsOf(vatSplit(items), exchangeRate);
}
