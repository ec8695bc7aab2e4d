import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuditTrail } from '../../core/audit/audit-trail';
import { authed, type RequestContext } from '../../core/ctx';
import { ForbiddenError, NotFoundError } from '../../core/errors';
import { isUuid } from '../../core/fields';
import { mapPage, paginate } from '../../core/pagination';
import { paginationInput, parseInput, validationFailed, type Page } from '../../core/validation';
import { changePasswordInput, type ChangePasswordInput } from './identity.inputs';
import { Membership } from './membership.entity';
import type { Passwords } from './passwords';
import { PASSWORD_IS_EMAIL, passwordIsEmail } from './password-policy';
import { Session } from './session.entity';
import type { SessionStore } from './session-store';
import type { SignInThrottle } from './sign-in-throttle';
import { User } from './user.entity';

export interface SessionView {
  id: string;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  ip: string;
  userAgent: string;
  /** The session of this request. */
  current: boolean;
}

/** The logged-in person's own sessions and password: log out, list and end sessions, change the password. */
export class SessionsService {
  constructor(
    private readonly passwords: Passwords,
    private readonly sessions: SessionStore,
    private readonly audit: AuditTrail,
    private readonly throttle: SignInThrottle,
  ) {}

  /** Ends the session of this request: its token is refused from now on. */
  async logout(ctx: RequestContext): Promise<void> {
    const { userId, sessionId } = this.person(ctx);
    await ctx.em.fork().transactional(async (em) => {
      const ended = await this.sessions.end(em, { id: sessionId, userId });
      if (ended)
        await this.audit.record(
          { ...ctx, em },
          { action: 'logout', organizationIds: await organizationIdsOf(em, userId), target: sessionTarget(sessionId) },
        );
    });
  }

  /** The person's live sessions, oldest first. */
  async list(ctx: RequestContext, page: unknown): Promise<Page<SessionView>> {
    const { userId, sessionId } = this.person(ctx);
    const rows = await paginate(ctx.em, Session, this.sessions.live({ userId }), parseInput(paginationInput, page));
    return mapPage(rows, (s) => ({
      id: s.id,
      createdAt: s.createdAt.toISOString(),
      lastSeenAt: s.lastSeenAt.toISOString(),
      expiresAt: s.expiresAt.toISOString(),
      ip: s.ip,
      userAgent: s.userAgent,
      current: s.id === sessionId,
    }));
  }

  /** Ends one of the person's own live sessions (404 for any other id, another person's included). */
  async end(ctx: RequestContext, id: string): Promise<void> {
    const { userId } = this.person(ctx);
    if (!isUuid(id)) throw new NotFoundError('Session');
    await ctx.em.fork().transactional(async (em) => {
      const ended = await this.sessions.end(em, { id, userId });
      if (!ended) throw new NotFoundError('Session');
      await this.audit.record(
        { ...ctx, em },
        { action: 'session.ended', organizationIds: await organizationIdsOf(em, userId), target: sessionTarget(id) },
      );
    });
  }

  /** Changes the password (the current one must be given) and ends every other session of the person. */
  async changePassword(ctx: RequestContext, input: ChangePasswordInput): Promise<{ endedSessions: number }> {
    const { currentPassword, newPassword } = parseInput(changePasswordInput, input);
    const { userId, sessionId } = this.person(ctx);
    const user = await ctx.em.findOneOrFail(User, { id: userId });
    if (passwordIsEmail(newPassword, user.email))
      throw validationFailed([{ path: 'newPassword', message: PASSWORD_IS_EMAIL }]);
    // Both argon2 operations go through the hashing cap (503 SERVICE_BUSY when it is full). The current
    // password is throttled like a login (a stolen session must not guess it without limit).
    const passwordHash = await this.passwords.admit(async () => {
      const attempt = await this.throttle.attempt(ctx, user.email);
      const ok = await attempt.check(() => this.passwords.verify(user.passwordHash, currentPassword));
      if (!ok) throw validationFailed([{ path: 'currentPassword', message: 'is not the current password' }]);
      await attempt.succeeded();
      return this.passwords.hash(newPassword);
    });
    return ctx.em.fork().transactional(async (em) => {
      await em.nativeUpdate(User, { id: userId }, { passwordHash });
      const endedSessions = await this.sessions.end(em, { userId, id: { $ne: sessionId } });
      await this.audit.record(
        { ...ctx, em },
        {
          action: 'password.changed',
          organizationIds: await organizationIdsOf(em, userId),
          target: { type: 'user', id: userId },
          details: { endedSessions },
        },
      );
      return { endedSessions };
    });
  }

  private person(ctx: RequestContext): { userId: string; sessionId: string } {
    const { principal } = authed(ctx);
    const sessionId = principal.attributes.sessionId;
    if (principal.kind !== 'session' || !principal.userId || !sessionId)
      throw new ForbiddenError('This operation needs a logged-in session');
    return { userId: principal.userId, sessionId };
  }
}

function sessionTarget(id: string): { type: string; id: string } {
  return { type: 'session', id };
}

/** The companies whose audit log shows a person's own actions: all of theirs. */
export async function organizationIdsOf(em: EntityManager, userId: string): Promise<string[]> {
  const memberships = await em.find(Membership, { user: userId }, { fields: ['organization'] });
  return memberships.map((m) => m.organization.id);
}
