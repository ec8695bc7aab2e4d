import { Entity, Property } from '@mikro-orm/core';
import { OrganizationIdRecord } from '../identity/identity.module';

/** A list's filters, sort and columns saved under a name (Migration0041SavedViews). */
@Entity({ tableName: 'saved_views' })
export class SavedView extends OrganizationIdRecord {
  /** The person who saved it; null when saved by a credential without a person (an API key): then it is shared. */
  @Property({ type: 'uuid', nullable: true })
  userId: string | null = null;

  @Property({ type: 'text' })
  name!: string;

  /** The list it is a view of (SAVED_VIEW_RESOURCES). */
  @Property({ type: 'text' })
  resource!: string;

  /** The list's query parameters as given (validated against the list's query when saved). */
  @Property({ type: 'jsonb' })
  filters: Record<string, unknown> = {};

  @Property({ type: 'text', nullable: true })
  sort: string | null = null;

  @Property({ type: 'text[]' })
  columns: string[] = [];

  /** true: every person of the company sees and uses it; false: only its person. */
  @Property({ type: 'boolean' })
  shared: boolean = false;

  @Property({ type: 'timestamptz' })
  createdAt!: Date;

  @Property({ type: 'timestamptz' })
  updatedAt!: Date;
}
