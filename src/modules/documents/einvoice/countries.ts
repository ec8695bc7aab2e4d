/** A country as the e-invoices state it: the ISO 3166-1 alpha-2 code and a name. */
export interface Country {
  code: string;
  name: string;
}

/** The names a Czech user writes for the countries Czech invoices go to most (lower case, no diacritics needed). */
const NAMES: Record<string, string> = {
  'česká republika': 'CZ',
  'ceska republika': 'CZ',
  česko: 'CZ',
  cesko: 'CZ',
  'czech republic': 'CZ',
  czechia: 'CZ',
  slovensko: 'SK',
  'slovenská republika': 'SK',
  slovakia: 'SK',
  německo: 'DE',
  nemecko: 'DE',
  germany: 'DE',
  deutschland: 'DE',
  rakousko: 'AT',
  austria: 'AT',
  österreich: 'AT',
  polsko: 'PL',
  poland: 'PL',
  polska: 'PL',
  maďarsko: 'HU',
  hungary: 'HU',
  francie: 'FR',
  france: 'FR',
  itálie: 'IT',
  italy: 'IT',
  nizozemsko: 'NL',
  netherlands: 'NL',
  belgie: 'BE',
  belgium: 'BE',
  'velká británie': 'GB',
  'united kingdom': 'GB',
  usa: 'US',
  'united states': 'US',
};

const CZ: Country = { code: 'CZ', name: 'Česká republika' };

/**
 * The country of an address written freely (contacts and the company profile keep it as text): a
 * two-letter code as it is, a known name by the table, else the VAT id's prefix (DIČ "SK2020…"),
 * else the Czech Republic (the supplier's country, the usual customer's).
 */
export function countryOf(text: string | null | undefined, vatId?: string | null): Country {
  const given = (text ?? '').trim();
  if (/^[A-Za-z]{2}$/.test(given)) return { code: given.toUpperCase(), name: given.toUpperCase() };
  const code =
    NAMES[given.toLowerCase()] ??
    (/^[A-Z]{2}/.exec(vatId ?? '')?.[0] === 'EL' ? 'GR' : /^[A-Z]{2}/.exec(vatId ?? '')?.[0]);
  if (code) return { code, name: given || code };
  return given ? { ...CZ, name: given } : CZ;
}
