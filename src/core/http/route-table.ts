/**
 * The routes of one ApiRouter, found by one walk down a tree of path segments instead of testing
 * every route's regular expression in turn, as @koa/router does (~160 regex tests and `debug` calls
 * per request over the root and /api/v1 routers: about 5 % of the CPU of an API-key GET
 * /organization, docs/benchmarks.md, issue 31 point 2).
 *
 * It matches exactly what @koa/router 15 (path-to-regexp 8, `sensitive: false`, `trailing: true`)
 * matched for the paths routes are declared with — static segments and whole-segment `:name`
 * parameters, nothing else (any other syntax is refused when the route is added):
 * - static segments case-insensitively (ASCII only, as a non-unicode `i` regex does);
 * - a parameter is one non-empty segment, decoded by decodeURIComponent (left as sent when that fails);
 * - one trailing slash is optional;
 * - every route whose path and method match runs, in the order the routes were added (a GET route
 *   also answers HEAD). test/core/route-table.test.ts compares it with path-to-regexp.
 */
export interface RouteMatch<T> {
  path: string;
  value: T;
  params: Record<string, string>;
}

interface Route<T> {
  /** Order of declaration: the order matching routes run in. */
  index: number;
  path: string;
  methods: ReadonlySet<string>;
  /** The name of each parameter, in the order of the path's parameter segments. */
  paramNames: readonly string[];
  value: T;
}

class SegmentNode<T> {
  readonly statics = new Map<string, SegmentNode<T>>();
  param: SegmentNode<T> | null = null;
  readonly routes: Route<T>[] = [];
}

const PARAM = /^:[A-Za-z_$][\w$]*$/;
/** What path-to-regexp 8 would read as syntax rather than text. */
const SYNTAX = /[:*?+(){}[\]\\]/;
/** Printable ASCII without the space: what a static segment may hold. */
const PRINTABLE = /^[!-~]+$/;

export class RouteTable<T> {
  private readonly root = new SegmentNode<T>();
  private count = 0;

  /** Adds a route; `path` starts with `/`. */
  add(methods: readonly string[], path: string, value: T): void {
    if (!path.startsWith('/')) throw new Error(`route path ${path} must start with /`);
    let node = this.root;
    const paramNames: string[] = [];
    for (const segment of path.slice(1).split('/')) {
      if (PARAM.test(segment)) {
        paramNames.push(segment.slice(1));
        node = node.param ??= new SegmentNode<T>();
      } else if (!PRINTABLE.test(segment) || SYNTAX.test(segment)) {
        throw new Error(
          `route path ${path}: only printable ASCII segments and whole-segment :parameters are supported`,
        );
      } else {
        const key = segment.toLowerCase();
        let next = node.statics.get(key);
        if (!next) node.statics.set(key, (next = new SegmentNode<T>()));
        node = next;
      }
    }
    const upper = methods.map((m) => m.toUpperCase());
    if (upper.includes('GET')) upper.push('HEAD');
    node.routes.push({ index: this.count++, path, methods: new Set(upper), paramNames, value });
  }

  /** Every route matching `path` and `method`, in the order they were added. */
  match(path: string, method: string): RouteMatch<T>[] {
    if (path.charCodeAt(0) !== 47 /* / */) return [];
    const end = path.length > 1 && path.charCodeAt(path.length - 1) === 47 ? path.length - 1 : path.length;
    const segments = path.slice(1, end).split('/');
    const found: { route: Route<T>; values: string[] }[] = [];
    this.collect(this.root, segments, 0, [], method, found);
    if (found.length > 1) found.sort((a, b) => a.route.index - b.route.index);
    return found.map(({ route, values }) => ({ path: route.path, value: route.value, params: params(route, values) }));
  }

  private collect(
    node: SegmentNode<T>,
    segments: readonly string[],
    at: number,
    values: string[],
    method: string,
    found: { route: Route<T>; values: string[] }[],
  ): void {
    if (at === segments.length) {
      for (const route of node.routes) if (route.methods.has(method)) found.push({ route, values: [...values] });
      return;
    }
    const segment = segments[at];
    const key = segment.toLowerCase();
    // A non-unicode `i` regex never folds a non-ASCII character into an ASCII one; toLowerCase may (K, U+212A).
    const exact = key === segment || PRINTABLE.test(segment) ? node.statics.get(key) : undefined;
    if (exact) this.collect(exact, segments, at + 1, values, method, found);
    if (node.param && segment !== '') {
      values.push(segment);
      this.collect(node.param, segments, at + 1, values, method, found);
      values.pop();
    }
  }
}

function params(route: Route<unknown>, values: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < values.length; i++) out[route.paramNames[i]] = safeDecode(values[i]);
  return out;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
