import { z } from 'zod';
import type { CredentialKind } from '../access';
import type { AccessSpec } from '../http/gate';

/**
 * Small builders for OpenAPI 3.1 path items, so a module's description reads like its routes:
 * `operation({ access, summary, ok, errors })`. Schemas are plain JSON Schema 2020-12 objects.
 */
export type PathItems = Record<string, Record<string, unknown>>;
export type Schema = Record<string, unknown>;

export const schemaRef = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const responseRef = (name: string) => ({ $ref: `#/components/responses/${name}` });
export const parameterRef = (name: string) => ({ $ref: `#/components/parameters/${name}` });

export const string: Schema = { type: 'string' };
export const nullableString: Schema = { type: ['string', 'null'] };
export const boolean: Schema = { type: 'boolean' };
export const integer: Schema = { type: 'integer' };
export const uuid: Schema = { type: 'string', format: 'uuid' };
export const dateTime: Schema = { type: 'string', format: 'date-time' };
/** Money and other exact decimals travel as strings: "1210.50". */
export const decimalString: Schema = { type: 'string', pattern: '^-?\\d+(\\.\\d+)?$' };

export function object(
  properties: Record<string, Schema>,
  required: string[] = Object.keys(properties),
  extra: Schema = {},
): Schema {
  return { type: 'object', ...(required.length ? { required } : {}), properties, ...extra };
}

/**
 * The JSON Schema (2020-12, the dialect of OpenAPI 3.1) of what a zod input schema accepts. Request
 * bodies and query parameters are generated from the very schemas that validate them, so their
 * bounds, formats and required fields cannot drift from the code.
 */
export function fromZod(schema: z.ZodType): Schema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io: 'input',
    unrepresentable: 'any',
  }) as Schema;
  return json;
}

const PAGE_KEYS = ['limit', 'cursor'];

/**
 * Query parameters of a zod object schema, one per key. `limit` and `cursor` are the shared page
 * parameters of components; descriptions name what a filter does.
 */
export function queryParameters(schema: z.ZodObject, descriptions: Record<string, string> = {}): unknown[] {
  const json = fromZod(schema) as { properties?: Record<string, Schema>; required?: string[] };
  const keys = Object.keys(json.properties ?? {});
  const paged = PAGE_KEYS.every((k) => keys.includes(k));
  return [
    ...(paged ? pageParameters : []),
    ...keys
      .filter((name) => !(paged && PAGE_KEYS.includes(name)))
      .map((name) => {
        const { description, ...schema } = json.properties![name];
        return {
          name,
          in: 'query',
          required: json.required?.includes(name) ?? false,
          description: descriptions[name] ?? description ?? name,
          schema,
        };
      }),
  ];
}

/** `{ data: [item], nextCursor }`: every list of the API. */
export function pageOf(item: Schema): Schema {
  return { allOf: [schemaRef('Page'), { type: 'object', properties: { data: { type: 'array', items: item } } }] };
}

/** The `:id` path parameter, described once in components. */
export const idParameter = parameterRef('id');
/** `?limit=` and `?cursor=` of every list. */
export const pageParameters = [parameterRef('limit'), parameterRef('cursor')];

export function queryParameter(name: string, schema: Schema, description: string) {
  return { name, in: 'query', required: false, description, schema };
}

export function pathParameter(name: string, description: string, schema: Schema = uuid) {
  return { name, in: 'path', required: true, description, schema };
}

const SCHEMES: Record<CredentialKind, string[]> = {
  apiKey: ['apiKey'],
  oauth: ['oauth2'],
  session: ['session', 'sessionCookie'],
  pos: ['posDevice'],
};

/** OpenAPI `security` for a route's AccessSpec: alternatives, the OAuth one naming the scope needed. */
export function securityFor(access: AccessSpec): Record<string, string[]>[] {
  if ('public' in access) return [];
  const kinds = access.credentials ?? (['apiKey', 'oauth', 'session'] as CredentialKind[]);
  const scopes = 'section' in access ? [`${access.section}:${access.access}`] : [];
  return kinds.flatMap((kind) => SCHEMES[kind].map((scheme) => ({ [scheme]: scheme === 'oauth2' ? scopes : [] })));
}

/** The AccessSpec as RouteInfo.access spells it; the sync test compares the two. */
export function accessLabel(access: AccessSpec): string {
  if ('public' in access) return 'public';
  if ('section' in access) return `${access.section}:${access.access}`;
  return 'authenticated';
}

type ErrorStatus = '400' | '404' | '409';
const ERROR_RESPONSES: Record<ErrorStatus, string> = { '400': 'BadRequest', '404': 'NotFound', '409': 'Conflict' };

export interface OperationSpec {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  access: AccessSpec;
  parameters?: unknown[];
  /** The request body: the zod schema that validates it (preferred), or a JSON Schema. */
  body?: Schema | z.ZodType;
  ok: {
    status?: '200' | '201' | '202' | '204' | '207';
    description: string;
    schema?: Schema;
    headers?: Record<string, unknown>;
    contentType?: string;
  };
  errors?: ErrorStatus[];
  /** Answers the shared components do not cover, by status. */
  otherResponses?: Record<string, unknown>;
  extra?: Record<string, unknown>;
}

/** One operation: security and the 401/403/429 answers follow from the access it declares. */
export function operation(spec: OperationSpec): Record<string, unknown> {
  const { ok } = spec;
  const responses: Record<string, unknown> = {
    [ok.status ?? '200']: {
      description: ok.description,
      ...(ok.headers ? { headers: ok.headers } : {}),
      ...(ok.schema ? { content: { [ok.contentType ?? 'application/json']: { schema: ok.schema } } } : {}),
    },
  };
  // The body parser runs before every route, so any operation can answer 400 INVALID_JSON.
  for (const status of new Set<ErrorStatus>(['400', ...(spec.errors ?? [])]))
    responses[status] = responseRef(ERROR_RESPONSES[status]);
  Object.assign(responses, spec.otherResponses);
  if (!('public' in spec.access)) {
    responses['401'] = responseRef('Unauthorized');
    responses['403'] = responseRef('Forbidden');
    const metered = (spec.access.credentials ?? ['apiKey', 'oauth']).some((k) => k === 'apiKey' || k === 'oauth');
    if (metered) responses['429'] = responseRef('QuotaExceeded');
  }
  return {
    operationId: spec.operationId,
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    tags: spec.tags,
    'x-faktura-access': accessLabel(spec.access),
    ...(!('public' in spec.access) && spec.access.roles ? { 'x-faktura-roles': spec.access.roles } : {}),
    security: securityFor(spec.access),
    parameters: spec.parameters ?? [],
    ...(spec.body
      ? {
          requestBody: {
            required: true,
            content: {
              'application/json': { schema: spec.body instanceof z.ZodType ? fromZod(spec.body) : spec.body },
            },
          },
        }
      : {}),
    responses,
    ...spec.extra,
  };
}
