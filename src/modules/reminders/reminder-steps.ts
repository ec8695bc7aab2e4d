import { orgId, type RequestContext } from '../../core/ctx';
import { parseInput } from '../../core/validation';
import { reminderStepsInput } from './reminders.inputs';
import { replaceSteps, stepsOf } from './reminders.queries';

export interface ReminderStepView {
  id: string;
  days: number;
  active: boolean;
}

/** A company's reminder steps (GET/PUT /settings/reminder-steps). */
export class ReminderSteps {
  async list(ctx: RequestContext): Promise<{ steps: ReminderStepView[] }> {
    return { steps: await stepsOf(ctx.em, orgId(ctx)) };
  }

  /** Replaces the list: a step is known by its days, so one kept keeps what was sent of it. */
  async replace(ctx: RequestContext, input: unknown): Promise<{ steps: ReminderStepView[] }> {
    const { steps } = parseInput(reminderStepsInput, input);
    await ctx.em.transactional((em) => replaceSteps(em, orgId(ctx), steps));
    return this.list(ctx);
  }
}
