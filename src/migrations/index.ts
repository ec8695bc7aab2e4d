import type { MigrationObject } from '@mikro-orm/core';
import { Migration0001Foundation } from './Migration0001Foundation';

/** Applied in this order on start. Append; never edit a migration that has landed. */
export const migrationsList: MigrationObject[] = [
  { name: 'Migration0001Foundation', class: Migration0001Foundation },
];
