/** An e-mail to one recipient. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** Sends e-mail. Services receive one through their constructor; tests use a real SMTP server. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
