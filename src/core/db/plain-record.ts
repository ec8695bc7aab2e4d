import {
  ReferenceKind,
  type EntityMetadata,
  type EntityName,
  type EntityProperty,
  type Platform,
} from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';

/** One property of a plain record: the column it is read from and how its value is converted. */
interface Field {
  property: string;
  column: string;
  convert: (value: NonNullable<unknown>) => unknown;
}

const plans = new WeakMap<EntityMetadata, readonly Field[]>();

/**
 * A row read by hand (its columns, as `SELECT t.*` gives them) made what the ORM's hydrator makes of it —
 * property names, custom types (decimal strings, JSON), dates, a many-to-one as a reference with only its
 * primary key — but a plain object, not an entity: no unit of work knows it, and it must never be changed,
 * persisted or flushed. For records read only to be shown. Hydrating the entity cost about a fifth of the CPU
 * of a GET /documents/:id: MikroORM defines a getter and a setter per property on every instance it hydrates
 * (docs/benchmarks.md, "Issue 31, third round"). test/core/plain-record.test.ts compares a plain record with
 * the ORM's entity of the same row, property by property, for documents of several kinds and a row with every
 * nullable column filled.
 */
export function plainRecord<T extends object>(
  em: EntityManager,
  entity: EntityName<T>,
  row: Record<string, unknown>,
): T {
  const meta = em.getMetadata(entity);
  let plan = plans.get(meta);
  if (!plan) {
    plan = planOf(meta, em.getPlatform());
    plans.set(meta, plan);
  }
  const record: Record<string, unknown> = {};
  for (const { property, column, convert } of plan) {
    const value = row[column];
    if (value === undefined) continue;
    record[property] = value === null ? null : convert(value);
  }
  return record as T;
}

/** How each hydrated property is read, as MikroORM's ObjectHydrator does it; other kinds of property are refused. */
function planOf(meta: EntityMetadata, platform: Platform): readonly Field[] {
  const timezone = platform.getTimezone();
  return meta.hydrateProps.map((prop: EntityProperty) => {
    if (prop.fieldNames.length !== 1 || prop.ref || prop.embedded) unsupported(meta, prop);
    const field = { property: prop.name, column: prop.fieldNames[0] };
    if (prop.kind === ReferenceKind.MANY_TO_ONE || prop.kind === ReferenceKind.ONE_TO_ONE) {
      if (prop.mapToPk) return { ...field, convert: (value) => value };
      const key = prop.targetMeta!.primaryKeys;
      if (key.length !== 1) unsupported(meta, prop);
      return { ...field, convert: (value) => ({ [key[0]]: value }) };
    }
    if (prop.kind !== ReferenceKind.SCALAR) unsupported(meta, prop);
    if (prop.customType) {
      const type = prop.customType;
      return {
        ...field,
        convert: (value): unknown => type.convertToJSValue(value, platform, { mode: 'serialization' }) as unknown,
      };
    }
    if (prop.runtimeType === 'boolean') return { ...field, convert: (value) => !!value };
    if (prop.runtimeType === 'Date' && !platform.isNumericProperty(prop))
      return { ...field, convert: (value) => dateOf(value, timezone) };
    return { ...field, convert: (value) => value };
  });
}

/** A date as the hydrator reads it: a Date stays, text with an offset is parsed, text without one is in `timezone`. */
function dateOf(value: unknown, timezone: string | undefined): Date {
  if (value instanceof Date) return value;
  if (typeof value === 'number') return new Date(value);
  const text = String(value);
  if (!timezone || timezone === 'local') return new Date(text);
  const hasOffset = text.includes('+') || text.lastIndexOf('-') > 10 || text.endsWith('Z');
  return new Date(hasOffset ? text : text + timezone);
}

function unsupported(meta: EntityMetadata, prop: EntityProperty): never {
  throw new Error(
    `plainRecord cannot read ${meta.className}.${prop.name} (${prop.kind}, ${prop.fieldNames.length} columns)`,
  );
}
