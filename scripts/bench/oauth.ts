import type { AutocannonRequest, BenchHarness, BenchScenario } from './harness';

/**
 * OAuth scenarios (issue 4). Tokens are obtained the way a client would: consent form, then code
 * exchange. The refresh benchmark runs rotation chains: every response's new refresh token goes
 * back into a pool and the next request takes one, so each token is used exactly once (no reuse
 * detection fires) and the pool never runs dry with pipelining 1.
 */
const REDIRECT = 'http://127.0.0.1:9/cb';

interface Granted {
  clientId: string;
  clientSecret?: string;
  tokens: { access_token: string; refresh_token: string }[];
}

async function grant(h: BenchHarness, confidential: boolean, count: number): Promise<Granted> {
  const { token } = await h.company();
  const app = await h.request(
    'POST',
    '/api/v1/oauth/applications',
    { name: 'Bench client', redirectUris: [REDIRECT], scopes: ['documents:read', 'contacts:read'], confidential },
    token,
  );
  if (app.status !== 201) throw new Error(`register failed: ${JSON.stringify(app.body)}`);
  const { clientId, clientSecret } = app.body;
  const cookie = `session=${token}`;
  const query = new URLSearchParams({
    client_id: clientId,
    redirect_uri: REDIRECT,
    response_type: 'code',
    state: 'bench',
  });
  const tokens: Granted['tokens'] = [];
  for (let i = 0; i < count; i++) {
    const verifier = 'v'.repeat(43) + i;
    if (!confidential) (query.set('code_challenge', verifier), query.set('code_challenge_method', 'plain'));
    const page = await (await fetch(`${h.url}/app/oauth/consent?${query.toString()}`, { headers: { cookie } })).text();
    const form = new URLSearchParams(
      [...page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map(
        (m) => [m[1], m[2].replace(/&amp;/g, '&')] as [string, string],
      ),
    );
    form.append('decision', 'allow');
    form.append('scope', 'documents:read');
    const back = await fetch(`${h.url}/app/oauth/consent`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    const code = new URL(back.headers.get('location')!).searchParams.get('code');
    if (!code) throw new Error(`consent failed: ${back.status} ${back.headers.get('location')}`);
    const params: Record<string, string> = {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      client_id: clientId,
    };
    if (clientSecret) params.client_secret = clientSecret;
    else params.code_verifier = verifier;
    const res = await h.request('POST', '/api/v1/oauth/token', new URLSearchParams(params).toString(), undefined, {
      'content-type': 'application/x-www-form-urlencoded',
    });
    if (res.status !== 200) throw new Error(`exchange failed: ${JSON.stringify(res.body)}`);
    tokens.push(res.body);
  }
  return { clientId, clientSecret, tokens };
}

function refreshChain(connections: number, confidential: boolean): BenchScenario['prepare'] {
  return async (h) => {
    const granted = await grant(h, confidential, connections * 2);
    const pool = granted.tokens.map((t) => t.refresh_token);
    const fixed = new URLSearchParams({
      grant_type: 'refresh_token',
      client_id: granted.clientId,
      ...(granted.clientSecret ? { client_secret: granted.clientSecret } : {}),
    });
    const base = {
      method: 'POST',
      path: '/api/v1/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      onResponse(status: number, body: unknown) {
        if (status === 200) pool.push(JSON.parse(String(body)).refresh_token);
      },
    };
    return {
      base: base,
      setupRequest: (req: AutocannonRequest) => {
        const next = pool.shift();
        if (!next) throw new Error('refresh token pool ran dry (failed refreshes?)');
        fixed.set('refresh_token', next);
        return { ...req, body: fixed.toString() };
      },
    };
  };
}

export const oauthScenarios: BenchScenario[] = [
  {
    name: 'OAuth refresh_token grant (public client, rotation chains)',
    connections: 16,
    durationSeconds: 10,
    prepare: refreshChain(16, false),
  },
  {
    name: 'OAuth refresh_token grant (confidential client, client_secret in body)',
    connections: 8,
    durationSeconds: 10,
    prepare: refreshChain(8, true),
  },
  {
    name: 'GET /api/v1/organization (OAuth access token)',
    connections: 32,
    durationSeconds: 10,
    async prepare(h) {
      const { tokens } = await grant(h, true, 1);
      return {
        method: 'GET',
        path: '/api/v1/organization',
        headers: { authorization: `Bearer ${tokens[0].access_token}` },
      };
    },
  },
];
