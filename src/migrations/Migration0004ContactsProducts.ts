import { Migration } from '@mikro-orm/migrations';

export class Migration0004ContactsProducts extends Migration {
  override up(): void {
    this.addSql(`CREATE TABLE contacts (
      id uuid PRIMARY KEY,
      organization_id uuid NOT NULL REFERENCES organizations(id),
      name text NOT NULL,
      email text,
      phone text,
      type text NOT NULL DEFAULT 'CLIENT' CHECK (type IN ('CLIENT','SUPPLIER')),
      tax_id text,
      vat_id text,
      street text,
      city text,
      zip text,
      country text,
      archived boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    )`);
    this.addSql(`CREATE INDEX contacts_org_page_idx ON contacts (organization_id, created_at, id)`);
    this.addSql(`CREATE TABLE products (
      id uuid PRIMARY KEY,
      organization_id uuid NOT NULL REFERENCES organizations(id),
      name text NOT NULL,
      sku text,
      unit text NOT NULL DEFAULT 'ks',
      price numeric(14,2) NOT NULL,
      vat_rate numeric(5,2) NOT NULL,
      active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    )`);
    this.addSql(`CREATE INDEX products_org_page_idx ON products (organization_id, created_at, id)`);
  }
}
