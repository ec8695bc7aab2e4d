import { Authorized, type AuthChecker } from 'type-graphql';
import type { RequestContext } from '../ctx';
import { UnauthorizedError } from '../errors';
import { authorize, type AccessSpec } from '../http/gate';

/** The browser's session cookie, for the mutations that start or end a session (sign up, log out). */
export interface SessionCookie {
  set(token: string): void;
  clear(): void;
}

export interface GraphQLContext {
  rc: RequestContext;
  session: SessionCookie;
}

/** Declares what a resolver needs, exactly like a REST route's AccessSpec. */
export function Requires(spec: AccessSpec): MethodDecorator & PropertyDecorator {
  return Authorized<AccessSpec>(spec);
}

export const authChecker: AuthChecker<GraphQLContext, AccessSpec> = ({ context }, specs) => {
  if (specs.every((spec) => 'public' in spec)) return true;
  const principal = context.rc.principal;
  if (!principal) throw new UnauthorizedError();
  for (const spec of specs) if (!('public' in spec)) authorize(principal, spec);
  return true;
};
