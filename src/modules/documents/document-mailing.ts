import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { authed, type RequestContext } from '../../core/ctx';
import type { DocumentLanguage } from '../../core/languages';
import { ValidationError } from '../../core/errors';
import type { MailQueue, SentEmail } from '../../core/mail';
import { parseInput } from '../../core/validation';
import type { EventOutbox } from '../../core/outbox/event-outbox';
import type { DocumentEvents } from './document.events';
import { Document } from './document.entity';
import { documentEventData } from './document.events';
import { sendEmailInput } from './document.inputs';
import type { DocumentLifecycle } from './document-lifecycle';
import { findVisibleDocument } from './document-scope';
import { DocumentNotSendable, MailFailed } from './documents.errors';
import { WITHOUT_PAYMENT_DETAILS, type DocumentStatus } from './document.types';
import { publicUrlOf, remainingOf, type DocumentView } from './document.views';
import type { DocumentsService } from './documents.service';
import { pdfFileName, type DocumentPrinter } from './print/document-printer';
import { amount, date } from './print/formats';
import { LABELS } from './print/labels';

const SENDABLE: readonly DocumentStatus[] = ['ISSUED', 'SENT', 'PAID'];

/** The kind of send-email's e-mails (core/mail): their hook is DocumentMailing.sent. */
export const DOCUMENT_EMAIL = 'document';

/** What the record of a document e-mail keeps for its hook. */
type DocumentEmailContext = {
  documentId: string;
  userId: string | null;
};

/**
 * E-mails a document to its customer: ISSUED becomes SENT, PAID stays PAID; records document.sent.
 * The e-mail is recorded in outbound_email and delivered by the request itself (core/mail); the
 * answer waits for the mail server. A failed e-mail is FAILED at once, not retried: the client was told.
 */
export class DocumentMailing {
  constructor(
    private readonly events: EventOutbox<DocumentEvents>,
    private readonly lifecycle: DocumentLifecycle,
    private readonly mail: Pick<MailQueue, 'enqueueForDelivery' | 'deliver'>,
    private readonly documents: DocumentsService,
    private readonly printer: DocumentPrinter,
    private readonly publicBaseUrl: string,
  ) {}

  async send(ctx: RequestContext, id: string, input: unknown): Promise<DocumentView> {
    const data = parseInput(sendEmailInput, input);
    const doc = await findVisibleDocument(ctx.em, ctx, id);
    if (!SENDABLE.includes(doc.status)) {
      throw new DocumentNotSendable(doc.status);
    }
    await ctx.em.populate(doc, ['contact']);
    const to = data.to ?? doc.contact?.email;
    if (!to)
      throw new ValidationError('No recipient: give "to" or set an e-mail on the contact', [
        { path: 'to', message: 'required when the contact has no e-mail' },
      ]);
    const language = await this.documents.languageOf(ctx.em, doc);
    const labels = LABELS[language];
    const subject =
      data.subject ?? `${labels.title[doc.type]} ${doc.number} – ${authed(ctx).principal.organization.name}`;
    const pdf = {
      filename: pdfFileName(doc.number),
      contentType: 'application/pdf',
      content: await this.printer.pdf(ctx.em, doc),
    };
    const context: DocumentEmailContext = { documentId: doc.id, userId: authed(ctx).principal.userId };
    const email = await ctx.em.transactional((em) =>
      this.mail.enqueueForDelivery(em, {
        organizationId: doc.organization.id,
        kind: DOCUMENT_EMAIL,
        context,
        to,
        subject,
        text: this.body(doc, language, data.message),
        attachments: [pdf],
      }),
    );
    // Delivered here, outside any transaction: the answer says whether the mail server accepted it.
    // On success the document became SENT with the e-mail's record (sent() below).
    const outcome = await this.mail.deliver(email);
    if (!outcome.sent) {
      ctx.log.warn(
        { err: { message: outcome.error }, documentId: doc.id, emailId: email.id },
        'document e-mail failed',
      );
      throw new MailFailed(outcome.serverReply);
    }
    return this.documents.view(await findVisibleDocument(ctx.em.fork(), ctx, id));
  }

  /**
   * The e-mail of send-email was accepted by the mail server: in the transaction that records it SENT,
   * an ISSUED document becomes SENT (PAID stays PAID) and document.sent is recorded. A document
   * deleted meanwhile only keeps the e-mail's record.
   */
  async sent(em: EntityManager, email: SentEmail): Promise<void> {
    const { documentId, userId } = email.context as DocumentEmailContext;
    if (!email.organizationId) return;
    const doc = await em.findOne(
      Document,
      { id: documentId, organization: email.organizationId },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!doc) return;
    if (doc.status === 'ISSUED') this.lifecycle.changeStatus(em, doc, 'SENT', { userId });
    doc.sentAt = email.sentAt;
    this.events.record(em, doc.organization.id, 'document.sent', {
      ...documentEventData(doc),
      status: 'SENT',
      sentTo: email.recipient,
      subject: email.subject,
      emailType: 'DOCUMENT',
    });
  }

  /** The e-mail's text in the document's language, amounts and dates written as that language writes them. */
  private body(doc: Document, language: DocumentLanguage, message: string | undefined): string {
    const labels = LABELS[language];
    const { email } = labels;
    const lines = [
      message ?? `${email.opening} ${doc.number}.`,
      '',
      `${labels.title[doc.type]}: ${doc.number}`,
      `${email.total}: ${amount(doc.total, language)} ${doc.currency}`,
    ];
    // An order or a delivery note asks for no money.
    if (!WITHOUT_PAYMENT_DETAILS.includes(doc.type)) {
      lines.push(
        `${email.toPay}: ${amount(remainingOf(doc), language)} ${doc.currency}`,
        `${email.due}: ${date(doc.dueAt, language)}`,
      );
      if (doc.variableSymbol) lines.push(`${labels.variableSymbol}: ${doc.variableSymbol}`);
    }
    lines.push('', `${email.online}: ${publicUrlOf(this.publicBaseUrl, doc)}`);
    return lines.join('\n');
  }
}
