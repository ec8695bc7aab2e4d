import BigNumber from 'bignumber.js';
import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { allows } from '../../core/access';
import type { Clock } from '../../core/clock';
import { authed, type RequestContext } from '../../core/ctx';
import { MissingScopeError, ValidationError } from '../../core/errors';
import { escapeHtml } from '../../core/html';
import type { DocumentLanguage } from '../../core/languages';
import type { ClaimedEmail, MailAttachment, MailQueue, NewEmail, SentEmail } from '../../core/mail';
import type { EventOutbox } from '../../core/outbox/event-outbox';
import { parseInput } from '../../core/validation';
import {
  htmlOfText,
  previewTemplateInput,
  type EmailKind,
  type EmailTemplates,
  type TemplateVariables,
} from '../emailtemplates/emailtemplates.module';
import type { DocumentLifecycle } from './document-lifecycle';
import { Document } from './document.entity';
import { documentEventData, type DocumentEvents } from './document.events';
import { WITHOUT_PAYMENT_DETAILS } from './document.types';
import { publicUrlOf, remainingOf } from './document.views';
import {
  insertDocumentEmail,
  markDocumentEmailSent,
  sentReminders,
  thanked,
  type SentReminder,
} from './document-emails.queries';
import { findVisibleDocument } from './document-scope';
import type { DocumentsService } from './documents.service';
import { daysOverdue } from './overdue-check';
import { pdfFileName, type DocumentPrinter } from './print/document-printer';
import { amount, date } from './print/formats';
import { LABELS } from './print/labels';

/** The kind (core/mail) of every e-mail about a document: its hooks are DocumentEmails.sent and failed. */
export const DOCUMENT_EMAIL = 'document';

/** The e-mails that bring the document itself: an ISSUED one becomes SENT when one is delivered. */
const DELIVERING: readonly EmailKind[] = ['DOCUMENT', 'QUOTE', 'RECURRING'];
/** The e-mails with the document's PDF attached (not the thanks for its payment). */
const WITH_PDF: readonly EmailKind[] = ['DOCUMENT', 'QUOTE', 'REMINDER', 'RECURRING'];
/** How many reminders a document's record lists (newest first). */
export const LISTED_REMINDERS = 50;

/** What an e-mail about a document keeps for its hook (outbound_email.context). */
export interface DocumentEmailContext {
  documentId: string;
  userId: string | null;
  /** document.sent's emailType; absent (e-mails queued before issue 26): DOCUMENT. */
  emailType?: EmailKind;
  /** A reminder's step (days relative to the due date). */
  step?: number | null;
}

export interface ComposeOptions {
  /** A REMINDER's step: its days relative to the due date (picks the step's wording). */
  step?: number | null;
  /** Default: the document's language. */
  language?: DocumentLanguage;
  /** The caller's subject instead of the template's. */
  subject?: string;
  /** The caller's text instead of the template's body (the payment QR stays in the HTML). */
  message?: string;
  /** Unsaved wording of the template (a live preview). */
  template?: { subject?: string; body?: string };
  /** false: no attachments rendered (a preview shows the e-mail, not its files). */
  attachments?: boolean;
}

/** An e-mail about a document, ready for the mail queue. */
export interface ComposedEmail {
  subject: string;
  text: string;
  html: string;
  language: DocumentLanguage;
  attachments: MailAttachment[];
}

/** An e-mail about a document the mail queue gave up on (FAILED: no further attempt), as listeners see it. */
export interface FailedDocumentEmail {
  document: Document;
  emailType: EmailKind;
  recipient: string;
  /** Why, as outbound_email.last_error keeps it (a refusal names the server's reply: `… 550 …`). */
  error: string;
}

/** What another module does when an e-mail about a document fails, in the transaction recording it FAILED. */
export type EmailFailedListener = (em: EntityManager, failure: FailedDocumentEmail) => Promise<void>;

export interface EnqueueOptions {
  kind: EmailKind;
  step?: number | null;
  /** Default: the contact's e-mail. */
  to?: string;
  /** More for the record (kept in outbound_email.context beside the document's). */
  context?: Record<string, unknown>;
}

/**
 * Every e-mail about a document (issue 26 points 3–5): composed from the company's template of its
 * kind in the document's language, HTML with a text alternative, the payment QR inline where the
 * document asks for money, the PDF attached where it makes sense; queued through the mail queue in
 * the caller's transaction under the documents module's kind `document`, whose hook (sent) records
 * document.sent with the e-mail's emailType and keeps the e-mail in document_emails, and whose hook
 * failed tells the listeners of whenEmailFailed.
 */
export class DocumentEmails {
  private readonly failedListeners: EmailFailedListener[] = [];

  constructor(
    private readonly clock: Clock,
    private readonly templates: EmailTemplates,
    private readonly documents: Pick<DocumentsService, 'languageOf'>,
    private readonly printer: DocumentPrinter,
    private readonly mail: Pick<MailQueue, 'enqueue' | 'enqueueForDelivery'>,
    private readonly events: EventOutbox<DocumentEvents>,
    private readonly lifecycle: DocumentLifecycle,
    private readonly publicBaseUrl: string,
  ) {}

  /** The e-mail of `kind` about `doc`: subject, text, HTML and attachments (PDF, inline payment QR). */
  async compose(
    em: EntityManager,
    doc: Document,
    kind: EmailKind,
    options: ComposeOptions = {},
  ): Promise<ComposedEmail> {
    await em.populate(doc, ['organization', 'contact']);
    const language = options.language ?? (await this.documents.languageOf(em, doc));
    const qr = new BigNumber(remainingOf(doc)).gt(0) ? await this.printer.paymentQr(em, doc) : null;
    const cid = `payment-qr-${doc.id}@faktura`;
    const qrImage = qr
      ? `<img src="cid:${cid}" alt="${escapeHtml(LABELS[language].qrAlt)}" width="180" height="180">`
      : '';
    const rendered = await this.templates.render(
      em,
      doc.organization.id,
      kind,
      language,
      this.variables(doc, language),
      {
        step: options.step,
        withoutPayment: WITHOUT_PAYMENT_DETAILS.includes(doc.type),
        ...options.template,
        html: { paymentQr: qrImage },
      },
    );
    const text = options.message ?? rendered.text;
    const html = options.message === undefined ? rendered.html : htmlOfText(options.message, qrImage);
    const attachments: MailAttachment[] = [];
    if (options.attachments !== false) {
      if (qr && html.includes(`cid:${cid}`))
        attachments.push({ filename: 'qr-platba.png', contentType: 'image/png', content: qr.png, cid });
      if (WITH_PDF.includes(kind)) {
        // The printer finds the kept PDF by SQL: a document made or changed in this transaction is flushed first.
        await em.flush();
        attachments.push({
          filename: pdfFileName(doc.number),
          contentType: 'application/pdf',
          content: await this.printer.pdf(em, doc),
        });
      }
    }
    return { subject: options.subject ?? rendered.subject, text, html, language, attachments };
  }

  /**
   * Composes the e-mail of `kind` about `doc` and records it in `em`'s transaction for the mail
   * worker (to the contact's e-mail unless `to` is given): its id. 400 without a recipient.
   */
  async enqueue(em: EntityManager, doc: Document, options: EnqueueOptions): Promise<string> {
    const to = await this.recipientOf(em, doc, options.to);
    const email = await this.compose(em, doc, options.kind, { step: options.step });
    const message = this.message(doc, email, { ...options, to }, null);
    const id = await this.mail.enqueue(em, message);
    await this.remember(em, doc, id, message);
    return id;
  }

  /**
   * Records a composed e-mail already claimed by the caller, who delivers it (send-email answers with
   * the mail server's outcome; MailQueue.enqueueForDelivery).
   */
  async enqueueForDelivery(
    em: EntityManager,
    doc: Document,
    email: ComposedEmail,
    options: EnqueueOptions & { to: string; userId: string | null },
  ): Promise<ClaimedEmail> {
    const message = this.message(doc, email, options, options.userId);
    const claimed = await this.mail.enqueueForDelivery(em, message);
    await this.remember(em, doc, claimed.id, message);
    return claimed;
  }

  /**
   * The thanks for a payment (issue 26 point 4), in the payment's transaction, when an INVOICE became
   * PAID through it: only when the company switched them on, the contact has an e-mail, and the
   * document was not thanked for before.
   */
  async thankForPayment(em: EntityManager, doc: Document): Promise<void> {
    if (doc.type !== 'INVOICE' || !(await this.templates.paymentThanksOn(em, doc.organization.id))) return;
    await em.populate(doc, ['contact']);
    if (!doc.contact?.email || (await thanked(em, doc.id))) return;
    await this.enqueue(em, doc, { kind: 'PAYMENT_THANKS' });
  }

  /**
   * The template of the request's kind rendered with a document's values (the kept wording unless
   * subject or body is given): the live preview of the templates page (POST /email-templates/preview).
   */
  async preview(
    ctx: RequestContext,
    input: unknown,
  ): Promise<{ subject: string; text: string; html: string; language: DocumentLanguage }> {
    const data = parseInput(previewTemplateInput, input);
    // The route needs company_settings: read; the document's values need documents: read too.
    if (!allows(authed(ctx).principal.permissions, 'documents', 'read')) throw new MissingScopeError('documents:read');
    const doc = await findVisibleDocument(ctx.em, ctx, data.documentId);
    const { subject, text, html, language } = await this.compose(ctx.em, doc, data.kind, {
      step: data.step,
      language: data.language,
      template: { subject: data.subject, body: data.body },
      attachments: false,
    });
    return { subject, text, html, language };
  }

  /** The reminders the mail server accepted for a document, newest first (at most LISTED_REMINDERS). */
  reminders(em: EntityManager, documentId: string): Promise<SentReminder[]> {
    return sentReminders(em, documentId, LISTED_REMINDERS);
  }

  /**
   * An e-mail about a document was accepted by the mail server, in the transaction that records it
   * SENT: document.sent with its emailType, the e-mail kept as sent in document_emails; the document's
   * own e-mail (DOCUMENT, QUOTE, RECURRING) makes an ISSUED document SENT (PAID stays PAID). A reminder
   * or a thank-you changes no status. A document deleted meanwhile only keeps the e-mail's record.
   */
  async sent(em: EntityManager, email: SentEmail): Promise<void> {
    const {
      documentId,
      userId,
      emailType = 'DOCUMENT',
      step = null,
    } = email.context as unknown as DocumentEmailContext;
    if (!email.organizationId) return;
    const doc = await em.findOne(
      Document,
      { id: documentId, organization: email.organizationId },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!doc) return;
    const delivering = DELIVERING.includes(emailType);
    if (delivering) {
      if (doc.status === 'ISSUED') this.lifecycle.changeStatus(em, doc, 'SENT', { userId });
      doc.sentAt = email.sentAt;
    }
    this.events.record(em, doc.organization.id, 'document.sent', {
      ...documentEventData(doc),
      ...(delivering ? { status: 'SENT' as const } : {}),
      sentTo: email.recipient,
      subject: email.subject,
      emailType,
    });
    await markDocumentEmailSent(
      em,
      {
        id: email.id,
        organizationId: doc.organization.id,
        documentId: doc.id,
        emailType,
        step,
        recipient: email.recipient,
        queuedAt: email.sentAt,
      },
      email.sentAt,
    );
  }

  /** Names what follows when an e-mail about a document fails for good (recurring series keep it as their failure). */
  whenEmailFailed(listener: EmailFailedListener): void {
    this.failedListeners.push(listener);
  }

  /**
   * An e-mail about a document failed for good (the server refused it, or every attempt failed), in
   * the transaction that records it FAILED: the document stays as it is (an ISSUED one is not SENT);
   * the listeners of whenEmailFailed are told. A document deleted meanwhile tells nobody.
   */
  async failed(em: EntityManager, email: ClaimedEmail, error: string): Promise<void> {
    const { documentId, emailType = 'DOCUMENT' } = email.context as unknown as DocumentEmailContext;
    if (!email.organizationId) return;
    const document = await em.findOne(Document, { id: documentId, organization: email.organizationId });
    if (!document) return;
    for (const listener of this.failedListeners)
      await listener(em, { document, emailType, recipient: email.recipient, error });
  }

  private variables(doc: Document, language: DocumentLanguage): TemplateVariables {
    return {
      documentNumber: doc.number,
      documentTitle: LABELS[language].title[doc.type],
      amountDue: `${amount(remainingOf(doc), language)} ${doc.currency}`,
      dueDate: date(doc.dueAt, language),
      daysOverdue: String(Math.max(0, daysOverdue(doc.dueAt, this.clock.now()))),
      variableSymbol: doc.variableSymbol ?? '',
      company: doc.organization.name,
      contact: doc.clientName ?? doc.contact?.name ?? '',
      publicLink: publicUrlOf(this.publicBaseUrl, doc),
      paymentQr: '',
    };
  }

  /** `to`, else the contact's e-mail; 400 VALIDATION_FAILED (path `to`) without either. */
  async recipientOf(em: EntityManager, doc: Document, to: string | undefined): Promise<string> {
    await em.populate(doc, ['contact']);
    const recipient = to ?? doc.contact?.email;
    if (!recipient)
      throw new ValidationError('No recipient: give "to" or set an e-mail on the contact', [
        { path: 'to', message: 'required when the contact has no e-mail' },
      ]);
    return recipient;
  }

  private message(
    doc: Document,
    email: ComposedEmail,
    options: EnqueueOptions & { to: string },
    userId: string | null,
  ): NewEmail {
    const context: DocumentEmailContext = {
      ...options.context,
      documentId: doc.id,
      userId,
      emailType: options.kind,
      step: options.kind === 'REMINDER' ? (options.step ?? null) : null,
    };
    return {
      organizationId: doc.organization.id,
      kind: DOCUMENT_EMAIL,
      context: { ...context },
      to: options.to,
      subject: email.subject,
      text: email.text,
      html: email.html,
      attachments: email.attachments,
    };
  }

  private async remember(em: EntityManager, doc: Document, id: string, message: NewEmail): Promise<void> {
    const context = message.context as unknown as DocumentEmailContext;
    await insertDocumentEmail(em, {
      id,
      organizationId: doc.organization.id,
      documentId: doc.id,
      emailType: context.emailType ?? 'DOCUMENT',
      step: context.step ?? null,
      recipient: message.to,
      queuedAt: this.clock.now(),
    });
  }
}
