import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../clock';
import type { RequestContext } from '../ctx';
import { decodeCursor, encodeCursor } from '../pagination';
import type { Page, Pagination } from '../validation';
import { insertEntries, listEntries, type AuditFilter, type AuditRow } from './audit.queries';

export type { AuditFilter, AuditRow } from './audit.queries';

/** Every action the audit log records (issue 23 point 9). */
export const AUDIT_ACTIONS = [
  'login.succeeded',
  'login.failed',
  'logout',
  'session.ended',
  'password.changed',
  'two_factor.enabled',
  'two_factor.disabled',
  'two_factor.requirement_changed',
  'user.created',
  'user.changed',
  'user.removed',
  'api_key.created',
  'api_key.deleted',
  'oauth_application.created',
  'oauth_application.changed',
  'oauth_application.secret_rotated',
  'oauth_consent.granted',
  'oauth_consent.revoked',
  'webhook_endpoint.created',
  'webhook_endpoint.changed',
  'webhook_endpoint.deleted',
  'payment_gateway.connected',
  'payment_gateway.disconnected',
  'bank_connection.connected',
  'bank_connection.removed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Plain facts about the action; never a secret (record refuses names that look like one). */
export type AuditDetails = Record<string, string | number | boolean | null | readonly string[]>;

export interface AuditEntry {
  action: AuditAction;
  /** The companies whose log shows the entry; null = none (the operator's, e.g. a failed login for an unknown e-mail). */
  organizationIds: readonly string[] | null;
  /** What the action was done to, e.g. `{ type: 'user', id }`. */
  target?: { type: string; id: string };
  details?: AuditDetails;
  /** Who acted when the request has no principal yet (a login): the person. Default: the request's caller. */
  actorUserId?: string | null;
}

const SECRET_LIKE = /secret|password|token|otp|recovery/i;

/**
 * Records security-relevant actions with time (the Clock), actor, client address and target. Writes
 * on the request's EntityManager: inside its transaction when it has one (the entry commits with the
 * change), else at once (a failed login is kept although its request fails).
 */
export class AuditTrail {
  constructor(private readonly clock: Clock) {}

  async record(ctx: RequestContext, entry: AuditEntry): Promise<void> {
    const details = entry.details ?? {};
    const secretLike = Object.keys(details).find((name) => SECRET_LIKE.test(name));
    if (secretLike) throw new Error(`audit details must not carry secrets (${secretLike})`);
    const principal = ctx.principal;
    await insertEntries(ctx.em, entry.organizationIds ?? [null], {
      created_at: this.clock.now(),
      action: entry.action,
      actor_user_id: entry.actorUserId !== undefined ? entry.actorUserId : (principal?.userId ?? null),
      actor_kind: principal?.kind ?? (entry.actorUserId ? 'session' : null),
      actor_credential_id: principal?.credentialId ?? null,
      ip: ctx.client.ip,
      user_agent: ctx.client.userAgent,
      target_type: entry.target?.type ?? null,
      target_id: entry.target?.id ?? null,
      details: JSON.stringify(details),
    });
  }

  /**
   * Flushes the request's pending changes and records the entry in one transaction: the entry exists
   * exactly when the change does (for services that otherwise end with `await ctx.em.flush()`).
   */
  async flushWith(ctx: RequestContext, entry: AuditEntry): Promise<void> {
    // begin/commit on the request's own EntityManager, not a fork: commit flushes every pending change of
    // it (removals included) in the transaction the entry is written in.
    await ctx.em.begin();
    try {
      await this.record(ctx, entry);
      await ctx.em.commit();
    } catch (err) {
      await ctx.em.rollback();
      throw err;
    }
  }

  /** One organization's entries, newest first (a reader wants the latest first), keyset-paginated. */
  async list(
    em: EntityManager,
    organizationId: string,
    filter: AuditFilter,
    page: Pagination,
  ): Promise<Page<AuditRow>> {
    const before = page.cursor ? decodeCursor(page.cursor) : null;
    const rows = await listEntries(em, organizationId, filter, before, page.limit + 1);
    const data = rows.slice(0, page.limit);
    const last = data[data.length - 1];
    return {
      data,
      nextCursor: rows.length > page.limit ? encodeCursor({ id: last.id, createdAt: new Date(last.created_at) }) : null,
    };
  }
}
