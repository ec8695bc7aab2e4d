import { Client } from 'pg';
import { STATEMENT_LINE } from './statement-line';

/**
 * Preloaded (NODE_OPTIONS --require) into the capture server of scripts/bench/reads.ts only: every
 * statement any pg client sends is written to stdout as one line, `STATEMENT_LINE` then JSON of its
 * name, text and values (a Date as its ISO text, which PostgreSQL reads alike), so the raw baseline replays exactly what the app runs.
 */
type QueryArgs = Parameters<Client['query']>;

// eslint-disable-next-line @typescript-eslint/unbound-method -- called with the client as `this` below
const original = Client.prototype.query;
Client.prototype.query = function query(this: Client, ...args: QueryArgs) {
  const [config, values] = args as unknown as [unknown, unknown];
  const given = typeof config === 'object' && config !== null ? (config as Record<string, unknown>) : null;
  const text = given ? given.text : config;
  const bound = (given?.values ?? (Array.isArray(values) ? values : [])) as unknown[];
  if (typeof text === 'string') {
    const line = { name: given?.name ?? null, text, values: bound };
    process.stdout.write(`${STATEMENT_LINE}${JSON.stringify(line)}\n`);
  }
  return (original as (...a: QueryArgs) => unknown).apply(this, args);
} as Client['query'];
