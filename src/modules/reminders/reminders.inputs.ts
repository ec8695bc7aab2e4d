import { z } from '../../core/validation';

export const reminderStep = z.object({
  days: z
    .number()
    .int()
    .min(-365)
    .max(365)
    .meta({ description: 'Days relative to the due date: −3 is three days before it, 7 a week after' }),
  active: z.boolean().default(true),
});

export const reminderStepsInput = z
  .object({
    steps: z.array(reminderStep).max(20),
  })
  .refine((v) => new Set(v.steps.map((s) => s.days)).size === v.steps.length, {
    message: 'two steps with the same days',
    path: ['steps'],
  });

export const documentRemindersInput = z.object({
  enabled: z.boolean().meta({ description: 'false: the daily job sends this document no reminders' }),
});
