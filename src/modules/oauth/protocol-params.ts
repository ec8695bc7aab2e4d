import { InvalidRequest } from './oauth.errors';

export type ProtocolParams = Record<string, unknown>;

/**
 * One protocol parameter: absent and empty are the same (RFC 6749 3.1); a repeated parameter or a
 * non-string value is invalid_request.
 */
export function param(params: ProtocolParams, name: string): string | undefined {
  const value = params[name];
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new InvalidRequest(`Parameter ${name} must be given once, as a string`);
  return value;
}

export function requiredParam(params: ProtocolParams, name: string): string {
  const value = param(params, name);
  if (value === undefined) throw new InvalidRequest(`Missing parameter ${name}`);
  return value;
}

export function asParams(body: unknown): ProtocolParams {
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as ProtocolParams) : {};
}
