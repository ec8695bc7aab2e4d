import { Migration } from '@mikro-orm/migrations';

/**
 * Access scoping (issue 23, points 4 and 5).
 * - API keys carry the sections and levels chosen at creation (`permissions`, every section named)
 *   and their creator's billing departments (`department_ids`, null = all). Keys created before this
 *   migration keep null permissions, read as every section: only OWNER and ADMIN sessions with full
 *   access could create them, and they always had every section.
 * - Webhook endpoints record the credential that created them: `created_by_kind` (session, apiKey,
 *   oauth), `created_by_id` (the user, the API key, the OAuth consent) and `created_by_user_id` (the
 *   person behind a session or a consent). Deliveries are fanned out only while that credential
 *   still exists and reads the event's section. Endpoints created before have no creator (null) and
 *   keep receiving what they listed.
 */
export class Migration0019AccessScoping extends Migration {
  override up(): void {
    this.addSql(`ALTER TABLE api_keys ADD COLUMN permissions jsonb, ADD COLUMN department_ids jsonb`);
    this.addSql(`ALTER TABLE webhook_endpoints ADD COLUMN created_by_kind text
      CHECK (created_by_kind IN ('session', 'apiKey', 'oauth')),
      ADD COLUMN created_by_id uuid, ADD COLUMN created_by_user_id uuid`);
  }

  override down(): void {
    this.addSql(`ALTER TABLE webhook_endpoints DROP COLUMN created_by_kind, DROP COLUMN created_by_id,
      DROP COLUMN created_by_user_id`);
    this.addSql(`ALTER TABLE api_keys DROP COLUMN permissions, DROP COLUMN department_ids`);
  }
}
