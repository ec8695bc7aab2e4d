import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { expect } from 'chai';
import Koa from 'koa';
import { toAppError } from '../../src/core/errors';
import { errorMapper } from '../../src/core/http/middleware';
import type { AppState } from '../../src/core/http/types';
import { createLogger } from '../../src/core/observability/logger';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeApiKey } from '../helpers/fixtures';

describe('errors, request ids and logs', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp();
  });
  after(() => app.stop());

  it('answers an unknown route with 404 JSON', async () => {
    const res = await app.get('/api/v1/nothing-here');
    expect(res.status).to.equal(404);
    expect(res.body).to.deep.equal({
      error: 'Not Found',
      message: 'Route GET /api/v1/nothing-here not found',
      code: 'NOT_FOUND',
    });
  });

  it('answers malformed JSON with 400 INVALID_JSON', async () => {
    const res = await app.request('POST', '/api/v1/auth/signup', {
      raw: '{"companyName": "x",',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).to.equal(400);
    expect(res.body).to.deep.equal({
      error: 'Bad Request',
      message: 'The request body is not valid JSON',
      code: 'INVALID_JSON',
    });
  });

  it('answers a body over 1 MiB with 413', async () => {
    const raw = JSON.stringify({ companyName: 'x'.repeat(1024 * 1024 + 10), email: 'a@b.cz', password: '0123456789' });
    const res = await app.request('POST', '/api/v1/auth/signup', {
      raw,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).to.equal(413);
    expect(res.body).to.deep.equal({
      error: 'Payload Too Large',
      message: 'The request body exceeds 1 MiB',
      code: 'PAYLOAD_TOO_LARGE',
    });
  });

  it('ignores unknown fields', async () => {
    const res = await app.post('/api/v1/auth/signup', {
      companyName: 'Extra',
      email: 'extra@example.cz',
      password: 'extra fields pass',
      isAdmin: true,
      plan: 'AI',
    });
    expect(res.status).to.equal(201);
    expect(res.body.organization.plan).to.equal('FREE');
  });

  it('echoes X-Request-Id, generates one when absent, and puts it in the log lines', async () => {
    const res = await app.request('GET', '/healthz', { headers: { 'x-request-id': 'req-test-4711' } });
    expect(res.headers.get('x-request-id')).to.equal('req-test-4711');
    const generated = await app.get('/healthz');
    expect(generated.headers.get('x-request-id')).to.match(/^[0-9a-f-]{36}$/);
    const lines = app.logs.map((l) => JSON.parse(l));
    const mine = lines.filter((l) => l.reqId === 'req-test-4711');
    expect(mine).to.have.length.greaterThan(0);
    expect(mine[0]).to.include({ msg: 'request', path: '/healthz', status: 200 });
    const requestLines = lines.filter((l) => l.msg === 'request');
    for (const l of requestLines) expect(l.reqId).to.be.a('string');
  });

  it('replaces an unsafe X-Request-Id with a generated one', async () => {
    const res = await app.request('GET', '/healthz', { headers: { 'x-request-id': 'bad id with spaces\u00e9' } });
    expect(res.headers.get('x-request-id')).to.match(/^[0-9a-f-]{36}$/);
  });

  it('never writes a secret into a log line', async () => {
    const password = 'very secret password 123';
    const signup = await app.post('/api/v1/auth/signup', {
      companyName: 'Secretive',
      email: 'secretive@example.cz',
      password,
    });
    const login = await app.post('/api/v1/auth/login', { email: 'secretive@example.cz', password });
    const company = {
      token: signup.body.token,
      userId: '',
      organizationId: signup.body.organization.id,
      email: '',
      password,
    };
    const { key } = await makeApiKey(app, company);
    await app.get('/api/v1/organization', key);
    await app.request('GET', '/api/v1/auth/me', { headers: { cookie: `session=${login.body.token}` } });
    await app.post('/api/v1/auth/login', { email: 'secretive@example.cz', password: 'wrong but secret 999' });
    await app.get('/api/v1/organization', `fk_${'b'.repeat(64)}`);
    const all = app.logs.join('\n');
    for (const secret of [
      password,
      'wrong but secret 999',
      key,
      signup.body.token,
      login.body.token,
      `fk_${'b'.repeat(64)}`,
    ]) {
      expect(all).not.to.include(secret);
    }
  });

  it('hides unexpected errors behind a generic 500 and logs the details', async () => {
    const koa = new Koa<AppState>();
    const lines: string[] = [];
    const log = createLogger('info', new Writable({ write: (c, _e, cb) => (lines.push(String(c)), cb()) }));
    koa.use(async (ctx, next) => {
      ctx.state.rc = { log } as never;
      await next();
    });
    koa.use(errorMapper());
    koa.use(() => {
      throw new Error('database exploded at row 42');
    });
    const server = koa.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      expect(res.status).to.equal(500);
      expect(await res.json()).to.deep.equal({
        error: 'Internal Server Error',
        message: 'An unexpected error occurred',
        code: 'INTERNAL_ERROR',
      });
      expect(lines.join('')).to.include('database exploded at row 42');
    } finally {
      server.close();
    }
  });

  it('maps database constraint errors to domain errors', () => {
    expect(toAppError(Object.assign(new Error('dup'), { code: '23505' })).toBody()).to.deep.equal({
      error: 'Conflict',
      message: 'The resource already exists',
      code: 'CONFLICT',
    });
    expect(toAppError(Object.assign(new Error('ser'), { code: '40001' })).status).to.equal(409);
    expect(toAppError(new Error('other')).status).to.equal(500);
  });
});
