import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One POST a receiver got: headers and the exact body bytes as text. */
export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

export type Responder = (
  req: Received,
) => { status: number; body?: string; headers?: Record<string, string>; delayMs?: number } | 'hang';

/** A real HTTP receiver on 127.0.0.1 answering with `respond` (changeable); records every request. */
export interface Receiver {
  url: string;
  received: Received[];
  respond: Responder;
  close(): Promise<void>;
}

export async function startReceiver(respond: Responder = () => ({ status: 200, body: 'ok' })): Promise<Receiver> {
  const hanging = new Set<http.ServerResponse>();
  const receiver: Receiver = { url: '', received: [], respond, close: () => Promise.resolve() };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const got = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      receiver.received.push(got);
      const answer = receiver.respond(got);
      if (answer === 'hang') return void hanging.add(res);
      const send = () => {
        res.writeHead(answer.status, answer.headers ?? {});
        res.end(answer.body ?? '');
      };
      if (!answer.delayMs) return send();
      hanging.add(res);
      setTimeout(() => {
        hanging.delete(res);
        if (!res.destroyed) send();
      }, answer.delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  receiver.close = () =>
    new Promise<void>((resolve) => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}
