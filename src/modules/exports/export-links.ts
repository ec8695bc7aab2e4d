import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Download links of exports that work without a credential for 24 hours: the token is the expiry
 * and an HMAC-SHA256 of the export's id and that expiry under a key derived from the server secret.
 */
export class ExportLinks {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('faktura:export-download').digest();
  }

  token(exportId: string, expiresAt: Date): string {
    const expiry = String(Math.floor(expiresAt.getTime() / 1000));
    return `${expiry}.${this.signature(exportId, expiry)}`;
  }

  /** Whether `token` is this server's for `exportId` and not expired at `now`. */
  valid(exportId: string, token: string, now: Date): boolean {
    const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return false;
    const [, expiry, signature] = match;
    const expected = Buffer.from(this.signature(exportId, expiry));
    const given = Buffer.from(signature);
    return timingSafeEqual(expected, given) && Number(expiry) * 1000 > now.getTime();
  }

  private signature(exportId: string, expiry: string): string {
    return createHmac('sha256', this.key).update(`${exportId}\n${expiry}`).digest('base64url');
  }
}
