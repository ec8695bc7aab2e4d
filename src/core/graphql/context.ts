import { Authorized, type AuthChecker } from 'type-graphql';
import type { RequestContext } from '../ctx';
import { UnauthorizedError } from '../errors';
import { authorize, type AccessSpec } from '../http/gate';

export interface GraphQLContext {
  rc: RequestContext;
}

/** Declares what a resolver needs, exactly like a REST route's AccessSpec. */
export function Requires(spec: AccessSpec): MethodDecorator & PropertyDecorator {
  return Authorized<AccessSpec>(spec) as MethodDecorator & PropertyDecorator;
}

export const authChecker: AuthChecker<GraphQLContext, AccessSpec> = ({ context }, specs) => {
  const principal = context.rc.principal;
  if (!principal) throw new UnauthorizedError();
  for (const spec of specs) if (!('public' in spec)) authorize(principal, spec);
  return true;
};
