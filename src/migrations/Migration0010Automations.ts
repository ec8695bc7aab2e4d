import { Migration } from '@mikro-orm/migrations';

/**
 * Automation rules, their run history, the claim of scheduled occurrences, the causation depth of
 * events caused by automation actions (the depth guard), and documents' customFields (the
 * customField condition reads them).
 */
export class Migration0010Automations extends Migration {
  override up(): void {
    this.addSql(`ALTER TABLE documents ADD COLUMN custom_fields jsonb NOT NULL DEFAULT '{}'::jsonb`);
    this.addSql(`CREATE TABLE automations (
      id uuid PRIMARY KEY,
      organization_id uuid NOT NULL REFERENCES organizations(id),
      name text NOT NULL,
      is_active boolean NOT NULL,
      trigger_type text NOT NULL CHECK (trigger_type IN ('SYSTEM_EVENT','SCHEDULED','MANUAL')),
      trigger_event text,
      trigger_cron text,
      conditions jsonb NOT NULL,
      actions jsonb NOT NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    )`);
    this.addSql(`CREATE INDEX automations_org_idx ON automations (organization_id, created_at, id)`);
    // The engine's lookup for every outbox event: the active rules of one organization for one event.
    this.addSql(
      `CREATE INDEX automations_trigger_idx ON automations (organization_id, trigger_event) WHERE is_active AND trigger_type = 'SYSTEM_EVENT'`,
    );
    // automation_id without a foreign key: deleting a rule deletes its runs in the same transaction.
    this.addSql(`CREATE TABLE automation_runs (
      id uuid PRIMARY KEY,
      organization_id uuid NOT NULL,
      automation_id uuid NOT NULL,
      status text NOT NULL CHECK (status IN ('COMPLETED','FAILED','SKIPPED')),
      trigger text NOT NULL,
      context jsonb NOT NULL,
      depth integer NOT NULL,
      started_at timestamptz NOT NULL,
      finished_at timestamptz NOT NULL,
      error text,
      actions jsonb NOT NULL,
      created_at timestamptz NOT NULL
    )`);
    this.addSql(`CREATE INDEX automation_runs_log_idx ON automation_runs (automation_id, created_at DESC, id DESC)`);
    // One row per scheduled occurrence that ran: a second worker's insert of the same one finds it.
    this.addSql(`CREATE TABLE automation_occurrences (
      automation_id uuid NOT NULL,
      occurrence_at timestamptz NOT NULL,
      PRIMARY KEY (automation_id, occurrence_at)
    )`);
    // How many automation runs led to an event (absent = 0, caused by a person or an integration).
    this.addSql(`CREATE TABLE automation_event_depths (
      seq bigint PRIMARY KEY REFERENCES event_outbox(seq) ON DELETE CASCADE,
      depth integer NOT NULL
    )`);
  }
}
