import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeCompany, type Company } from '../helpers/fixtures';
import { refusedAddress, type ResolvedAddress } from '../../src/modules/webhooks/webhook-network';
import { makeWebhook } from '../helpers/webhooks';

/** Host → addresses the stubbed resolver answers; no name is really resolved and no traffic leaves the machine. */
const HOSTS: Record<string, ResolvedAddress[]> = {
  'private.example.test': [{ address: '10.1.2.3', family: 4 }],
  'private172.example.test': [{ address: '172.16.0.5', family: 4 }],
  'private192.example.test': [{ address: '192.168.1.1', family: 4 }],
  'loopback.example.test': [{ address: '127.0.0.1', family: 4 }],
  'loopback6.example.test': [{ address: '::1', family: 6 }],
  'linklocal.example.test': [{ address: '169.254.10.10', family: 4 }],
  'linklocal6.example.test': [{ address: 'fe80::1', family: 6 }],
  'multicast.example.test': [{ address: '224.0.0.1', family: 4 }],
  'unspecified.example.test': [{ address: '0.0.0.0', family: 4 }],
  'metadata.example.test': [{ address: '169.254.169.254', family: 4 }],
  'metadata6.example.test': [{ address: 'fd00:ec2::254', family: 6 }],
  'ula.example.test': [{ address: 'fd12:3456::1', family: 6 }],
  'mapped.example.test': [{ address: '::ffff:10.0.0.1', family: 6 }],
  'mapped-public.example.test': [{ address: '::ffff:8.8.8.8', family: 6 }],
  // One public and one private address: any private one refuses the host (rebinding through a second record).
  'mixed.example.test': [
    { address: '93.184.216.34', family: 4 },
    { address: '10.0.0.7', family: 4 },
  ],
};

describe('webhooks: SSRF guard (WEBHOOK_ALLOW_PRIVATE_NETWORKS off)', () => {
  let app: TestApp;
  let company: Company;
  const asked: string[] = [];

  before(async () => {
    app = await startTestApp(
      { WEBHOOK_ALLOW_PRIVATE_NETWORKS: '0', WEBHOOK_TIMEOUT_MS: '300' },
      {
        onContainer: (c) => {
          c.services.webhooks.network.resolve = (host) => {
            asked.push(host);
            const found = HOSTS[host];
            return found ? Promise.resolve(found) : Promise.reject(new Error(`stub: unknown host ${host}`));
          };
        },
      },
    );
    company = await makeCompany(app);
  });
  after(() => app?.stop());

  it('refuses every non-public address class at delivery time and records the refusal as the error', async () => {
    for (const host of Object.keys(HOSTS)) {
      const hook = await makeWebhook(app, company.token, { url: `https://${host}/hook` });
      const res = await app.post(`/api/v1/webhooks/${hook.id}/test`, {}, company.token);
      expect(res.status, res.text).to.equal(200);
      expect(res.body.delivered, host).to.equal(false);
      expect(res.body.statusCode).to.equal(null);
      expect(res.body.error, host).to.match(/^Refused: .* resolves to a non-public address/);
      const log = await app.get(`/api/v1/webhooks/${hook.id}/deliveries`, company.token);
      expect(log.body.data[0].attempts[0].error).to.equal(res.body.error);
    }
    expect(asked).to.include.members(Object.keys(HOSTS));
  });

  it('refuses IP literals too, including IPv6 in brackets', async () => {
    for (const literal of ['127.0.0.1', '[::1]', '[::ffff:127.0.0.1]', '169.254.169.254', '[fd00:ec2::254]']) {
      app.app.container.services.webhooks.network.resolve = (host) =>
        Promise.resolve([{ address: host, family: host.includes(':') ? 6 : 4 }]);
      const hook = await makeWebhook(app, company.token, { url: `https://${literal}/hook` });
      const res = await app.post(`/api/v1/webhooks/${hook.id}/test`, {}, company.token);
      expect(res.body.error, literal).to.match(/^Refused/);
    }
  });

  it('accepts only https targets at registration', async () => {
    const res = await app.post(
      '/api/v1/webhooks',
      { name: 'x', url: 'http://127.0.0.1:9/x', events: [] },
      company.token,
    );
    expect(res.status).to.equal(400);
    expect(res.body.message).to.contain('url');
  });

  it('classifies addresses: only public unicast passes', () => {
    expect(refusedAddress('93.184.216.34')).to.equal(null);
    expect(refusedAddress('2606:4700:4700::1111')).to.equal(null);
    for (const a of [
      '10.0.0.1',
      '100.64.0.1',
      '127.1.2.3',
      '169.254.169.254',
      '224.1.1.1',
      '255.255.255.255',
      '0.0.0.0',
      '::',
      '::1',
      'fe80::1',
      'ff02::1',
      'fc00::1',
      '::ffff:1.2.3.4',
      'not-an-ip',
    ]) {
      expect(refusedAddress(a), a).to.be.a('string');
    }
  });
});
