import { Migration } from '@mikro-orm/migrations';

/**
 * The documents of a company by taxable supply date (DUZP; the issue date unless set), issue 31 point 3: the
 * control statement reads one month's documents by it (document-reads.queries.ts, ISSUED_BY_RATE's `supplied`
 * variant), and without this index PostgreSQL read every document of the company to find them.
 * The expression is the statements' own, so the planner matches it.
 */
export class Migration0051DocumentsSuppliedIndex extends Migration {
  override up(): void {
    this.addSql(
      `CREATE INDEX documents_org_supplied_idx ON documents (organization_id, (COALESCE(taxable_supply_date, issued_at)))`,
    );
  }

  override down(): void {
    this.addSql(`DROP INDEX documents_org_supplied_idx`);
  }
}
