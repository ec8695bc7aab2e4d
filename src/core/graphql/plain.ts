/** GraphQL input objects are class instances with absent fields as undefined; services get plain data. */
export function plain<T extends object>(input: T | undefined | null): Record<string, unknown> {
  return JSON.parse(JSON.stringify(input ?? {})) as Record<string, unknown>;
}
