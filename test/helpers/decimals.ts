/** The decimals that REST sends as JSON numbers, as SPEC fixes them (item quantity, unitPrice, vatRate; product and report vatRate). */
const REST_NUMBERS = new Set(['quantity', 'unitPrice', 'vatRate']);

/**
 * A REST record as GraphQL sends it: GraphQL has one `Decimal` scalar (a string) for every exact
 * decimal, so the fields REST keeps as numbers become strings; everything else is unchanged.
 */
export function asGraphQLDecimals<T>(value: T): T {
  if (Array.isArray(value)) return value.map(asGraphQLDecimals) as T;
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [
      key,
      REST_NUMBERS.has(key) && typeof v === 'number' ? String(v) : asGraphQLDecimals(v),
    ]),
  ) as T;
}
