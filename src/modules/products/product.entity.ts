import { Entity, Property } from '@mikro-orm/core';
import { Money } from '../../core/db/columns';
import { OrganizationRecord } from '../identity/identity.module';

/** An item of the organization's price list. DELETE only deactivates it (active false). */
@Entity({ tableName: 'products' })
export class Product extends OrganizationRecord {
  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text', nullable: true })
  sku: string | null = null;

  @Property({ type: 'text' })
  unit = 'ks';

  /** Unit price. */
  @Money() price!: string;

  /** VAT rate in percent, e.g. "21". */
  @Property({ type: 'decimal', columnType: 'numeric(5,2)' })
  vatRate!: string;

  @Property({ type: 'boolean' })
  active = true;

  @Property({ type: 'timestamptz' })
  createdAt!: Date;

  @Property({ type: 'timestamptz' })
  updatedAt!: Date;
}
