import 'reflect-metadata';
import fs from 'node:fs';
import path from 'node:path';
import type { Container } from '../src/container';
import { buildGraphQLSchema, printSortedSchema } from '../src/core/graphql/schema';
import { modules } from '../src/modules';

/**
 * Writes schema.graphql from the resolvers. Building the schema needs only resolver classes, so
 * the resolvers are instantiated over an empty container (no database).
 */
export async function generateSchemaText(): Promise<string> {
  const noServices = new Proxy({}, { get: () => undefined }) as Container;
  const schema = await buildGraphQLSchema(modules.flatMap((m) => m.resolvers?.(noServices) ?? []));
  return printSortedSchema(schema);
}

export const SCHEMA_FILE = path.join(__dirname, '..', 'schema.graphql');

if (require.main === module) {
  generateSchemaText().then((text) => {
    fs.writeFileSync(SCHEMA_FILE, text);
    process.stdout.write(`wrote ${SCHEMA_FILE}\n`);
  });
}
