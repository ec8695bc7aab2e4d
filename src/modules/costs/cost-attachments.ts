import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { orgId, type RequestContext } from '../../core/ctx';
import { NotFoundError } from '../../core/errors';
import { isUuid } from '../../core/fields';
import { CostAttachment } from './cost-attachment.entity';
import type { Cost } from './cost.entity';
import { findCost } from './costs.service';
import { attachmentView, type CostAttachmentView } from './costs.views';

/** One line's base and VAT as a document prints them, decimal strings with 2 places. */
export interface PrintedAmounts {
  base: string;
  vat: string;
}

/** A file to keep with a cost. */
export interface AttachedFile {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** What an imported e-invoice brings beyond what a person types: each line's printed amounts, and the file. */
export interface ImportedParts {
  /** Per item of the cost's input, in order. */
  printed: PrintedAmounts[];
  /**
   * A foreign-currency document's base and VAT per rate in CZK as it states them (vatRate, subtotal,
   * vatTotal; total = their sum), used instead of converting the lines when it names every rate of them.
   */
  printedCzk?: { vatRate: string; subtotal: string; vatTotal: string }[];
  file: AttachedFile;
}

/** The file as a new attachment of `cost`, written with the transaction of `em`. */
export function keepAttachment(em: EntityManager, cost: Cost, file: AttachedFile, now: Date): CostAttachment {
  return em.create(CostAttachment, {
    id: randomUUID(),
    organizationId: cost.organization.id,
    costId: cost.id,
    filename: file.filename,
    contentType: file.contentType,
    size: file.content.length,
    content: file.content,
    createdAt: now,
  });
}

/** The attachments (without their bytes) of these costs, per cost id, oldest first. */
export async function attachmentsOf(em: EntityManager, costIds: string[]): Promise<Map<string, CostAttachment[]>> {
  const byCost = new Map<string, CostAttachment[]>();
  if (costIds.length === 0) return byCost;
  const rows = await em.find(
    CostAttachment,
    { costId: { $in: costIds } },
    { orderBy: { createdAt: 'asc', id: 'asc' } },
  );
  for (const row of rows) byCost.set(row.costId, [...(byCost.get(row.costId) ?? []), row]);
  return byCost;
}

/** Reading the files kept with a cost (section costs, read). */
export class CostAttachments {
  async list(ctx: RequestContext, costId: string): Promise<CostAttachmentView[]> {
    const cost = await findCost(ctx.em, orgId(ctx), costId);
    return ((await attachmentsOf(ctx.em, [cost.id])).get(cost.id) ?? []).map(attachmentView);
  }

  async download(ctx: RequestContext, costId: string, attachmentId: string): Promise<AttachedFile> {
    const cost = await findCost(ctx.em, orgId(ctx), costId);
    const found = isUuid(attachmentId)
      ? await ctx.em.findOne(
          CostAttachment,
          { id: attachmentId, costId: cost.id, organizationId: orgId(ctx) },
          { populate: ['content'] },
        )
      : null;
    if (!found) throw new NotFoundError('Attachment');
    return { filename: found.filename, contentType: found.contentType, content: found.content };
  }
}
