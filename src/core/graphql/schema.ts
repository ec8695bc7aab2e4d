import 'reflect-metadata';
import { lexicographicSortSchema, printSchema, type GraphQLSchema } from 'graphql';
import { buildSchema } from 'type-graphql';
import { authChecker } from './context';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- type-graphql's own ClassType takes any arguments
type ResolverClass = new (...args: any[]) => object;

/** One schema over the resolver instances the modules built from the container. */
export async function buildGraphQLSchema(resolvers: object[]): Promise<GraphQLSchema> {
  const byClass = new Map<ResolverClass, object>(resolvers.map((r) => [r.constructor as ResolverClass, r]));
  return buildSchema({
    resolvers: [...byClass.keys()] as [ResolverClass, ...ResolverClass[]],
    container: { get: (cls: ResolverClass) => byClass.get(cls) },
    authChecker,
    // Inputs are validated by the services' zod schemas, as over REST; class-validator is not installed.
    validate: false,
  });
}

export function printSortedSchema(schema: GraphQLSchema): string {
  return printSchema(lexicographicSortSchema(schema)) + '\n';
}
