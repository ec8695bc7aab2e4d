import http from 'node:http';
import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';
import { chunked, RawConnection } from './raw-http';

const MIB = 1024 * 1024;

/** Issue 11, point 3: an answer given before the body was read never leaves a keep-alive connection hanging. */
describe('hostile input: early answers and keep-alive', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp();
  });
  after(() => app.stop());

  const head = (path: string, framing: string) =>
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nConnection: keep-alive\r\n${framing}\r\n`;
  const nextRequest = 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n';

  async function answersAfter(path: string, framing: string, body: Buffer, expected: number) {
    const connection = await RawConnection.open(app.app.port);
    try {
      await connection.write(head(path, framing));
      await connection.write(body);
      const first = await connection.read();
      expect(first.status, first.body).to.equal(expected);
      expect(first.headers.connection).not.to.equal('close');
      await connection.write(nextRequest);
      const second = await connection.read();
      expect(second.status).to.equal(200);
    } finally {
      connection.close();
    }
  }

  it('drains a 2 MiB chunked body after its 413 and answers the next request on the connection', async () => {
    await answersAfter('/api/v1/auth/signup', 'Transfer-Encoding: chunked\r\n', chunked(2 * MIB), 413);
  });

  it('does the same for a 2 MiB body with Content-Length', async () => {
    await answersAfter('/api/v1/auth/signup', `Content-Length: ${2 * MIB}\r\n`, Buffer.alloc(2 * MIB, 'x'), 413);
  });

  it('drains a body never read at all (a route answering before its body parser)', async () => {
    // POS routes read their body themselves; an unknown one answers 404 before reading it.
    await answersAfter('/api/pos/nothing', 'Transfer-Encoding: chunked\r\n', chunked(512 * 1024), 404);
    await answersAfter('/api/pos/nothing', `Content-Length: ${512 * 1024}\r\n`, Buffer.alloc(512 * 1024, 'x'), 404);
  });

  it('answers INVALID_JSON and then the next request', async () => {
    const body = Buffer.from('{"companyName": ');
    await answersAfter('/api/v1/auth/signup', `Content-Length: ${body.length}\r\n`, body, 400);
  });

  it('closes instead when the announced body is larger than it drains', async () => {
    const connection = await RawConnection.open(app.app.port);
    try {
      await connection.write(head('/api/v1/auth/signup', `Content-Length: ${64 * MIB}\r\n`));
      await connection.write(Buffer.alloc(MIB, 'x'));
      const first = await connection.read();
      expect(first.status).to.equal(413);
      expect(first.headers.connection).to.equal('close');
    } finally {
      connection.close();
    }
  });

  it('works for a keep-alive agent with one socket', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const send = (method: string, path: string, body?: Buffer, headers: Record<string, string> = {}) =>
      new Promise<number>((resolve, reject) => {
        const req = http.request(`${app.url}${path}`, { method, agent, headers }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode!));
        });
        req.on('error', reject);
        req.end(body);
      });
    try {
      const big = Buffer.alloc(2 * MIB, 'x');
      const statuses = await Promise.all([
        send('POST', '/api/v1/auth/signup', big, { 'content-type': 'application/json' }),
        send('GET', '/healthz'),
        send('POST', '/api/v1/auth/signup', big, {
          'content-type': 'application/json',
          'transfer-encoding': 'chunked',
        }),
        send('GET', '/healthz'),
      ]);
      expect(statuses).to.deep.equal([413, 200, 413, 200]);
    } finally {
      agent.destroy();
    }
  });
});
