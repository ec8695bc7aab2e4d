import { Writable } from 'node:stream';
import { expect } from 'chai';
import { GraphQLError } from 'graphql';
import { ConcurrentUpdate, NotFoundError, ValidationError, toAppError } from '../../src/core/errors';
import { formatError } from '../../src/core/graphql/server';
import { createLogger } from '../../src/core/observability/logger';

/** GraphQL's formatError on its own: the mapping it shares with REST, and what stays GraphQL's. */
describe('unit: error mapping shared by REST and GraphQL', () => {
  const lines: string[] = [];
  const format = formatError(
    createLogger('error', new Writable({ write: (c, _e, cb) => (lines.push(String(c)), cb()) })),
  );
  const inResolver = (original: Error) =>
    new GraphQLError(original.message, { path: ['field'], originalError: original });
  const formatted = (error: GraphQLError) => format(error.toJSON(), error);

  it('maps database error codes to the same domain errors as REST', () => {
    for (const [code, want] of [
      ['23505', 'CONFLICT'],
      ['23503', 'CONFLICT'],
      ['40001', 'CONCURRENT_UPDATE'],
      ['40P01', 'CONCURRENT_UPDATE'],
    ]) {
      const dbError = Object.assign(new Error(`db ${code}`), { code });
      expect(toAppError(dbError).code).to.equal(want);
      expect(formatted(inResolver(dbError)).extensions).to.deep.equal({ code: want, status: 409 });
    }
    expect(toAppError(new ConcurrentUpdate()).toBody()).to.deep.equal({
      error: 'Conflict',
      message: 'Concurrent update, retry the request',
      code: 'CONCURRENT_UPDATE',
    });
  });

  it('keeps a domain error’s code, status and details', () => {
    const invalid = new ValidationError('Invalid input: name: required', [{ path: 'name', message: 'required' }]);
    expect(formatted(inResolver(invalid))).to.deep.equal({
      message: 'Invalid input: name: required',
      path: ['field'],
      extensions: { code: 'VALIDATION_FAILED', status: 400, details: [{ path: 'name', message: 'required' }] },
    });
    // Thrown where GraphQL wraps without a path (a scalar parsing a variable): still the domain code.
    const fromScalar = new GraphQLError('Variable "$id" got invalid value', {
      originalError: new NotFoundError('Document'),
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect(formatted(fromScalar).extensions).to.deep.equal({ code: 'NOT_FOUND', status: 404 });
  });

  it('leaves GraphQL’s own errors (parse, validation, bad variables) with their codes', () => {
    const validation = new GraphQLError('Cannot query field "nope" on type "Query".', {
      extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
    });
    expect(formatted(validation)).to.deep.equal(validation.toJSON());
  });

  it('hides an unexpected error behind a generic INTERNAL_ERROR and logs it', () => {
    lines.length = 0;
    expect(formatted(inResolver(new Error('secret detail at row 42')))).to.deep.equal({
      message: 'An unexpected error occurred',
      path: ['field'],
      extensions: { code: 'INTERNAL_ERROR' },
    });
    expect(lines.join('')).to.include('secret detail at row 42');
  });
});
