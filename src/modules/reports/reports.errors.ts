import { AppError, type ErrorDetail } from '../../core/errors';

// The reports module's domain errors: each names one case and carries its stable code.

/** The filing XML needs the company's identification and tax settings; `details` names what is missing. */
export class TaxFilingSettingsMissing extends AppError {
  constructor(missing: ErrorDetail[]) {
    super(
      409,
      'TAX_FILING_SETTINGS_MISSING',
      `The filing needs the company’s ${missing.map((m) => m.path).join(', ')}: set them in PUT /api/v1/settings/company and PUT /api/v1/settings/tax-filing`,
      missing,
    );
  }
}

/** A row of the control statement needs the partner's Czech DIČ (its digits) and the document has none. */
export class FilingPartnerVatIdInvalid extends AppError {
  constructor(numbers: string[]) {
    super(
      409,
      'FILING_PARTNER_VAT_ID_INVALID',
      `The control statement needs the partner’s Czech DIČ on ${numbers.slice(0, 20).join(', ')}${numbers.length > 20 ? ' …' : ''}`,
      numbers.slice(0, 100).map((number) => ({ path: number, message: 'no Czech DIČ of the partner' })),
    );
  }
}
