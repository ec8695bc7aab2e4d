import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A fixing file as ČNB publishes it (denni_kurz.txt): date and sequence, header, one line per currency. */
export function cnbFile(date: string, sequence: number, lines: string[]): string {
  return [`${date} #${sequence}`, 'země|měna|množství|kód|kurz', ...lines, ''].join('\n');
}

/**
 * ČNB's rates address, served locally: `latest` without `?date=`, `byDate[DD.MM.YYYY]` with it
 * (as ČNB does, a weekend date answers with Friday's file). Every request's `date` is recorded.
 */
export class CnbServer {
  readonly asked: (string | null)[] = [];
  latest = '';
  byDate: Record<string, string> = {};
  /** Served instead of the file while set (a broken ČNB). */
  failWith: { status: number; body: string } | null = null;
  private server: Server | null = null;

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      const date = new URL(req.url ?? '/', 'http://x').searchParams.get('date');
      this.asked.push(date);
      if (this.failWith) {
        res.writeHead(this.failWith.status, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(this.failWith.body);
        return;
      }
      const body = date === null ? this.latest : this.byDate[date];
      if (body === undefined) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(body);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/cs/financni-trhy/devizovy-trh/kurzy-devizoveho-trhu/kurzy-devizoveho-trhu/denni_kurz.txt`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
