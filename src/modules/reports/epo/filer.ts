import type { ErrorDetail } from '../../../core/errors';
import type { CompanyProfile } from '../../company/company.module';
import { TaxFilingSettingsMissing } from '../reports.errors';
import { cut, dicDigits, type Attributes } from './epo-xml';

/** The company as both forms identify it (VetaP), with the settings that shape VetaD. */
export interface Filer {
  /** DIČ digits, also in the file name. */
  dic: string;
  naturalPerson: boolean;
  quarterly: boolean;
  naceCode: string;
  vetaP: Attributes;
}

/**
 * The filer from the company's profile; 409 TAX_FILING_SETTINGS_MISSING naming every missing field.
 * The street is split into its name and numbers where it ends in them ("Dlouhá 12/3": ulice Dlouhá,
 * c_pop 12, c_orient 3); otherwise it is all ulice.
 */
export function filerOf(p: CompanyProfile): Filer {
  const missing: ErrorDetail[] = [];
  const need = (path: string, value: unknown, message = 'required for the filing') => {
    if (value === null || value === undefined || value === false) missing.push({ path, message });
  };
  need('vatPayer', p.vatPayer, 'the company files VAT only as a VAT payer');
  need('vatId', p.vatId);
  need('taxOfficeCode', p.taxOfficeCode);
  need('filerType', p.filerType);
  need('vatPeriod', p.vatPeriod);
  need('naceCode', p.naceCode);
  const naturalPerson = p.filerType === 'NATURAL_PERSON';
  if (naturalPerson) {
    need('filerFirstName', p.filerFirstName, 'required for a natural person');
    need('filerLastName', p.filerLastName, 'required for a natural person');
  } else need('legalName', p.legalName, 'required for a legal person');
  if (missing.length) throw new TaxFilingSettingsMissing(missing);

  const dic = dicDigits(p.vatId!);
  return {
    dic,
    naturalPerson,
    quarterly: p.vatPeriod === 'QUARTERLY',
    naceCode: p.naceCode!,
    vetaP: {
      c_ufo: p.taxOfficeCode!,
      c_pracufo: p.taxOfficeWorkplaceCode ?? undefined,
      dic,
      typ_ds: naturalPerson ? 'F' : 'P',
      ...(naturalPerson
        ? { jmeno: cut(p.filerFirstName, 30), prijmeni: cut(p.filerLastName, 36) }
        : { zkrobchjm: cut(p.legalName, 255) }),
      ...addressOf(p.street),
      naz_obce: cut(p.city, 48),
      psc: cut(p.zip?.replace(/\s+/g, '') ?? null, 10),
      stat: stateOf(p.country),
      email: cut(p.email, 255),
      c_telef: cut(p.phone?.replace(/\s+/g, '') ?? null, 14),
    },
  };
}

function addressOf(street: string | null): Attributes {
  const numbered = street?.match(/^(.*\S)\s+(\d{1,6})(?:\/(\w{1,4}))?$/);
  if (!numbered) return { ulice: cut(street, 38) };
  return { ulice: cut(numbered[1], 38), c_pop: numbered[2], c_orient: numbered[3] };
}

/** The state's name as the portal's list of states writes it; a Czech company's is ČESKÁ REPUBLIKA. */
function stateOf(country: string | null): string {
  const czech = !country || /^(CZ|CZE|Česko|Česká republika|Czech Republic|Czechia)$/i.test(country.trim());
  return czech ? 'ČESKÁ REPUBLIKA' : cut(country.toUpperCase(), 25)!;
}
