import type { RequestContext } from '../../core/ctx';
import { authed } from '../../core/ctx';
import type { MailQueue } from '../../core/mail';
import { parseInput } from '../../core/validation';
import type { DocumentEmails } from './document-emails';
import { sendEmailInput } from './document.inputs';
import { findVisibleDocument } from './document-scope';
import { DocumentNotSendable, MailFailed } from './documents.errors';
import type { DocumentStatus } from './document.types';
import type { DocumentView } from './document.views';
import type { DocumentsService } from './documents.service';

const SENDABLE: readonly DocumentStatus[] = ['ISSUED', 'SENT', 'PAID'];
/** A reminder by hand: only what still waits for payment. */
const REMINDABLE: readonly DocumentStatus[] = ['ISSUED', 'SENT'];

/**
 * E-mails a document to its customer (send-email): composed through the company's templates
 * (DocumentEmails; a QUOTE with the QUOTE template, any other document with DOCUMENT, a reminder asked for
 * by hand — `kind: REMINDER`, an invoice waiting for payment — with the general REMINDER template), the caller's
 * subject and message overriding the template's. ISSUED becomes SENT, PAID stays PAID; records
 * document.sent (DocumentEmails.sent). The e-mail is recorded in outbound_email and delivered by the
 * request itself (core/mail); the answer waits for the mail server. A failed e-mail is FAILED at
 * once, not retried: the client was told.
 */
export class DocumentMailing {
  constructor(
    private readonly mail: Pick<MailQueue, 'deliver'>,
    private readonly emails: DocumentEmails,
    private readonly documents: DocumentsService,
  ) {}

  async send(ctx: RequestContext, id: string, input: unknown): Promise<DocumentView> {
    const data = parseInput(sendEmailInput, input);
    const doc = await findVisibleDocument(ctx.em, ctx, id);
    const reminder = data.kind === 'REMINDER';
    if (!(reminder ? REMINDABLE : SENDABLE).includes(doc.status) || (reminder && doc.type === 'QUOTE')) {
      throw new DocumentNotSendable(doc.status, reminder);
    }
    const kind = reminder ? 'REMINDER' : doc.type === 'QUOTE' ? 'QUOTE' : 'DOCUMENT';
    const to = await this.emails.recipientOf(ctx.em, doc, data.to);
    const composed = await this.emails.compose(ctx.em, doc, kind, { subject: data.subject, message: data.message });
    const userId = authed(ctx).principal.userId;
    const email = await ctx.em.transactional((em) =>
      this.emails.enqueueForDelivery(em, doc, composed, { kind, to, userId }),
    );
    // Delivered here, outside any transaction: the answer says whether the mail server accepted it.
    // On success the document became SENT with the e-mail's record (DocumentEmails.sent).
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
}
