import type { CodegenConfig } from '@graphql-codegen/cli';

/**
 * Typed operations for the web app from the server's schema.graphql. `npm run codegen` rewrites
 * src/web/src/gql/ (committed); test/web/codegen.test.ts fails when it is stale.
 */
export function codegenConfig(outDir = 'src/web/src/gql/'): CodegenConfig {
  return {
    schema: 'schema.graphql',
    documents: ['src/web/src/**/*.tsx', 'src/web/src/**/*.ts', '!src/web/src/gql/**'],
    ignoreNoDocuments: false,
    generates: {
      [outDir]: {
        preset: 'client',
        presetConfig: { fragmentMasking: false },
        config: { enumsAsTypes: true, useTypeImports: true, scalars: { Decimal: 'string' } },
      },
    },
    silent: true,
  };
}

export default codegenConfig();
