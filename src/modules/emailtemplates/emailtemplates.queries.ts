import type { EntityManager } from '@mikro-orm/postgresql';
import { query, sql } from '../../core/db/sql';
import type { DocumentLanguage } from '../../core/languages';
import type { EmailKind } from './email-templates';

/** A company's own template as kept. */
export interface TemplateRow {
  kind: EmailKind;
  language: DocumentLanguage;
  subject: string;
  body: string;
  updated_at: Date | string;
}

const OWN_TEMPLATES = sql(
  `SELECT kind, language, subject, body, updated_at FROM email_templates WHERE organization_id = ?`,
  'emailtemplates.own',
);

export async function ownTemplates(em: EntityManager, organizationId: string): Promise<TemplateRow[]> {
  return query<TemplateRow>(em, OWN_TEMPLATES, [organizationId]);
}

const OWN_TEMPLATE = sql(
  `SELECT kind, language, subject, body, updated_at FROM email_templates
    WHERE organization_id = ? AND kind = ? AND language = ?`,
  'emailtemplates.own-one',
);

export async function ownTemplate(
  em: EntityManager,
  organizationId: string,
  kind: EmailKind,
  language: DocumentLanguage,
): Promise<TemplateRow | null> {
  const [row] = await query<TemplateRow>(em, OWN_TEMPLATE, [organizationId, kind, language]);
  return row ?? null;
}

const SAVE_TEMPLATE = sql(
  `INSERT INTO email_templates (organization_id, kind, language, subject, body, updated_at)
   VALUES (?, ?, ?, ?, ?, ?)
   ON CONFLICT (organization_id, kind, language)
   DO UPDATE SET subject = EXCLUDED.subject, body = EXCLUDED.body, updated_at = EXCLUDED.updated_at
   RETURNING kind, language, subject, body, updated_at`,
);

export async function saveTemplate(
  em: EntityManager,
  organizationId: string,
  template: Omit<TemplateRow, 'updated_at'>,
  at: Date,
): Promise<TemplateRow> {
  const { kind, language, subject, body } = template;
  const [row] = await query<TemplateRow>(em, SAVE_TEMPLATE, [organizationId, kind, language, subject, body, at]);
  return row;
}

const REMOVE_TEMPLATE = sql(`DELETE FROM email_templates WHERE organization_id = ? AND kind = ? AND language = ?`);

export async function removeTemplate(
  em: EntityManager,
  organizationId: string,
  kind: EmailKind,
  language: DocumentLanguage,
): Promise<void> {
  await query(em, REMOVE_TEMPLATE, [organizationId, kind, language]);
}
