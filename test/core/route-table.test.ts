import { expect } from 'chai';
import Router from '@koa/router';
import { RouteTable } from '../../src/core/http/route-table';
import { startTestApp } from '../helpers/app';

/** What @koa/router 15 (the router ApiRouter used before) matches: the paths of the routes that would run, with the params of each. */
function koaRouterMatch(
  router: Router,
  path: string,
  method: string,
): { path: string; params: Record<string, string> }[] {
  const layers = router.match(path, method).pathAndMethod;
  let params: Record<string, string> = {};
  return layers.map((layer) => {
    params = layer.params(path, layer.captures(path), params);
    return { path: layer.path as string, params: { ...params } };
  });
}

describe('core/http/route-table: one lookup matches as @koa/router did', () => {
  let declared: { method: string; path: string }[];
  before(async () => {
    const app = await startTestApp();
    declared = app.app.routes.filter((r) => r.path !== '/graphql');
    await app.stop();
  });

  it('for every declared route of the app, in every spelling a client may send', () => {
    const router = new Router();
    const table = new RouteTable<string>();
    for (const { method, path } of declared) {
      router.register(path, [method], () => undefined);
      table.add([method], path, path);
    }
    const values = [
      'abc',
      '8f1c3e0a-1b2c-4d5e-8f90-123456789abc',
      'A%2Fb',
      '%E0%A4%A',
      'x%20y',
      'credit-notes',
      'batch',
      '%00',
    ];
    const requests = new Set<string>([
      '/',
      '//',
      '/api',
      '/api/v1',
      '/api/v1/',
      '/API/V1/ORGANIZATION',
      '/api/v1/organization//',
    ]);
    for (const { path } of declared) {
      for (const value of values) {
        const concrete = path.replace(/:[A-Za-z_$][\w$]*/g, value);
        for (const p of [
          concrete,
          `${concrete}/`,
          `${concrete}//`,
          concrete.toUpperCase(),
          concrete.replace(/\/[^/]*$/, ''),
          `${concrete}/extra`,
          concrete.replace('/', '//'),
          concrete.replace(/e/g, 'é'),
          concrete.replace(/k/g, '\u212a'),
        ])
          requests.add(p);
      }
    }
    let compared = 0;
    for (const path of requests) {
      for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
        const expected = koaRouterMatch(router, path, method);
        let params: Record<string, string> = {};
        const actual = table.match(path, method).map((m) => {
          params = { ...params, ...m.params };
          return { path: m.value, params };
        });
        expect(actual, `${method} ${path}`).to.deep.equal(expected);
        compared++;
      }
    }
    expect(compared).to.be.greaterThan(10_000);
  });

  it('refuses a path syntax it does not implement', () => {
    const table = new RouteTable<string>();
    for (const path of ['/files/*rest', '/a/:id.pdf', '/a{/:b}', '/a//b', 'a', '/a b'])
      expect(() => table.add(['GET'], path, path), path).to.throw(/route path/);
  });
});
