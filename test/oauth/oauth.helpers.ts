import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import type { HttpResult, TestApp } from '../helpers/app';
import { type Company } from '../helpers/fixtures';

export const ALL = [
  'documents:read',
  'documents:write',
  'costs:read',
  'costs:write',
  'contacts:read',
  'contacts:write',
  'reports:read',
  'reports:write',
  'company_settings:read',
  'company_settings:write',
  'payments:read',
  'payments:write',
  'automations:read',
  'automations:write',
];

export interface RegisteredApp {
  id: string;
  clientId: string;
  clientSecret?: string;
  redirectUri: string;
}

/** Registers an OAuth application as the company owner. */
export async function registerApp(
  app: TestApp,
  company: Company,
  overrides: Partial<{
    name: string;
    description: string;
    redirectUris: string[];
    scopes: string[];
    confidential: boolean;
  }> = {},
): Promise<RegisteredApp> {
  const redirectUris = overrides.redirectUris ?? ['http://127.0.0.1:9/callback'];
  const res = await app.post(
    '/api/v1/oauth/applications',
    {
      name: 'Účetní robot',
      description: 'Syncs invoices to the books',
      scopes: ['documents:read', 'contacts:read', 'contacts:write'],
      confidential: true,
      ...overrides,
      redirectUris,
    },
    company.token,
  );
  expect(res.status, res.text).to.equal(201);
  return {
    id: res.body.id,
    clientId: res.body.clientId,
    clientSecret: res.body.clientSecret,
    redirectUri: redirectUris[0],
  };
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function authorizeQuery(
  client: RegisteredApp,
  extra: Record<string, string | undefined> = {},
): Record<string, string> {
  const q: Record<string, string | undefined> = {
    client_id: client.clientId,
    redirect_uri: client.redirectUri,
    response_type: 'code',
    state: 'st-' + randomBytes(6).toString('hex'),
    ...extra,
  };
  return Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined)) as Record<string, string>;
}

function decodeEntities(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

export interface ConsentScreen {
  status: number;
  headers: Headers;
  html: string;
  csrf: string;
  hidden: [string, string][];
  /** Checkbox values, with whether each is enabled. */
  scopes: { scope: string; enabled: boolean }[];
}

export async function openConsent(
  app: TestApp,
  session: string | null,
  query: Record<string, string>,
): Promise<ConsentScreen> {
  const res = await fetch(`${app.url}/app/oauth/consent?${new URLSearchParams(query).toString()}`, {
    headers: session ? { cookie: `session=${session}` } : {},
    redirect: 'manual',
  });
  const html = await res.text();
  const hidden = [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map(
    (m) => [m[1], decodeEntities(m[2])] as [string, string],
  );
  const scopes = [...html.matchAll(/<input type="checkbox" name="scope" value="([^"]+)" (checked|disabled)>/g)].map(
    (m) => ({ scope: m[1], enabled: m[2] === 'checked' }),
  );
  return {
    status: res.status,
    headers: res.headers,
    html,
    csrf: hidden.find(([n]) => n === 'csrf')?.[1] ?? '',
    hidden,
    scopes,
  };
}

export async function submitConsent(
  app: TestApp,
  session: string,
  screen: ConsentScreen,
  decision: 'allow' | 'deny',
  scopes?: string[],
): Promise<Response> {
  const form = new URLSearchParams(screen.hidden);
  form.append('decision', decision);
  for (const s of scopes ?? screen.scopes.filter((s) => s.enabled).map((s) => s.scope)) form.append('scope', s);
  return fetch(`${app.url}/app/oauth/consent`, {
    method: 'POST',
    headers: { cookie: `session=${session}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
  });
}

/** Consent without a browser: returns the parameters of the redirect back to the client. */
export async function consent(
  app: TestApp,
  session: string,
  query: Record<string, string>,
  decision: 'allow' | 'deny' = 'allow',
  scopes?: string[],
): Promise<URLSearchParams> {
  const screen = await openConsent(app, session, query);
  expect(screen.status, screen.html).to.equal(200);
  const res = await submitConsent(app, session, screen, decision, scopes);
  expect(res.status, await res.clone().text()).to.equal(303);
  const location = new URL(res.headers.get('location')!);
  expect(location.origin + location.pathname).to.equal(query.redirect_uri.split('?')[0]);
  return location.searchParams;
}

export function basic(id: string, secret: string): string {
  const enc = (v: string) => encodeURIComponent(v).replace(/%20/g, '+');
  return `Basic ${Buffer.from(`${enc(id)}:${enc(secret)}`).toString('base64')}`;
}

/** POST to a protocol endpoint as application/x-www-form-urlencoded. */
export function protocolPost(
  app: TestApp,
  path: string,
  params: Record<string, string | undefined>,
  authorization?: string,
): Promise<HttpResult> {
  const body = new URLSearchParams(Object.entries(params).filter(([, v]) => v !== undefined) as [string, string][]);
  return app.request('POST', path, {
    raw: body.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(authorization ? { authorization } : {}) },
  });
}

export const tokenRequest = (app: TestApp, params: Record<string, string | undefined>, authorization?: string) =>
  protocolPost(app, '/api/v1/oauth/token', params, authorization);

/** A confidential client's full code flow without a browser; returns the token response. */
export async function obtainTokens(
  app: TestApp,
  company: { token: string },
  client: RegisteredApp,
  extra: Record<string, string> = {},
): Promise<{ access_token: string; refresh_token: string; scope: string }> {
  const pkce = client.clientSecret ? null : pkcePair();
  const query = authorizeQuery(client, {
    ...(pkce ? { code_challenge: pkce.challenge, code_challenge_method: 'S256' } : {}),
    ...extra,
  });
  const back = await consent(app, company.token, query);
  const res = await tokenRequest(app, {
    grant_type: 'authorization_code',
    code: back.get('code')!,
    redirect_uri: client.redirectUri,
    client_id: client.clientId,
    client_secret: client.clientSecret,
    code_verifier: pkce?.verifier,
  });
  expect(res.status, res.text).to.equal(200);
  return res.body;
}

/** A real HTTP server standing in for the client's redirect URI; records every callback. */
export async function callbackReceiver(): Promise<{ url: string; hits: URL[]; close(): Promise<void> }> {
  const hits: URL[] = [];
  const server = http.createServer((req, res) => {
    hits.push(new URL(req.url!, 'http://127.0.0.1'));
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<!doctype html><title>callback</title><p id="done">received</p>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/callback`,
    hits,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
