import { readFileSync } from 'node:fs';
import path from 'node:path';
import { generate } from '@graphql-codegen/cli';
import { expect } from 'chai';
import { codegenConfig } from '../../src/web/codegen';

/**
 * The web app's typed operations (src/web/src/gql, committed) are what graphql-codegen makes from
 * today's schema.graphql and the app's operations: a stale copy would let a page typecheck against
 * a schema that no longer exists. `npm run schema` regenerates both; `npm run codegen` only these.
 */
describe('web app: generated GraphQL types', function () {
  this.timeout(60_000);

  it('are up to date with schema.graphql and the operations in src/web', async () => {
    const outputs = await generate(codegenConfig(), false);
    expect(outputs.length).to.be.greaterThan(0);
    for (const { filename, content } of outputs) {
      const committed = readFileSync(path.resolve(filename), 'utf8');
      expect(committed === content, `${filename} is stale: run npm run codegen`).to.equal(true);
    }
  });
});
