import { createHmac, randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import helmet from 'koa-helmet';
import type { AppContext } from '../../../core/http/types';
import { constantTimeEqual } from '../../../core/secrets';

/** Where this response's forms may submit to (the consent form redirects on to the client). */
const formTargets = new WeakMap<ServerResponse, string>();

const headers = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'none'"],
      styleSrc: ["'unsafe-inline'"],
      baseUri: ["'none'"],
      frameAncestors: ["'none'"],
      formAction: [(_req, res) => formTargets.get(res) ?? "'self'"],
    },
  },
  xFrameOptions: { action: 'deny' },
  referrerPolicy: { policy: 'no-referrer' },
});

/** CSP with frame-ancestors 'none', X-Frame-Options DENY, no caching: for every page response. */
export async function securePage(ctx: AppContext, extraFormTargets: string[] = []): Promise<void> {
  formTargets.set(ctx.res, ["'self'", ...extraFormTargets].join(' '));
  await headers(ctx, () => Promise.resolve());
  ctx.set('Cache-Control', 'no-store');
}

export function sendPage(ctx: AppContext, status: number, markup: string): void {
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = markup;
}

/**
 * CSRF tokens: an HMAC of something the attacker's page cannot read — the session cookie (consent)
 * or a random pre-login cookie (login). Verified in constant time.
 */
export class CsrfTokens {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('faktura:csrf').digest();
  }

  issue(purpose: string, binding: string): string {
    return createHmac('sha256', this.key).update(`${purpose}\n${binding}`).digest('base64url');
  }

  verify(purpose: string, binding: string, token: unknown): boolean {
    return typeof token === 'string' && constantTimeEqual(this.issue(purpose, binding), token);
  }

  static newBinding(): string {
    return randomBytes(32).toString('base64url');
  }
}
