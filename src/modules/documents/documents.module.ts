import { CZ_TZ } from '../../core/clock';
import { defineModule } from '../../core/module';
import { Migration0005Documents } from '../../migrations/Migration0005Documents';
import { Migration0008Pos } from '../../migrations/Migration0008Pos';
import { Migration0012CompanyDocuments } from '../../migrations/Migration0012CompanyDocuments';
import { Migration0014DocumentHistory } from '../../migrations/Migration0014DocumentHistory';
import { Migration0023DocumentVersions } from '../../migrations/Migration0023DocumentVersions';
import { Migration0025NumberingMasks } from '../../migrations/Migration0025NumberingMasks';
import { Migration0027CreditNotes } from '../../migrations/Migration0027CreditNotes';
import { Migration0028ConversionsQuotes } from '../../migrations/Migration0028ConversionsQuotes';
import { Migration0029Advances } from '../../migrations/Migration0029Advances';
import { Migration0030ReverseCharge } from '../../migrations/Migration0030ReverseCharge';
import { Migration0031DocumentLanguage } from '../../migrations/Migration0031DocumentLanguage';
import { Migration0037DocumentEmails } from '../../migrations/Migration0037DocumentEmails';
import { Migration0042DocumentDayTotals } from '../../migrations/Migration0042DocumentDayTotals';
import { Migration0051DocumentsSuppliedIndex } from '../../migrations/Migration0051DocumentsSuppliedIndex';
import { companyModule } from '../company/company.module';
import { emailTemplatesModule } from '../emailtemplates/emailtemplates.module';
import { ratesModule } from '../rates/rates.module';
import { contactsModule } from '../contacts/contacts.module';
import { identityModule } from '../identity/identity.module';
import { Advances } from './advances';
import { CreditNotes } from './credit-notes';
import { DocumentConversions } from './conversions';
import { QuoteAnswers } from './quotes';
import { DocumentFactory } from './document-factory';
import { DocumentLifecycle } from './document-lifecycle';
import { DOCUMENT_EMAIL, DocumentEmails } from './document-emails';
import { documentEmailRoutes } from './document-emails.routes';
import { DocumentEmailsResolver } from './document-emails.resolver';
import { DocumentMailing } from './document-mailing';
import { DocumentReads } from './document-reads';
import { Document } from './document.entity';
import { documentEvents } from './document.events';
import { DocumentHistoryEntry } from './document-history';
import { DocumentVersion, DocumentVersions } from './document-versions';
import { documentsOpenApi } from './documents.openapi';
import { DocumentsResolver } from './documents.resolver';
import { documentRoutes, publicDocumentRoutes } from './documents.routes';
import { DocumentsService } from './documents.service';
import { NumberingService } from './numbering';
import { documentSeries } from './document-series';
import { OVERDUE_JOB, OverdueCheck } from './overdue-check';
import { DocumentPrinter } from './print/document-printer';
import { PublicDocuments } from './public-documents';
import { PublicPayments } from './public-payments';
import { savedViewsModule } from '../savedviews/savedviews.module';
import { listDocumentsQuery } from './document.inputs';
import { documentExportSource } from './document-export-source';
import { EInvoices } from './einvoice/einvoices';

export type { DocumentEvents, DocumentPayload } from './document.events';
export type { NumberingService, SeriesRegistration } from './numbering';
// What other modules may use of documents besides the services below (POS writes documents of its own).
export { Document } from './document.entity';
export type { DocumentFactory, NewDocument, PlannedDocument, RegisterSale } from './document-factory';
export type { CreditNotes } from './credit-notes';
export type { PaymentReceipt } from './advances';
export { newDocumentsPart, plannedDocumentRow } from './documents.queries';
export type { DocumentLifecycle } from './document-lifecycle';
export type { RegisterCancellation } from './document-history';
export { DOCUMENT_STATUSES, type DocumentItem, type DocumentStatus, type PosDocumentKind } from './document.types';
// Costs have items and totals like documents: the same rules, inputs and shapes.
export { computeItem, computeTotals, vatSplit } from './document-totals';
export { itemInput, tags } from './document.inputs';
export { itemViews, remainingOf, type DocumentItemView, type DocumentView } from './document.views';
// Every e-mail about a document (issue 26): `emails` (DocumentEmails) composes and queues them.
export type { DocumentEmails, ComposedEmail, ComposeOptions, EnqueueOptions } from './document-emails';
// An e-mail about a document that failed for good (emails.whenEmailFailed: recurring series keep it).
export type { EmailFailedListener, FailedDocumentEmail } from './document-emails';
// What reminders (issue 26) use: the overdue check's count of days.
export { daysOverdue } from './overdue-check';
// How a document's language writes dates (recurring series fill {{period.from}} / {{period.to}} with it).
export { date as formatDate } from './print/formats';
export type { DocumentsService } from './documents.service';
// Issue 27: `einvoice` (EInvoices) renders a document as ISDOC 6.0.2 (isdoc(em, doc)) or UBL 2.1 (ubl(em, doc)).
export type { EInvoices } from './einvoice/einvoices';
export { EINVOICE_TYPES, eInvoiceFileName } from './einvoice/einvoices';
export { DocumentItemInput, DocumentItemType } from './documents.graphql';
export { documentItem } from './documents.openapi';
export { REVERSE_CHARGE_REGIMES, type ReverseCharge, type ReverseChargeRegime } from './reverse-charge';
// Issue 28: the customer's "Zaplatit online"; the payments module registers its gateway (publicPayments.register).
export type { OnlinePaymentOffer, OnlinePaymentProvider, PublicPayments } from './public-payments';
export { OnlinePaymentUnavailable } from './documents.errors';

export const documentsModule = defineModule({
  name: 'documents',
  dependsOn: [identityModule, contactsModule, companyModule, ratesModule, emailTemplatesModule, savedViewsModule],
  events: documentEvents,
  eventAccess: { section: 'documents', documentDepartments: true },
  entities: [Document, DocumentHistoryEntry, DocumentVersion],
  // Migration0008Pos adds the POS columns of Document (posDeviceId, posDocumentKind, roundingAmount, ...).
  // Migration0012CompanyDocuments adds the kept PDFs (document_pdfs) and the search indexes.
  // Migration0014DocumentHistory names the person of each history entry.
  // Migration0023DocumentVersions keeps the versions of issued documents' content.
  // Migration0025NumberingMasks turns prefix + padding into masks and keeps a counter per year.
  // Migration0027CreditNotes: a credit note's corrected number, a corrected document's credited amount.
  // Migration0028ConversionsQuotes: conversion links, ACCEPTED/DECLINED, a quote's validity and answer.
  // Migration0029Advances: proformas' advance tax documents and final invoices (advances.ts).
  // Migration0030ReverseCharge: a document's reverse-charge regime and § 92a code.
  // Migration0031DocumentLanguage: a document's (and a contact's) language.
  // Migration0037DocumentEmails: document_emails, the e-mails about each document (document-emails.ts).
  // Migration0042DocumentDayTotals: per-day sums of the counted documents, kept by a trigger (day-totals.queries.ts).
  // Migration0051DocumentsSuppliedIndex: documents by taxable supply date (the control statement's month).
  migrations: [
    Migration0005Documents,
    Migration0008Pos,
    Migration0012CompanyDocuments,
    Migration0014DocumentHistory,
    Migration0023DocumentVersions,
    Migration0025NumberingMasks,
    Migration0027CreditNotes,
    Migration0028ConversionsQuotes,
    Migration0029Advances,
    Migration0030ReverseCharge,
    Migration0031DocumentLanguage,
    Migration0037DocumentEmails,
    Migration0042DocumentDayTotals,
    Migration0051DocumentsSuppliedIndex,
  ],
  openapi: documentsOpenApi,
  build: ({ infra, company, rates, emailtemplates, savedviews }) => {
    const { clock, events, config } = infra;
    const einvoice = new EInvoices(company.company);
    const printer = new DocumentPrinter(company.company, clock, einvoice);
    const numbering = new NumberingService(clock);
    for (const series of documentSeries) numbering.register(series);
    const lifecycle = new DocumentLifecycle(clock, events);
    const factory = new DocumentFactory(clock, events);
    // The rate of a document: the rates module's, as for received costs.
    const documentRates = rates.czkRates;
    const advances = new Advances(clock, events, numbering, lifecycle, factory, company.company, documentRates);
    const documents = new DocumentsService(
      clock,
      events,
      numbering,
      lifecycle,
      factory,
      new DocumentVersions(),
      company.company,
      config.PUBLIC_URL,
      documentRates,
      advances,
      savedviews.savedViews.register({ resource: 'documents', section: 'documents', query: listDocumentsQuery }),
    );
    const emails = new DocumentEmails(
      clock,
      emailtemplates.emailTemplates,
      documents,
      printer,
      infra.mail,
      events,
      lifecycle,
      config.PUBLIC_URL,
    );
    // An invoice paid through a payment is thanked for (when the company switched the thanks on).
    documents.whenPaidByPayment((em, doc) => emails.thankForPayment(em, doc));
    const mailing = new DocumentMailing(infra.mail, emails, documents);
    const publicDocuments = new PublicDocuments(clock, events);
    const overdueCheck = new OverdueCheck(infra.orm, clock, events, infra.logger.child({ job: 'overdue-check' }));
    const creditNotes = new CreditNotes(clock, events, numbering, lifecycle, factory);
    const conversions = new DocumentConversions(clock, events, numbering, factory, documentRates);
    const quoteAnswers = new QuoteAnswers(clock, lifecycle);
    const publicPayments = new PublicPayments();
    const services = { documents, creditNotes, advances, conversions, mailing, emails, numbering, printer, einvoice };
    return {
      // factory, lifecycle and creditNotes: how other modules create documents and change their status (POS).
      services: {
        ...services,
        publicDocuments,
        overdueCheck,
        reads: new DocumentReads(),
        // The list as a bulk export reads it (issue 27, the exports module).
        exportSource: documentExportSource,
        factory,
        lifecycle,
        creditNotes,
        publicPayments,
      },
      routes: {
        api: (api) => {
          documentRoutes(api, services);
          documentEmailRoutes(api, emails);
        },
        root: (root) => publicDocumentRoutes(root, { publicDocuments, quoteAnswers, printer, publicPayments }),
      },
      resolvers: [new DocumentsResolver(services), new DocumentEmailsResolver(emails)],
      emailKinds: [
        {
          kind: DOCUMENT_EMAIL,
          sent: (em, email) => emails.sent(em, email),
          failed: (em, email, error) => emails.failed(em, email, error),
        },
      ],
      jobs: [
        {
          name: OVERDUE_JOB,
          run: async () => void (await overdueCheck.run()),
          recurring: { key: 'daily', cron: '0 8 * * *', timezone: CZ_TZ },
        },
      ],
    };
  },
});
