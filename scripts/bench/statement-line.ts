/**
 * The prefix of a statement line printed by statement-log.ts. Its own file: importing statement-log.ts patches pg's
 * Client in the importing process, which the benchmark process itself must not do.
 */
export const STATEMENT_LINE = 'faktura-statement ';
