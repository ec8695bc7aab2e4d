import type { Clock } from '../../core/clock';
import { czechDate } from '../../core/clock';
import { authed, type RequestContext } from '../../core/ctx';
import { ValidationError } from '../../core/errors';
import type { Mailer } from '../../core/mail';
import { parseInput } from '../../core/validation';
import type { EventOutbox } from '../../core/outbox/event-outbox';
import type { DocumentEvents } from './document.events';
import type { Document } from './document.entity';
import { documentEventData } from './document.events';
import { sendEmailInput } from './document.inputs';
import type { DocumentLifecycle } from './document-lifecycle';
import { findVisibleDocument } from './document-scope';
import { DocumentNotSendable, MailFailed } from './documents.errors';
import type { DocumentStatus, DocumentType } from './document.types';
import { publicUrlOf, remainingOf, type DocumentView } from './document.views';
import type { DocumentsService } from './documents.service';
import { pdfFileName, type DocumentPrinter } from './print/document-printer';

const SENDABLE: readonly DocumentStatus[] = ['ISSUED', 'SENT', 'PAID'];
const LABEL: Record<DocumentType, string> = {
  INVOICE: 'Faktura',
  PROFORMA: 'Zálohová faktura',
  QUOTE: 'Nabídka',
  ORDER: 'Objednávka',
  DELIVERY_NOTE: 'Dodací list',
  CREDIT_NOTE: 'Dobropis',
};

/** E-mails a document to its customer: ISSUED becomes SENT, PAID stays PAID; records document.sent. */
export class DocumentMailing {
  constructor(
    private readonly clock: Clock,
    private readonly events: EventOutbox<DocumentEvents>,
    private readonly lifecycle: DocumentLifecycle,
    private readonly mailer: Mailer,
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
    const subject = data.subject ?? `${LABEL[doc.type]} ${doc.number} – ${authed(ctx).principal.organization.name}`;
    const pdf = {
      filename: pdfFileName(doc.number),
      contentType: 'application/pdf',
      content: await this.printer.pdf(ctx.em, doc),
    };
    // Sent before the transaction: a failed delivery changes nothing; the mail server is not part of our commit.
    await this.mailer.send({ to, subject, text: this.body(doc, data.message), attachments: [pdf] }).catch((err) => {
      ctx.log.warn({ err: { message: (err as Error).message }, documentId: doc.id }, 'document e-mail failed');
      throw new MailFailed();
    });
    const sent = await ctx.em.transactional(async (em) => {
      const locked = await findVisibleDocument(em, ctx, id, true);
      if (locked.status === 'ISSUED')
        this.lifecycle.changeStatus(em, locked, 'SENT', { userId: authed(ctx).principal.userId });
      locked.sentAt = this.clock.now();
      this.events.record(em, locked.organization.id, 'document.sent', {
        ...documentEventData(locked),
        status: 'SENT',
        sentTo: to,
        subject,
        emailType: 'DOCUMENT',
      });
      return locked;
    });
    return this.documents.view(sent);
  }

  private body(doc: Document, message: string | undefined): string {
    const lines = [
      message ?? `Dobrý den,\n\nzasíláme Vám dokument ${doc.number}.`,
      '',
      `${LABEL[doc.type]}: ${doc.number}`,
      `Celkem: ${doc.total} ${doc.currency}`,
      `K úhradě: ${remainingOf(doc)} ${doc.currency}`,
      `Splatnost: ${czechDate(doc.dueAt)}`,
    ];
    if (doc.variableSymbol) lines.push(`Variabilní symbol: ${doc.variableSymbol}`);
    lines.push('', `Dokument online: ${publicUrlOf(this.publicBaseUrl, doc)}`);
    return lines.join('\n');
  }
}
