/**
 * The languages a customer's document (PDF, public page, e-mail) is written in: the company's default
 * (company profile), a contact's and a document's own (Migration0031DocumentLanguage).
 */
export const DOCUMENT_LANGUAGES = ['cs', 'en', 'de'] as const;
export type DocumentLanguage = (typeof DOCUMENT_LANGUAGES)[number];
