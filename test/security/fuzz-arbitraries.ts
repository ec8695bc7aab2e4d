import fc from 'fast-check';
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  type GraphQLInputType,
} from 'graphql';

/** Malformed values of every kind the issue lists: NUL and surrogates, huge, deep, wrong types, bad ids and cursors. */

const HUGE_STRING = 'x'.repeat(200_000);
const HUGE_ARRAY = Array.from({ length: 20_000 }, () => ({}));

export function deepNesting(levels: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < levels; i++) value = i % 2 ? [value] : { a: value };
  return value;
}
const DEEP = deepNesting(3000);

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom(
      'a\u0000b',
      '\u0000',
      'x\ud800y',
      '\udc00',
      '\ud83d',
      '',
      ' ',
      '   ',
      '%00',
      '\\u0000',
      '9999-12-31',
      '0000-00-00',
      '2026-02-30',
      '1900-01-01',
      '2026-13-01T25:61:00Z',
      '-1',
      '0',
      '1e309',
      'NaN',
      'Infinity',
      '-0',
      '99999999999999999999999',
      '0.1e-400',
      'true',
      'null',
      '[]',
      '{}',
      "'; DROP TABLE contacts; --",
      '<script>alert(1)</script>',
      '../../etc/passwd',
      'e\u0301',
      'ěščřžýáíéůú',
      '\u202e',
      '\ufeff',
      'a'.repeat(201),
      'CZ',
      'CZK',
      'FAKTURA',
      'not-a-uuid',
      '00000000-0000-0000-0000-000000000000',
      'ffffffff-ffff-ffff-ffff-ffffffffffff',
      '!!!',
      'eyJ4IjoxfQ',
      Buffer.from('["x","y"]').toString('base64url'),
      Buffer.from('[1,2]').toString('base64url'),
      Buffer.from('["9999-12-31T00:00:00Z","00000000-0000-0000-0000-000000000000"]').toString('base64url'),
      'a@b',
      'x@example.cz',
      'fk_' + '0'.repeat(64),
      'https://127.0.0.1/x',
      'javascript:alert(1)',
    ),
  },
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.constantFrom(HUGE_STRING, 'é'.repeat(100_000), '\u0000'.repeat(10_000)) },
);

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: hostileString },
  {
    weight: 2,
    arbitrary: fc.oneof(fc.integer(), fc.constantFrom(-1, 0, 1.5, 1e308, -1e308, 2 ** 53 + 1, 201, 100000)),
  },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.boolean() },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      null,
      {},
      [],
      [null],
      [{}],
      { '\u0000': 1 },
      JSON.parse('{"__proto__": {"polluted": 1}}'),
      { constructor: { prototype: 1 } },
    ),
  },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(hostileString, hostileString, { maxKeys: 3 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<unknown>(
      HUGE_ARRAY,
      DEEP,
      Array.from({ length: 5000 }, () => 'a\u0000'),
    ),
  },
);

type Schema = Record<string, any>;

/** OpenAPI `$ref`s point into the same document. */
export function resolver(doc: Schema) {
  return function resolve(schema: Schema | undefined): Schema {
    let s = schema ?? {};
    for (let i = 0; s.$ref && i < 10; i++)
      s =
        s.$ref
          .split('/')
          .slice(1)
          .reduce((o: Schema, k: string) => o?.[k], doc) ?? {};
    return s;
  };
}

/** A plausible value of a schema, so that malformed fields are tried next to well-formed ones. */
export function plausible(schema: Schema, resolve: (s: Schema) => Schema, depth = 0): fc.Arbitrary<unknown> {
  const s = resolve(schema);
  const variants = s.oneOf ?? s.anyOf;
  if (variants?.length) return plausible(variants[0], resolve, depth);
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  const type = Array.isArray(s.type) ? s.type.find((t: string) => t !== 'null') : s.type;
  if (type === 'string') {
    if (s.format === 'date') return fc.constantFrom('2026-01-15', '2026-12-31');
    if (s.format === 'date-time') return fc.constant('2026-01-15T10:00:00Z');
    if (s.format === 'email') return fc.constant('someone@example.cz');
    if (s.format === 'uri') return fc.constant('https://example.cz/callback');
    if (s.format === 'uuid') return fc.constant('00000000-0000-4000-8000-000000000000');
    return fc.constantFrom('Hostile s.r.o.', '100.00', '21', 'CZ12345678');
  }
  if (type === 'integer' || type === 'number') return fc.constantFrom(1, 2, 21, 100);
  if (type === 'boolean') return fc.boolean();
  if (type === 'array')
    return depth > 3 ? fc.constant([]) : fc.array(plausible(s.items ?? {}, resolve, depth + 1), { maxLength: 3 });
  if (type === 'object' || s.properties) return depth > 3 ? fc.constant({}) : objectOf(s, resolve, depth + 1);
  return hostileValue;
}

/** Each property either absent, plausible or hostile. */
export function objectOf(
  schema: Schema,
  resolve: (s: Schema) => Schema,
  depth = 0,
): fc.Arbitrary<Record<string, unknown>> {
  const s = resolve(schema);
  const fields = Object.entries<Schema>(s.properties ?? {});
  if (!fields.length) return fc.dictionary(hostileString, hostileValue, { maxKeys: 3 });
  const record = Object.fromEntries(
    fields.map(([name, field]) => [
      name,
      fc.oneof({ weight: 2, arbitrary: plausible(field, resolve, depth) }, { weight: 1, arbitrary: hostileValue }),
    ]),
  );
  return fc.record(record, { requiredKeys: [] });
}

export function requestBody(schema: Schema, resolve: (s: Schema) => Schema): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 8, arbitrary: objectOf(schema, resolve) }, { weight: 1, arbitrary: hostileValue });
}

/** GraphQL variables: plausible for the declared type, or hostile. */
export function graphqlValue(type: GraphQLInputType, depth = 0): fc.Arbitrary<unknown> {
  const hostile = { weight: 1, arbitrary: hostileValue };
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) {
    return fc.oneof(
      {
        weight: 2,
        arbitrary: depth > 3 ? fc.constant([]) : fc.array(graphqlValue(inner.ofType, depth + 1), { maxLength: 3 }),
      },
      hostile,
    );
  }
  const named = getNamedType(inner);
  if (isInputObjectType(named)) {
    if (depth > 3) return fc.constant({});
    const fields = Object.values(named.getFields());
    return fc.oneof(
      {
        weight: 4,
        arbitrary: fc.record(Object.fromEntries(fields.map((f) => [f.name, graphqlValue(f.type, depth + 1)])), {
          requiredKeys: [],
        }),
      },
      hostile,
    );
  }
  if (isEnumType(named))
    return fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...named.getValues().map((v) => v.value)) }, hostile);
  if (isScalarType(named)) {
    const plausibleScalar =
      (
        { Int: fc.constantFrom(1, 50, 200), Float: fc.constantFrom(1, 21.5), Boolean: fc.boolean() } as Record<
          string,
          fc.Arbitrary<unknown>
        >
      )[named.name] ?? fc.constantFrom('Hostile s.r.o.', '2026-01-15', '100.00');
    return fc.oneof({ weight: 2, arbitrary: plausibleScalar }, hostile);
  }
  return hostileValue;
}

/** A body with bytes that are no UTF-8 inside a string (form: inside a value). */
export function notUtf8Body(form: boolean): Buffer {
  return form
    ? Buffer.concat([Buffer.from('name='), Buffer.from([0xff, 0xfe]), Buffer.from('&x=1')])
    : Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]);
}

/**
 * The fields a body schema types as a JSON number (`type: number|integer` itself, not one branch of
 * a number-or-decimal-string union), with the path the API names them by (`items[0].vatRate`).
 */
export function numberFields(
  schema: Schema | undefined,
  resolve: (s: Schema) => Schema,
): { path: string; segments: (string | number)[] }[] {
  const found: { path: string; segments: (string | number)[] }[] = [];
  const walk = (node: Schema | undefined, segments: (string | number)[], depth: number) => {
    const s = resolve(node ?? {});
    if (depth > 8) return;
    const type = Array.isArray(s.type) ? s.type.filter((t: string) => t !== 'null') : [s.type];
    if (type.length === 1 && (type[0] === 'number' || type[0] === 'integer')) {
      const path = segments.map((k, i) => (typeof k === 'number' ? `[${k}]` : i === 0 ? k : `.${k}`)).join('');
      found.push({ path, segments });
    }
    for (const variant of s.allOf ?? []) walk(variant, segments, depth + 1);
    for (const [name, field] of Object.entries<Schema>(s.properties ?? {})) walk(field, [...segments, name], depth + 1);
    if (s.items) walk(s.items, [...segments, 0], depth + 1);
  };
  walk(schema, [], 0);
  return found;
}

/** A copy of `body` with `value` at `segments`, creating the objects and arrays on the way. */
export function withStringAt(body: unknown, segments: (string | number)[], value: string): unknown {
  const root = structuredClone(body) as Record<string | number, unknown>;
  let at: Record<string | number, unknown> = root;
  segments.forEach((key, i) => {
    if (i === segments.length - 1) {
      at[key] = value;
      return;
    }
    const next = segments[i + 1];
    if (at[key] === null || typeof at[key] !== 'object') at[key] = typeof next === 'number' ? [] : {};
    if (typeof next === 'number' && !(at[key] as unknown[])[next]) (at[key] as unknown[])[next] = {};
    at = at[key] as Record<string | number, unknown>;
  });
  return root;
}
