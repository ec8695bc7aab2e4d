import { Migration } from '@mikro-orm/migrations';

/**
 * Saved views (issue 27 point 5): a list's filters, sort and columns under a name, a person's own
 * or shared with the company. user_id null: saved by a credential without a person (always shared).
 */
export class Migration0041SavedViews extends Migration {
  override up(): void {
    this.addSql(`CREATE TABLE saved_views (
      id uuid PRIMARY KEY,
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      user_id uuid REFERENCES users(id) ON DELETE CASCADE,
      name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
      resource text NOT NULL
        CHECK (resource IN ('documents', 'costs', 'payments', 'contacts', 'products', 'recurring-series')),
      filters jsonb NOT NULL DEFAULT '{}',
      sort text,
      columns text[] NOT NULL DEFAULT '{}' CHECK (cardinality(columns) <= 30),
      shared boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      CHECK (shared OR user_id IS NOT NULL)
    )`);
    this.addSql(`CREATE INDEX saved_views_list ON saved_views (organization_id, resource, created_at, id)`);
    this.addSql(`CREATE INDEX saved_views_owner ON saved_views (organization_id, user_id)`);
  }

  override down(): void {
    this.addSql(`DROP TABLE saved_views`);
  }
}
