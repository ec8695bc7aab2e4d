import net from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** One keep-alive connection on which requests are written byte by byte and answers read in order. */
export class RawConnection {
  private buffer = Buffer.alloc(0);
  private waiting: (() => void) | null = null;
  closed = false;

  private constructor(private readonly socket: net.Socket) {
    socket.on('data', (chunk) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.waiting?.();
    });
    socket.on('close', () => {
      this.closed = true;
      this.waiting?.();
    });
    socket.on('error', () => undefined);
  }

  static open(port: number): Promise<RawConnection> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => resolve(new RawConnection(socket)));
      socket.once('error', reject);
    });
  }

  write(data: string | Buffer): Promise<void> {
    return new Promise((resolve) => (this.socket.write(data) ? resolve() : this.socket.once('drain', () => resolve())));
  }

  /** The next complete answer (Content-Length bodies only, as the app sends them), or an error after `ms`. */
  async read(ms = 5000): Promise<RawResponse> {
    const deadline = Date.now() + ms;
    for (;;) {
      const parsed = this.parse();
      if (parsed) return parsed;
      if (this.closed) throw new Error('connection closed before an answer');
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('no answer on the connection');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiting = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.waiting = null;
    }
  }

  close(): void {
    this.socket.destroy();
  }

  private parse(): RawResponse | null {
    const end = this.buffer.indexOf('\r\n\r\n');
    if (end < 0) return null;
    const [statusLine, ...lines] = this.buffer.subarray(0, end).toString('latin1').split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const i = line.indexOf(':');
      headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
    }
    const length = Number(headers['content-length'] ?? 0);
    if (this.buffer.length < end + 4 + length) return null;
    const body = this.buffer.subarray(end + 4, end + 4 + length).toString('utf8');
    this.buffer = this.buffer.subarray(end + 4 + length);
    return { status: Number(statusLine.split(' ')[1]), headers, body };
  }
}

/** A chunked body of `total` bytes in 64 KiB chunks. */
export function chunked(total: number, fill = 'x'): Buffer {
  const parts: Buffer[] = [];
  for (let left = total; left > 0; left -= 65536) {
    const size = Math.min(65536, left);
    parts.push(Buffer.from(`${size.toString(16)}\r\n${fill.repeat(size)}\r\n`));
  }
  parts.push(Buffer.from('0\r\n\r\n'));
  return Buffer.concat(parts);
}
