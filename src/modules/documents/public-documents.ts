import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../core/clock';
import type { RequestContext } from '../../core/ctx';
import { NotFoundError } from '../../core/errors';
import type { EventOutbox } from '../../core/outbox/event-outbox';
import type { DocumentEvents } from './document.events';
import { Document } from './document.entity';
import { documentEventData } from './document.events';
import { amountsView, type DocumentAmountsView } from './document.views';

export const PUBLIC_TOKEN_SHAPE = /^fpd_[0-9a-f]{64}$/;

/** What the customer sees by the public link: the printed content, no internal ids. */
export interface PublicDocumentView extends DocumentAmountsView {
  type: string;
  number: string;
  status: string;
  supplier: { name: string };
  clientName: string | null;
  variableSymbol: string | null;
  issuedAt: string;
  dueAt: string;
  /** A QUOTE: its validity and when the customer answered it (status ACCEPTED or DECLINED). */
  validUntil: string | null;
  answeredAt: string | null;
}

/** The public link of a document; every view records document.viewed. Drafts are not shown. */
export class PublicDocuments {
  constructor(
    private readonly clock: Clock,
    private readonly events: EventOutbox<DocumentEvents>,
  ) {}

  /** The document behind a public link, recording document.viewed (every format is a view). */
  async open(ctx: RequestContext, token: string): Promise<Document> {
    return ctx.em.transactional(async (em) => {
      const doc = await findByPublicToken(em, token);
      this.events.record(em, doc.organization.id, 'document.viewed', {
        ...documentEventData(doc),
        viewedAt: this.clock.now().toISOString(),
      });
      return doc;
    });
  }

  async view(ctx: RequestContext, token: string): Promise<PublicDocumentView> {
    return publicView(await this.open(ctx, token));
  }
}

/** The document behind a public link (not a draft), or 404; records nothing. */
export async function findByPublicToken(em: EntityManager, token: string): Promise<Document> {
  const doc = PUBLIC_TOKEN_SHAPE.test(token)
    ? await em.findOne(Document, { publicToken: token }, { populate: ['organization'] })
    : null;
  if (!doc || doc.status === 'DRAFT') throw new NotFoundError('Document');
  return doc;
}

export function publicView(doc: Document): PublicDocumentView {
  return {
    type: doc.type,
    number: doc.number,
    status: doc.status,
    supplier: { name: doc.organization.name },
    clientName: doc.clientName,
    ...amountsView(doc),
    variableSymbol: doc.variableSymbol,
    issuedAt: doc.issuedAt.toISOString(),
    dueAt: doc.dueAt.toISOString(),
    validUntil: doc.validUntil?.toISOString() ?? null,
    answeredAt: doc.answeredAt?.toISOString() ?? null,
  };
}
