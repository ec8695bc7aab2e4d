import type { MigrationObject } from '@mikro-orm/core';
import { Migration0001Foundation } from './Migration0001Foundation';
import { Migration0002Quota } from './Migration0002Quota';
import { Migration0003OAuth } from './Migration0003OAuth';
import { Migration0004ContactsProducts } from './Migration0004ContactsProducts';
import { Migration0005Documents } from './Migration0005Documents';
import { Migration0006Payments } from './Migration0006Payments';
import { Migration0007OutboxConsumers } from './Migration0007OutboxConsumers';

/** Applied in this order on start. Append; never edit a migration that has landed. */
export const migrationsList: MigrationObject[] = [
  { name: 'Migration0001Foundation', class: Migration0001Foundation },
  { name: 'Migration0002Quota', class: Migration0002Quota },
  { name: 'Migration0003OAuth', class: Migration0003OAuth },
  { name: 'Migration0004ContactsProducts', class: Migration0004ContactsProducts },
  { name: 'Migration0005Documents', class: Migration0005Documents },
  { name: 'Migration0006Payments', class: Migration0006Payments },
  { name: 'Migration0007OutboxConsumers', class: Migration0007OutboxConsumers },
];
