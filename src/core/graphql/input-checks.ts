import type { ApolloServerPlugin, GraphQLRequestContextDidResolveOperation } from '@apollo/server';
import { BREAK, GraphQLError, Kind, visit, type ASTNode, type DocumentNode, type ValidationRule } from 'graphql';
import { AppError, ForbiddenError, UnauthorizedError, type ErrorDetail } from '../errors';
import { cleanText, isStorableText, nfc, UNSTORABLE_MESSAGE } from '../http/input-text';
import { validationFailed } from '../validation';
import type { GraphQLContext } from './context';

/**
 * The same string rule as for REST (core/http/input-guard), for what only the GraphQL server sees:
 * string literals (their escapes can spell NUL or a lone surrogate) and variables sent by GET.
 * Both answer 400 VALIDATION_FAILED before execution.
 */
export const storableLiteralsRule: ValidationRule = (context) => ({
  StringValue(node, _key, parent, _path, ancestors) {
    if (isStorableText(node.value)) {
      // Normalised in place: the document is what execution reads its literals from.
      const normal = nfc(node.value);
      if (normal !== node.value) Object.assign(node, { value: normal });
      return;
    }
    const path = literalPath([...ancestors, parent]);
    context.reportError(
      new GraphQLError(`${path}: ${UNSTORABLE_MESSAGE}`, {
        nodes: [node],
        originalError: validationFailed([{ path, message: UNSTORABLE_MESSAGE }]),
      }),
    );
  },
});

/** `input.items.name`: the argument and input-object fields around a literal. */
function literalPath(ancestors: readonly (ASTNode | readonly ASTNode[] | undefined)[]): string {
  const names: string[] = [];
  for (const a of ancestors) {
    if (!a || Array.isArray(a)) continue;
    const node = a as ASTNode;
    if (node.kind === Kind.ARGUMENT || node.kind === Kind.OBJECT_FIELD) names.push(node.name.value);
  }
  return names.join('.') || '(literal)';
}

export interface InputCheckOptions {
  /** NODE_ENV=production: the schema is shown only to a logged-in session. */
  introspectionNeedsSession: boolean;
}

export function inputChecksPlugin(options: InputCheckOptions): ApolloServerPlugin<GraphQLContext> {
  return {
    requestDidStart: () =>
      Promise.resolve({
        // A rejected promise (not a throw) is how a hook refuses the operation.
        didResolveOperation: (request) => Promise.resolve().then(() => checkOperation(options, request)),
      }),
  };
}

/** Refuses unstorable text in variables, and introspection without a session where it needs one. */
function checkOperation(
  options: InputCheckOptions,
  { request, document, contextValue }: GraphQLRequestContextDidResolveOperation<GraphQLContext>,
): void {
  if (request.variables) {
    const issues: ErrorDetail[] = [];
    cleanText(request.variables, 'variables', issues);
    if (issues.length) throw asGraphQLError(validationFailed(issues));
  }
  if (options.introspectionNeedsSession && usesIntrospection(document)) {
    const principal = contextValue.rc.principal;
    if (!principal) throw asGraphQLError(new UnauthorizedError());
    if (principal.kind !== 'session')
      throw asGraphQLError(new ForbiddenError('Introspection needs a logged-in session'));
  }
}

function asGraphQLError(error: AppError): GraphQLError {
  return new GraphQLError(error.message, { originalError: error, extensions: { http: { status: error.status } } });
}

function usesIntrospection(document: DocumentNode): boolean {
  let found = false;
  visit(document, {
    Field(node) {
      if (node.name.value === '__schema' || node.name.value === '__type') {
        found = true;
        return BREAK;
      }
      return undefined;
    },
  });
  return found;
}
