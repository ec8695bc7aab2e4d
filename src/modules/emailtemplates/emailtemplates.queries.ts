import type { EntityManager } from '@mikro-orm/postgresql';
import { query, sql } from '../../core/db/sql';
import type { DocumentLanguage } from '../../core/languages';
import type { EmailKind } from './email-templates';

/** A company's own template as kept; `step`: a reminder step's days, null for the kind's general wording. */
export interface TemplateRow {
  kind: EmailKind;
  language: DocumentLanguage;
  step: number | null;
  subject: string;
  body: string;
  updated_at: Date | string;
}

/** Which template: a kind in a language, for a REMINDER optionally of one step. */
export interface TemplateKey {
  kind: EmailKind;
  language: DocumentLanguage;
  step: number | null;
}

const COLUMNS = 'kind, language, step, subject, body, updated_at';

const OWN_TEMPLATES = sql(
  `SELECT ${COLUMNS} FROM email_templates WHERE organization_id = ? ORDER BY step NULLS FIRST`,
  'emailtemplates.own',
);

export async function ownTemplates(em: EntityManager, organizationId: string): Promise<TemplateRow[]> {
  return query<TemplateRow>(em, OWN_TEMPLATES, [organizationId]);
}

/** The step's own wording and the general one of the kind (step null), the step's first. */
const OWN_TEMPLATE = sql(
  `SELECT ${COLUMNS} FROM email_templates
    WHERE organization_id = ? AND kind = ? AND language = ? AND (step IS NULL OR step = ?)
    ORDER BY step NULLS LAST`,
  'emailtemplates.own-one',
);

/** The company's wording of the key: the step's own, else the kind's general one; null: none kept. */
export async function ownTemplate(
  em: EntityManager,
  organizationId: string,
  { kind, language, step }: TemplateKey,
): Promise<TemplateRow | null> {
  const [row] = await query<TemplateRow>(em, OWN_TEMPLATE, [organizationId, kind, language, step]);
  return row ?? null;
}

const SAVE_TEMPLATE = sql(
  `INSERT INTO email_templates (organization_id, kind, language, step, subject, body, updated_at)
   VALUES (?, ?, ?, ?, ?, ?, ?)
   ON CONFLICT (organization_id, kind, language, step)
   DO UPDATE SET subject = EXCLUDED.subject, body = EXCLUDED.body, updated_at = EXCLUDED.updated_at
   RETURNING ${COLUMNS}`,
);

export async function saveTemplate(
  em: EntityManager,
  organizationId: string,
  template: Omit<TemplateRow, 'updated_at'>,
  at: Date,
): Promise<TemplateRow> {
  const { kind, language, step, subject, body } = template;
  const [row] = await query<TemplateRow>(em, SAVE_TEMPLATE, [organizationId, kind, language, step, subject, body, at]);
  return row;
}

const REMOVE_TEMPLATE = sql(
  `DELETE FROM email_templates WHERE organization_id = ? AND kind = ? AND language = ? AND step IS NOT DISTINCT FROM ?`,
);

export async function removeTemplate(
  em: EntityManager,
  organizationId: string,
  { kind, language, step }: TemplateKey,
): Promise<void> {
  await query(em, REMOVE_TEMPLATE, [organizationId, kind, language, step]);
}

/** The company's e-mail settings (email_settings); no row: every switch off. */
export interface EmailSettingsRow {
  payment_thanks: boolean;
  updated_at: Date | string;
}

const EMAIL_SETTINGS = sql(
  `SELECT payment_thanks, updated_at FROM email_settings WHERE organization_id = ?`,
  'emailtemplates.settings',
);

export async function emailSettings(em: EntityManager, organizationId: string): Promise<EmailSettingsRow | null> {
  const [row] = await query<EmailSettingsRow>(em, EMAIL_SETTINGS, [organizationId]);
  return row ?? null;
}

const SAVE_EMAIL_SETTINGS = sql(
  `INSERT INTO email_settings (organization_id, payment_thanks, updated_at) VALUES (?, ?, ?)
   ON CONFLICT (organization_id) DO UPDATE SET payment_thanks = EXCLUDED.payment_thanks, updated_at = EXCLUDED.updated_at
   RETURNING payment_thanks, updated_at`,
);

export async function saveEmailSettings(
  em: EntityManager,
  organizationId: string,
  paymentThanks: boolean,
  at: Date,
): Promise<EmailSettingsRow> {
  const [row] = await query<EmailSettingsRow>(em, SAVE_EMAIL_SETTINGS, [organizationId, paymentThanks, at]);
  return row;
}
