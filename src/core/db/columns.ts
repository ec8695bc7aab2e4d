import { Property } from '@mikro-orm/core';

/** A money column: numeric(14,2), read and written as a decimal string (bignumber.js does the arithmetic). */
export const Money = () => Property({ type: 'decimal', precision: 14, scale: 2 });
