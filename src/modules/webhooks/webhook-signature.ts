import { createHmac, randomBytes } from 'node:crypto';

/** A new endpoint secret: 32 random bytes as 64 lowercase hex characters (SPEC 2.8, 8). */
export function newWebhookSecret(): string {
  return randomBytes(32).toString('hex');
}

/**
 * The purpose the endpoint secrets are sealed for (`webhook_endpoints.secret` holds
 * `infra.secretBox.seal(secret, WEBHOOK_SECRET_PURPOSE)`; declared in the manifest's sealedSecrets).
 */
export const WEBHOOK_SECRET_PURPOSE = 'webhook_secret';

/** X-Faktura-Signature: `sha256=` + HMAC-SHA256 over the exact body bytes, keyed by the secret string (SPEC 5.4). */
export function signBody(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
}
