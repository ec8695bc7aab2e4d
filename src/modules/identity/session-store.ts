import { randomUUID } from 'node:crypto';
import type { FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../core/clock';
import type { RequestClient } from '../../core/ctx';
import { generateToken, sha256Hex } from '../../core/secrets';
import { Session } from './session.entity';

/** Session tokens: `fks_` + 64 hex (256 random bits), stored as their SHA-256. */
export const SESSION_PREFIX = 'fks_';
const SHAPE = /^fks_[0-9a-f]{64}$/;

/** last_seen_at is written at most this often per session (not on every request). */
export const SESSION_TOUCH_MS = 60_000;

/**
 * Server-side sessions: a row per login (created, expires = created + SESSION_TTL_SECONDS, last seen,
 * client address and user agent, ended). Times come from the Clock.
 */
export class SessionStore {
  constructor(
    private readonly clock: Clock,
    readonly ttlSeconds: number,
  ) {}

  /**
   * Starts a session of the person and returns its token (shown once). The person's ended and
   * expired sessions are pruned on the way, so the table holds about the live sessions only.
   */
  async start(em: EntityManager, userId: string, client: RequestClient): Promise<string> {
    const token = generateToken(SESSION_PREFIX);
    const now = this.clock.now();
    await em.nativeDelete(Session, { userId, $or: [{ endedAt: { $ne: null } }, { expiresAt: { $lte: now } }] });
    await em.insert(Session, {
      id: randomUUID(),
      userId,
      tokenHash: sha256Hex(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + this.ttlSeconds * 1000),
      lastSeenAt: now,
      ip: client.ip,
      userAgent: client.userAgent,
      endedAt: null,
    });
    return token;
  }

  /** The stored hash of a token, or null when the token cannot be a session token at all. */
  static hashOf(token: string): string | null {
    return SHAPE.test(token) ? sha256Hex(token) : null;
  }

  /** The live (neither ended nor expired) sessions matching `where`. */
  live(where: FilterQuery<Session>): FilterQuery<Session> {
    return { $and: [where, { endedAt: null, expiresAt: { $gt: this.clock.now() } }] };
  }

  /** Ends the live sessions matching `where` at once; how many were ended. */
  end(em: EntityManager, where: FilterQuery<Session>): Promise<number> {
    return em.nativeUpdate(Session, this.live(where), { endedAt: this.clock.now() });
  }
}
