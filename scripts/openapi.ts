import 'reflect-metadata';
import fs from 'node:fs';
import { loadConfig } from '../src/config';
import { modules } from '../src/modules';
import { buildOpenApiDocument } from '../src/modules/openapi/openapi.document';

/**
 * Prints the OpenAPI description (as served at /api/v1/openapi.json, test controls included) or
 * writes it to the file named as the first argument. Building it needs no database.
 */
export function openApiText(): string {
  const config = loadConfig({ NODE_ENV: 'test', TEST_CONTROLS: '1', PUBLIC_URL: 'http://127.0.0.1:3000' });
  return JSON.stringify(buildOpenApiDocument(modules, config), null, 2) + '\n';
}

if (require.main === module) {
  const target = process.argv[2];
  if (target) fs.writeFileSync(target, openApiText());
  else process.stdout.write(openApiText());
}
