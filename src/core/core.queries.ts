import type { EntityManager } from '@mikro-orm/postgresql';
import { query } from './db/sql';

/** The tables core owns itself: app_secrets (secrets kept across restarts) and outbound_email (mail without SMTP). */

/** Stores the secret unless one of that name exists (concurrent first starts: the first insert wins). */
export async function insertAppSecretIfAbsent(
  em: EntityManager,
  name: string,
  value: string,
  now: Date,
): Promise<void> {
  await query(em, 'INSERT INTO app_secrets (name, value, created_at) VALUES (?, ?, ?) ON CONFLICT (name) DO NOTHING', [
    name,
    value,
    now,
  ]);
}

export async function appSecret(em: EntityManager, name: string): Promise<string> {
  const [row] = await query<{ value: string }>(em, 'SELECT value FROM app_secrets WHERE name = ?', [name]);
  return row.value;
}

export interface StoredEmail {
  id: string;
  sender: string;
  recipient: string;
  subject: string;
  body: string;
  createdAt: Date;
}

export async function insertOutboundEmail(em: EntityManager, e: StoredEmail): Promise<void> {
  await query(
    em,
    'INSERT INTO outbound_email (id, sender, recipient, subject, body, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    [e.id, e.sender, e.recipient, e.subject, e.body, e.createdAt],
  );
}
