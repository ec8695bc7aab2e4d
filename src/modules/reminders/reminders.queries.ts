import type { EntityManager } from '@mikro-orm/postgresql';
import { query, sql } from '../../core/db/sql';

export interface ReminderStepRow {
  id: string;
  days: number;
  active: boolean;
}

const STEPS = sql('SELECT id, days, active FROM reminder_steps WHERE organization_id = ? ORDER BY days');
const UPSERT_STEP = sql(
  `INSERT INTO reminder_steps (id, organization_id, days, active) VALUES (gen_random_uuid(), ?, ?, ?)
   ON CONFLICT (organization_id, days) DO UPDATE SET active = EXCLUDED.active`,
);
const DELETE_OTHER_STEPS = sql('DELETE FROM reminder_steps WHERE organization_id = ? AND NOT (days = ANY(?::int[]))');
const ORGANIZATIONS_WITH_STEPS = sql('SELECT DISTINCT organization_id FROM reminder_steps WHERE active');
const SENT_DAYS = sql(
  'SELECT document_id, max(days) AS days FROM reminders_sent WHERE document_id = ANY(?::uuid[]) GROUP BY document_id',
);
const CLAIM = sql(
  `INSERT INTO reminders_sent (id, organization_id, document_id, step_id, days, sent_at)
   VALUES (gen_random_uuid(), ?, ?, ?, ?, ?) ON CONFLICT (document_id, step_id) DO NOTHING RETURNING id`,
);
const SWITCHED_OFF = sql('SELECT document_id FROM reminders_off WHERE document_id = ANY(?::uuid[])');

/** A company's reminder steps, earliest first. */
export function stepsOf(em: EntityManager, organizationId: string): Promise<ReminderStepRow[]> {
  return query<ReminderStepRow>(em, STEPS, [organizationId]);
}

/** Makes the company's steps exactly `steps` (by days: a kept step keeps its id, so what was sent of it counts). */
export async function replaceSteps(
  em: EntityManager,
  organizationId: string,
  steps: readonly { days: number; active: boolean }[],
): Promise<void> {
  await query(em, DELETE_OTHER_STEPS, [organizationId, steps.map((s) => s.days)]);
  for (const step of steps) await query(em, UPSERT_STEP, [organizationId, step.days, step.active]);
}

/** The companies with at least one active step. */
export async function organizationsWithSteps(em: EntityManager): Promise<string[]> {
  const rows = await query<{ organization_id: string }>(em, ORGANIZATIONS_WITH_STEPS);
  return rows.map((r) => r.organization_id);
}

/** Per document, the days of the latest step already sent to it. */
export async function latestSentDays(em: EntityManager, documentIds: string[]): Promise<Map<string, number>> {
  const rows = await query<{ document_id: string; days: number }>(em, SENT_DAYS, [documentIds]);
  return new Map(rows.map((r) => [r.document_id, r.days]));
}

/** The documents among `documentIds` whose reminders are switched off. */
export async function switchedOff(em: EntityManager, documentIds: string[]): Promise<Set<string>> {
  const rows = await query<{ document_id: string }>(em, SWITCHED_OFF, [documentIds]);
  return new Set(rows.map((r) => r.document_id));
}

/** Records the step as sent to the document, unless it already was (UNIQUE (document_id, step_id)): whether this call did. */
export async function claimReminder(
  em: EntityManager,
  row: { organizationId: string; documentId: string; stepId: string; days: number; at: Date },
): Promise<boolean> {
  const inserted = await query(em, CLAIM, [row.organizationId, row.documentId, row.stepId, row.days, row.at]);
  return inserted.length === 1;
}

const SENT_TO_DOCUMENT = sql(
  'SELECT step_id, days, sent_at FROM reminders_sent WHERE document_id = ? ORDER BY sent_at, days',
);
const IS_OFF = sql('SELECT 1 FROM reminders_off WHERE document_id = ?');
const SWITCH_OFF = sql(
  'INSERT INTO reminders_off (document_id, organization_id, switched_off_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
);
const SWITCH_ON = sql('DELETE FROM reminders_off WHERE document_id = ?');

/** The reminders sent to a document, oldest first. */
export function sentTo(
  em: EntityManager,
  documentId: string,
): Promise<{ step_id: string; days: number; sent_at: Date }[]> {
  return query(em, SENT_TO_DOCUMENT, [documentId]);
}

/** Whether a document's reminders are switched off. */
export async function isSwitchedOff(em: EntityManager, documentId: string): Promise<boolean> {
  return (await query(em, IS_OFF, [documentId])).length > 0;
}

/** Switches a document's reminders on or off. */
export async function switchReminders(
  em: EntityManager,
  doc: { id: string; organizationId: string },
  enabled: boolean,
  at: Date,
): Promise<void> {
  if (enabled) await query(em, SWITCH_ON, [doc.id]);
  else await query(em, SWITCH_OFF, [doc.id, doc.organizationId, at]);
}
