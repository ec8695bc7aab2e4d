import type { Amount, EInvoice, EInvoiceKind, EParty } from './einvoice-model';
import { XmlWriter } from './xml-writer';

export const ISDOC_NAMESPACE = 'http://isdoc.cz/namespace/2013';
export const ISDOC_VERSION = '6.0.2';

/** ISDOC DocumentType: 1 invoice, 2 credit note (dobropis), 3 debit note (vrubopis), 4 proforma, 5 advance tax document, 7 simplified. */
const DOCUMENT_TYPES: Record<EInvoiceKind, number> = {
  INVOICE: 1,
  CREDIT_NOTE: 2,
  DEBIT_NOTE: 3,
  PROFORMA: 4,
  ADVANCE_TAX_DOCUMENT: 5,
  SIMPLIFIED: 7,
};

/** ISDOC PaymentMeansCode: 10 cash, 42 payment to a bank account, 48 card. */
const PAYMENT_MEANS: Record<EInvoice['paymentMeans'], number> = { BANK: 42, CASH: 10, CARD: 48 };

/** The scheme of an anonymous customer's ID (a register's sale to no one named). */
const ANONYMOUS_SCHEME = 'urn:faktura:anonymous-customer';

/**
 * ISDOC 6.0.2 (isdoc-invoice-6.0.2.xsd): amounts in CZK (the local currency), and beside each its
 * *Curr in the document's currency when that is not CZK, with CurrRate CZK per RefCurrRate (1) unit.
 * Elements in the schema's order; a document has no deposits deducted in ISDOC's own elements (a
 * final invoice takes its advances off with its own lines, so they are lines here too).
 */
export function renderIsdoc(e: EInvoice): string {
  const x = new XmlWriter();
  /** `<name>` in CZK and `<nameCurr>` in the document's currency, Curr first (lines, tax subtotals). */
  const currFirst = (name: string, a: Amount) => {
    if (e.foreign) x.leaf(`${name}Curr`, a.amount);
    x.leaf(name, a.czk);
  };
  /** The same, Curr second (LegalMonetaryTotal's order). */
  const currSecond = (name: string, a: Amount) => {
    x.leaf(name, a.czk);
    if (e.foreign) x.leaf(`${name}Curr`, a.amount);
  };
  const zero: Amount = { amount: '0.00', czk: '0.00' };
  const vatApplicable =
    e.vatPayer && e.reverseCharge?.regime !== 'EU_GOODS' && e.reverseCharge?.regime !== 'EU_SERVICES';
  const localReverseCharge = e.reverseCharge?.regime === 'DOMESTIC' ? e.reverseCharge.code : null;

  x.element('Invoice', { xmlns: ISDOC_NAMESPACE, version: ISDOC_VERSION }, () => {
    x.leaf('DocumentType', DOCUMENT_TYPES[e.kind]);
    x.leaf('ID', e.number);
    x.leaf('UUID', e.uuid.toUpperCase());
    x.leaf('IssuingSystem', 'Faktura');
    x.leaf('IssueDate', e.issueDate);
    x.leaf('TaxPointDate', e.taxPointDate);
    x.leaf('VATApplicable', e.vatPayer);
    x.leaf('ElectronicPossibilityAgreementReference', '');
    x.leaf('Note', e.note || null);
    x.leaf('LocalCurrencyCode', 'CZK');
    if (e.foreign) x.leaf('ForeignCurrencyCode', e.currency);
    x.leaf('CurrRate', e.exchangeRate);
    x.leaf('RefCurrRate', 1);
    x.element('AccountingSupplierParty', undefined, () => party(x, e.supplier));
    if (e.customer) {
      const customer = e.customer;
      x.element('AccountingCustomerParty', undefined, () => party(x, customer));
    } else {
      x.element('AnonymousCustomerParty', undefined, () => {
        x.leaf('ID', e.number);
        x.leaf('IDScheme', ANONYMOUS_SCHEME);
      });
    }
    const original = e.original;
    if (original && (e.kind === 'CREDIT_NOTE' || e.kind === 'DEBIT_NOTE')) {
      x.element('OriginalDocumentReferences', undefined, () =>
        x.element('OriginalDocumentReference', { id: 'original' }, () => {
          x.leaf('ID', original.number);
          x.leaf('IssueDate', original.issueDate);
          x.leaf('UUID', original.uuid?.toUpperCase());
        }),
      );
    }
    x.element('InvoiceLines', undefined, () => {
      for (const line of e.lines)
        x.element('InvoiceLine', undefined, () => {
          x.leaf('ID', line.id);
          x.leaf('InvoicedQuantity', line.quantity, { unitCode: line.unit });
          currFirst('LineExtensionAmount', line.base);
          currFirst('LineExtensionAmountTaxInclusive', line.total);
          x.leaf('LineExtensionTaxAmount', line.vat.czk);
          x.leaf('UnitPrice', line.unitPrice.czk);
          x.leaf('UnitPriceTaxInclusive', line.unitPriceWithVat.czk);
          x.element('ClassifiedTaxCategory', undefined, () => {
            x.leaf('Percent', line.vatRate);
            x.leaf('VATCalculationMethod', line.priceIncludesVat ? 1 : 0);
            x.leaf('VATApplicable', vatApplicable);
            if (localReverseCharge)
              x.element('LocalReverseCharge', undefined, () => x.leaf('LocalReverseChargeCode', localReverseCharge));
          });
          x.element('Item', undefined, () => x.leaf('Description', line.name));
        });
    });
    x.element('TaxTotal', undefined, () => {
      for (const t of e.taxSubtotals)
        x.element('TaxSubTotal', undefined, () => {
          currFirst('TaxableAmount', t.base);
          currFirst('TaxAmount', t.vat);
          currFirst('TaxInclusiveAmount', t.total);
          currFirst('AlreadyClaimedTaxableAmount', zero);
          currFirst('AlreadyClaimedTaxAmount', zero);
          currFirst('AlreadyClaimedTaxInclusiveAmount', zero);
          currFirst('DifferenceTaxableAmount', t.base);
          currFirst('DifferenceTaxAmount', t.vat);
          currFirst('DifferenceTaxInclusiveAmount', t.total);
          x.element('TaxCategory', undefined, () => {
            x.leaf('Percent', t.vatRate);
            x.leaf('TaxScheme', 'VAT');
            x.leaf('VATApplicable', vatApplicable);
            if (localReverseCharge) x.leaf('LocalReverseChargeFlag', true);
          });
        });
      currFirst('TaxAmount', e.vatTotal);
    });
    x.element('LegalMonetaryTotal', undefined, () => {
      currSecond('TaxExclusiveAmount', e.subtotal);
      currSecond('TaxInclusiveAmount', e.total);
      currSecond('AlreadyClaimedTaxExclusiveAmount', zero);
      currSecond('AlreadyClaimedTaxInclusiveAmount', zero);
      currSecond('DifferenceTaxExclusiveAmount', e.subtotal);
      currSecond('DifferenceTaxInclusiveAmount', e.total);
      currSecond('PayableRoundingAmount', e.rounding);
      currSecond('PaidDepositsAmount', e.paidDeposits);
      currSecond('PayableAmount', e.payable);
    });
    x.element('PaymentMeans', undefined, () =>
      x.element('Payment', undefined, () => {
        x.leaf('PaidAmount', e.foreign ? e.payable.amount : e.payable.czk);
        x.leaf('PaymentMeansCode', PAYMENT_MEANS[e.paymentMeans]);
        const p = e.payment;
        if (p && e.paymentMeans === 'BANK')
          x.element('Details', undefined, () => {
            x.leaf('PaymentDueDate', p.dueDate);
            x.leaf('ID', p.accountNumber ?? '');
            x.leaf('BankCode', p.bankCode ?? '');
            x.leaf('Name', p.bankName ?? '');
            x.leaf('IBAN', p.iban);
            x.leaf('BIC', p.bic ?? '');
            x.leaf('VariableSymbol', p.variableSymbol);
          });
      }),
    );
  });
  return x.toString();
}

/** A party: IČO as its identification, DIČ under the VAT scheme, the address split as ISDOC asks. */
function party(x: XmlWriter, p: EParty): void {
  x.element('Party', undefined, () => {
    x.element('PartyIdentification', undefined, () => x.leaf('ID', p.taxId ?? ''));
    x.element('PartyName', undefined, () => x.leaf('Name', p.name));
    x.element('PostalAddress', undefined, () => {
      x.leaf('StreetName', p.street);
      x.leaf('BuildingNumber', p.buildingNumber);
      x.leaf('CityName', p.city);
      x.leaf('PostalZone', p.zip);
      x.element('Country', undefined, () => {
        x.leaf('IdentificationCode', p.country.code);
        x.leaf('Name', p.country.name);
      });
    });
    if (p.vatId)
      x.element('PartyTaxScheme', undefined, () => {
        x.leaf('CompanyID', p.vatId);
        x.leaf('TaxScheme', 'VAT');
      });
    if (p.email || p.phone)
      x.element('Contact', undefined, () => {
        x.leaf('Telephone', p.phone);
        x.leaf('ElectronicMail', p.email);
      });
  });
}
