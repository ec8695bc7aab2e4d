/** Sums of document or cost lines at one VAT rate (numeric strings as PostgreSQL returns them). */
export interface RateSums {
  vatRate: number;
  base: string;
  vat: string;
}

/** The sums of the lines in one currency at one VAT rate, with their total. */
export interface CurrencyRateSums extends RateSums {
  currency: string;
  total: string;
}

/** A row of SQL that sums lines per (currency, VAT rate); the rate comes back as numeric text. */
export interface CurrencyRateRow {
  currency: string;
  vat_rate: string;
  base: string;
  vat: string;
  total: string;
}

export function currencyRateSums(r: CurrencyRateRow): CurrencyRateSums {
  return { currency: r.currency, vatRate: Number(r.vat_rate), base: r.base, vat: r.vat, total: r.total };
}
