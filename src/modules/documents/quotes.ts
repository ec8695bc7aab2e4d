import { LockMode } from '@mikro-orm/core';
import { czechDate, type Clock } from '../../core/clock';
import type { RequestContext } from '../../core/ctx';
import { NotFoundError, ValidationError } from '../../core/errors';
import { parseInput } from '../../core/validation';
import { Document } from './document.entity';
import type { DocumentLifecycle } from './document-lifecycle';
import { quoteAnswerInput } from './document.inputs';
import type { DocumentStatus, DocumentType } from './document.types';
import { QuoteExpired, QuoteNotAnswerable } from './documents.errors';
import { PUBLIC_TOKEN_SHAPE } from './public-documents';

const ANSWERABLE: readonly DocumentStatus[] = ['ISSUED', 'SENT'];

/** Past its validity (the whole Czech day of validUntil counts), a quote is no longer accepted. */
export function isExpired(doc: { validUntil: Date | null }, now: Date): boolean {
  return doc.validUntil !== null && czechDate(now) > czechDate(doc.validUntil);
}

/** 409 QUOTE_EXPIRED when a quote past its validity would be accepted (by the customer or by hand). */
export function assertAcceptable(doc: { validUntil: Date | null }, now: Date): void {
  if (isExpired(doc, now)) throw new QuoteExpired(czechDate(doc.validUntil!));
}

/** validUntil is a quote's: 400 naming it on any other type. */
export function assertValidityOf(type: DocumentType, validUntil: Date | null | undefined): void {
  if (validUntil && type !== 'QUOTE')
    throw new ValidationError(`Only a QUOTE has a validity; this is a ${type}`, [
      { path: 'validUntil', message: 'only for a QUOTE' },
    ]);
}

/** What the customer can do on a quote's public page now. */
export interface QuoteAnswerState {
  canAccept: boolean;
  canDecline: boolean;
  expired: boolean;
}

export function answerStateOf(doc: Document, now: Date): QuoteAnswerState | null {
  if (doc.type !== 'QUOTE') return null;
  const open = ANSWERABLE.includes(doc.status);
  const expired = isExpired(doc, now);
  return { canAccept: open && !expired, canDecline: open, expired: open && expired };
}

/**
 * The customer's answer to a QUOTE on its public page (issue 25 point 2): ACCEPTED or DECLINED
 * (document.status_changed through the lifecycle, so automations react), once, with the moment
 * (the Clock), the client's IP and an optional note. A quote past validUntil is declined, not accepted.
 */
export class QuoteAnswers {
  constructor(
    private readonly clock: Clock,
    private readonly lifecycle: DocumentLifecycle,
  ) {}

  /** What the quote's public page offers now; null for another type. */
  stateOf(doc: Document): QuoteAnswerState | null {
    return answerStateOf(doc, this.clock.now());
  }

  async answer(ctx: RequestContext, token: string, input: unknown): Promise<Document> {
    const data = parseInput(quoteAnswerInput, input);
    if (!PUBLIC_TOKEN_SHAPE.test(token)) throw new NotFoundError('Document');
    return ctx.em.transactional(async (em) => {
      const doc = await em.findOne(
        Document,
        { publicToken: token },
        { populate: ['organization'], lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      if (!doc || doc.status === 'DRAFT') throw new NotFoundError('Document');
      if (doc.type !== 'QUOTE' || !ANSWERABLE.includes(doc.status)) throw new QuoteNotAnswerable(doc.type, doc.status);
      const now = this.clock.now();
      const accepted = data.answer === 'ACCEPT';
      if (accepted) assertAcceptable(doc, now);
      doc.answeredAt = now;
      doc.answeredIp = ctx.client.ip;
      doc.answerNote = data.note;
      this.lifecycle.changeStatus(em, doc, accepted ? 'ACCEPTED' : 'DECLINED', {
        reason: `${accepted ? 'Accepted' : 'Declined'} by the customer on the public page`,
      });
      return doc;
    });
  }
}
