import type { EntityManager } from '@mikro-orm/postgresql';
import type { RequestContext } from '../../core/ctx';
import type { Document } from './document.entity';
import { OnlinePaymentUnavailable } from './documents.errors';
import { findByPublicToken } from './public-documents';

/** Whether a document can be paid online now, and where the customer's browser is then sent. */
export interface OnlinePaymentOffer {
  redirectOrigins: readonly string[];
}

/**
 * Online payment of a document by its customer, provided by another module (payments, through a
 * payment gateway) that registers itself at build: documents only shows the button and hands the
 * click over, and so does not depend on that module.
 */
export interface OnlinePaymentProvider {
  /** Null: no button (nothing left to pay, a document that asks for no money, no gateway). */
  offer(em: EntityManager, doc: Document): Promise<OnlinePaymentOffer | null>;
  /** Starts the payment of what remains; the address of the gateway's payment page. */
  start(em: EntityManager, doc: Document): Promise<string>;
}

/** The "Zaplatit online" of the customer's page (`publicPayments.register(...)` on the documents manifest). */
export class PublicPayments {
  private provider: OnlinePaymentProvider | null = null;

  register(provider: OnlinePaymentProvider): void {
    if (this.provider) throw new Error('An online payment provider is registered already');
    this.provider = provider;
  }

  async offer(em: EntityManager, doc: Document): Promise<OnlinePaymentOffer | null> {
    return this.provider ? this.provider.offer(em, doc) : null;
  }

  /** The click on the public page: the gateway's page to send the customer to. */
  async start(ctx: RequestContext, token: string): Promise<string> {
    const doc = await findByPublicToken(ctx.em, token);
    if (!this.provider || !(await this.provider.offer(ctx.em, doc))) throw new OnlinePaymentUnavailable();
    return this.provider.start(ctx.em, doc);
  }
}
