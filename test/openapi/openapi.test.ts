import { expect } from 'chai';
import type { RouteInfo } from '../../src/core/http/api-router';
import { startTestApp, type TestApp } from '../helpers/app';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

/** Routes that are not REST and so not in the description: GraphQL and the web pages. */
const NOT_REST = (path: string) => path === '/graphql' || path === '/app' || path.startsWith('/app/');

type Doc = { openapi: string; paths: Record<string, Record<string, any>>; components: Record<string, any> };

function openApiPath(koaPath: string): string {
  return koaPath.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function routeKeys(routes: RouteInfo[]): Map<string, RouteInfo> {
  return new Map(routes.filter((r) => !NOT_REST(r.path)).map((r) => [`${r.method} ${openApiPath(r.path)}`, r]));
}

function describedOperations(doc: Doc): Map<string, any> {
  const ops = new Map<string, any>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item))
      if (METHODS.includes(method)) ops.set(`${method.toUpperCase()} ${path}`, op);
  }
  return ops;
}

/** Both directions: every registered route is described, every described operation is registered. */
function expectInSync(doc: Doc, routes: RouteInfo[]): void {
  const registered = routeKeys(routes);
  const described = describedOperations(doc);
  const undescribed = [...registered.keys()].filter((k) => !described.has(k)).sort();
  const unregistered = [...described.keys()].filter((k) => !registered.has(k) && !NOT_REST(k.split(' ')[1])).sort();
  expect({ undescribed, unregistered }).to.deep.equal({ undescribed: [], unregistered: [] });
  for (const [key, op] of described) {
    const route = registered.get(key);
    if (route && op['x-faktura-access'] !== undefined) expect(op['x-faktura-access'], key).to.equal(route.access);
  }
}

describe('OpenAPI 3.1 description at /api/v1/openapi.json', () => {
  let app: TestApp;
  let doc: Doc;
  before(async () => {
    app = await startTestApp();
    const res = await app.get('/api/v1/openapi.json');
    expect(res.status, res.text).to.equal(200);
    expect(res.headers.get('content-type')).to.match(/^application\/json/);
    doc = res.body;
  });
  after(() => app.stop());

  it('is a structurally valid OpenAPI 3.1 document whose $refs all resolve', async () => {
    expect(doc.openapi).to.equal('3.1.0');
    const { Validator } = await import('@seriousme/openapi-schema-validator');
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 1)).to.deep.equal([]);
    expect(result.valid).to.equal(true);
    expect(validator.version).to.equal('3.1');
    expect(() => validator.resolveRefs()).not.to.throw();
    const refs = JSON.stringify(doc).match(/"\$ref":"#\/[^"]+"/g) ?? [];
    for (const ref of new Set(refs)) {
      const pointer = ref.slice('"$ref":"#/'.length, -1).split('/');
      expect(
        pointer.reduce((node: any, key) => node?.[key], doc),
        ref,
      ).to.not.equal(undefined);
    }
  });

  it('gives every operation responses, a unique operationId, and declares the shared parts', () => {
    const ids = new Set<string>();
    for (const [key, op] of describedOperations(doc)) {
      expect(Object.keys(op.responses ?? {}), key).to.not.be.empty;
      if (op.operationId !== undefined) {
        expect(ids.has(op.operationId), `duplicate operationId ${op.operationId}`).to.equal(false);
        ids.add(op.operationId);
      }
    }
    expect(doc.components.schemas.Error.required).to.deep.equal(['error', 'message', 'code']);
    expect(doc.components.schemas.Page.required).to.deep.equal(['data', 'nextCursor']);
    expect(Object.keys(doc.components.securitySchemes)).to.include.members([
      'apiKey',
      'oauth2',
      'session',
      'posDevice',
    ]);
    expect(doc.paths['/api/pos/documents'].post.security).to.deep.equal([{ posDevice: [] }]);
    expect(doc.paths['/api/v1/openapi.json'].get.security).to.deep.equal([]);
    expect(doc.paths['/api/v1/contacts/{id}'].patch.security).to.deep.include({ oauth2: ['contacts:write'] });
  });

  it('describes exactly the registered REST routes (both directions), with the access each declares', () => {
    expectInSync(doc, app.app.routes);
  });

  it('leaves the test controls out where they do not exist', async () => {
    const production = await startTestApp({ TEST_CONTROLS: '0' });
    try {
      const res = await production.get('/api/v1/openapi.json');
      const paths = Object.keys(res.body.paths);
      expect(paths.filter((p) => p.startsWith('/api/test/'))).to.deep.equal([]);
      expect(Object.keys(doc.paths).filter((p) => p.startsWith('/api/test/'))).to.have.length.greaterThan(0);
      expectInSync(res.body, production.app.routes);
    } finally {
      await production.stop();
    }
  });
});
