import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Middleware } from 'koa';
import helmet from 'koa-helmet';
import type { AppState } from './types';

/** Where `npm run build:web` (run by prestart/pretest) leaves the built single-page app. */
export const WEB_BUILD_DIR = path.resolve(__dirname, '../../../dist/web');
const BASE = '/app';
const ASSETS = `${BASE}/assets/`;

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
};

/**
 * The app's page policy: scripts and styles only from this origin (Vite emits no inline script),
 * GraphQL only to this origin, never framed, no plugins, forms only to this origin.
 */
const pageHeaders = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'none'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      manifestSrc: ["'self'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
    },
  },
  xFrameOptions: { action: 'deny' },
  referrerPolicy: { policy: 'same-origin' },
});

/**
 * Serves the built web app under /app: hashed assets (/app/assets/*) cached for a year as immutable,
 * every other GET under /app (the client-side routes) answers index.html, never cached, so a new
 * build is picked up on the next navigation. The server-rendered /app/login and /app/oauth/consent
 * are routes registered before this and never reach it.
 */
export function webApp(dir: string = WEB_BUILD_DIR): Middleware<AppState> {
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || (ctx.path !== BASE && !ctx.path.startsWith(`${BASE}/`))) {
      await next();
      return;
    }
    if (ctx.path === BASE) return ctx.redirect(`${BASE}/`);
    if (ctx.path.startsWith(ASSETS)) {
      const name = ctx.path.slice(ASSETS.length);
      if (!/^[A-Za-z0-9._-]+$/.test(name) || name.startsWith('.')) {
        await next();
        return;
      }
      const file = path.join(dir, 'assets', name);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) {
        await next();
        return;
      }
      ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
      ctx.set('X-Content-Type-Options', 'nosniff');
      ctx.type = TYPES[path.extname(name)] ?? 'application/octet-stream';
      ctx.length = info.size;
      ctx.body = ctx.method === 'HEAD' ? null : createReadStream(file);
      return;
    }
    let html: string;
    try {
      // Read per request (a small file in the page cache): a rebuild is served at once.
      html = await readFile(path.join(dir, 'index.html'), 'utf8');
    } catch {
      ctx.status = 503;
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = 'The web app is not built: run `npm run build:web` (npm start and npm test do it).';
      return;
    }
    await pageHeaders(ctx, () => Promise.resolve());
    ctx.set('Cache-Control', 'no-cache');
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = html;
  };
}
