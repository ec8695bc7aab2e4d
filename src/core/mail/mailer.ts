/** An e-mail to one recipient. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The HTML alternative of `text`, when the e-mail has one; it may show inline attachments by `cid:`. */
  html?: string;
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
  /** Content-ID of an image the HTML body shows inline (`<img src="cid:…">`); absent for a file attachment. */
  cid?: string;
}

/** One e-mail of the queue (outbound_email) as a transport sends it. */
export interface OutgoingMail extends MailMessage {
  id: string;
  from: string;
}

/**
 * Hands e-mail to the mail server (SmtpMailer) or keeps it (StoredMailer, no SMTP_URL). Only the
 * mail queue (mail-queue.ts) uses one: modules record e-mails, they never send them themselves.
 */
export interface Mailer {
  /** Resolves once the server accepted the message (its Message-ID, when it has one); rejects with its error. */
  send(mail: OutgoingMail): Promise<{ messageId: string | null }>;
}
