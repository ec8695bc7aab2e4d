import 'reflect-metadata';
import { lexicographicSortSchema, printSchema, type GraphQLSchema } from 'graphql';
import { buildSchema } from 'type-graphql';
import { authChecker } from './context';

/** One schema over the resolver instances the modules built from the container. */
export async function buildGraphQLSchema(resolvers: object[]): Promise<GraphQLSchema> {
  const byClass = new Map<Function, object>(resolvers.map((r) => [r.constructor, r]));
  return buildSchema({
    resolvers: [...byClass.keys()] as [Function, ...Function[]],
    container: { get: (cls: Function) => byClass.get(cls) },
    authChecker,
    // Inputs are validated by the services' zod schemas, as over REST; class-validator is not installed.
    validate: false,
  });
}

export function printSortedSchema(schema: GraphQLSchema): string {
  return printSchema(lexicographicSortSchema(schema)) + '\n';
}
