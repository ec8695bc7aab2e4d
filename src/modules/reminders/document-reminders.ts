import type { Clock } from '../../core/clock';
import type { RequestContext } from '../../core/ctx';
import { parseInput } from '../../core/validation';
import type { DocumentsService } from '../documents/documents.module';
import { documentRemindersInput } from './reminders.inputs';
import { isSwitchedOff, sentTo, switchReminders } from './reminders.queries';

export interface DocumentRemindersView {
  enabled: boolean;
  sent: { stepId: string; days: number; sentAt: string }[];
}

/** A document's reminders: whether they are on and which were sent (GET/PUT /documents/:id/reminders). */
export class DocumentReminders {
  constructor(
    private readonly clock: Clock,
    private readonly documents: Pick<DocumentsService, 'find'>,
  ) {}

  async get(ctx: RequestContext, id: string): Promise<DocumentRemindersView> {
    const doc = await this.documents.find(ctx, id);
    const [off, sent] = await Promise.all([isSwitchedOff(ctx.em, doc.id), sentTo(ctx.em, doc.id)]);
    return {
      enabled: !off,
      sent: sent.map((r) => ({ stepId: r.step_id, days: r.days, sentAt: new Date(r.sent_at).toISOString() })),
    };
  }

  async update(ctx: RequestContext, id: string, input: unknown): Promise<DocumentRemindersView> {
    const { enabled } = parseInput(documentRemindersInput, input);
    const doc = await this.documents.find(ctx, id);
    await switchReminders(ctx.em, { id: doc.id, organizationId: doc.organization.id }, enabled, this.clock.now());
    return this.get(ctx, id);
  }
}
