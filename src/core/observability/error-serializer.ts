import { DriverException } from '@mikro-orm/core';

/**
 * How an error reaches a log line. Errors carry values: a failed statement has its SQL with the
 * parameters inlined (MikroORM formats them into the text, and into the message), `params`, the
 * row in `detail`; ORM errors carry the entity. So only named fields are kept, never an error's own
 * arbitrary properties, and a database error keeps only its type, SQLSTATE code and statement name
 * (verb and table) — not even its message.
 */
export function serializeError(err: unknown, depth = 0): unknown {
  if (err === null || typeof err !== 'object') return err;
  const e = err as Record<string, unknown> & { cause?: unknown };
  if (isDatabaseError(e)) {
    return { type: typeName(e), code: e.code, statement: statementName(e), stack: frames(e.stack) };
  }
  const out: Record<string, unknown> = { type: typeName(e) };
  if (typeof e.message === 'string') out.message = e.message;
  for (const key of ['code', 'status', 'statusCode'])
    if (typeof e[key] === 'string' || typeof e[key] === 'number') out[key] = e[key];
  if (typeof e.stack === 'string') out.stack = e.stack;
  if (e.cause !== undefined && depth < 3) out.cause = serializeError(e.cause, depth + 1);
  return out;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;

function isDatabaseError(e: Record<string, unknown>): boolean {
  if (e instanceof DriverException) return true;
  if ('sql' in e || 'params' in e || 'parameters' in e || 'bindings' in e) return true;
  // node-postgres DatabaseError (prepared statements run outside the ORM)
  return typeof e.code === 'string' && SQLSTATE.test(e.code) && ('severity' in e || 'routine' in e);
}

function typeName(e: Record<string, unknown>): string {
  const name = e.name ?? (e.constructor as { name?: string } | undefined)?.name;
  return typeof name === 'string' ? name : 'Error';
}

/** `insert oauth_application`: a named prepared statement's name, else the verb and first table of the SQL. */
export function statementName(e: Record<string, unknown>): string | undefined {
  if (typeof e.statement === 'string') return e.statement;
  const text = typeof e.sql === 'string' ? e.sql : typeof e.message === 'string' ? e.message : '';
  const write = /^\s*(insert\s+into|update|delete\s+from)\s+"?([\w.]+)"?/i.exec(text);
  if (write) return `${write[1].split(/\s+/)[0].toLowerCase()} ${write[2]}`;
  const read = /^\s*(select|with)\b[\s\S]*?\bfrom\s+"?([\w.]+)"?/i.exec(text.slice(0, 2000));
  if (read) return `select ${read[2]}`;
  return undefined;
}

/** Only the `at …` lines of a stack: its first line repeats the message. */
function frames(stack: unknown): string | undefined {
  if (typeof stack !== 'string') return undefined;
  return stack
    .split('\n')
    .filter((line) => line.trim().startsWith('at '))
    .join('\n');
}
