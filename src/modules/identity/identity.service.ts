import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { AuditTrail } from '../../core/audit/audit-trail';
import type { Clock } from '../../core/clock';
import { excessGrant, type Permissions, type Role } from '../../core/access';
import { excessDepartments } from '../../core/departments';
import { isUuid } from '../../core/fields';
import { authed, orgId, type AuthedContext, type RequestContext } from '../../core/ctx';
import { InvalidCredentialsError, NotFoundError, ValidationError, ForbiddenError } from '../../core/errors';
import { mapPage, paginate } from '../../core/pagination';
import { parseInput, paginationInput, type Page } from '../../core/validation';
import { Department } from './department.entity';
import { EmailTaken, TooManyAttempts } from './identity.errors';
import {
  createDepartmentInput,
  createUserInput,
  loginInput,
  setLanguageInput,
  signupInput,
  updateOrganizationInput,
  updateUserInput,
  type CreateUserInput,
  type SignupInput,
  type UpdateUserInput,
} from './identity.inputs';
import { organizationView, userView, type MeView, type OrganizationView, type UserView } from './identity.views';
import { Membership } from './membership.entity';
import { Organization, type Plan } from './organization.entity';
import type { Passwords } from './passwords';
import type { SessionStore } from './session-store';
import type { SignInAttempt, SignInThrottle } from './sign-in-throttle';
import type { MfaChallenge, TwoFactorService } from './two-factor.service';
import { User } from './user.entity';

/**
 * No escalation (DESIGN 3): only an OWNER makes someone an ADMIN; anyone else gives only levels it
 * holds itself and, when limited to departments, only some of its own. 403 naming what was refused.
 */
function assertMayGrant(
  ctx: AuthedContext,
  grant: { role?: Role; permissions?: Partial<Permissions>; departmentIds?: string[] | null },
): void {
  const { principal } = ctx;
  if (principal.role === 'OWNER') return;
  if (grant.role === 'ADMIN') throw new ForbiddenError('Only an OWNER can make someone an ADMIN', { refused: 'ADMIN' });
  const refused = excessGrant(principal.permissions, grant.permissions ?? {});
  if (refused) throw new ForbiddenError(refused.message, { refused: refused.scope });
  if (grant.departmentIds !== undefined) {
    const outside = excessDepartments(principal.departmentIds, grant.departmentIds);
    if (outside) throw new ForbiddenError(outside, { refused: 'departmentIds' });
  }
}

export interface SessionResult {
  token: string;
  user: { id: string; email: string };
}

export type LoginResult = SessionResult & { organizations: OrganizationView[] };

/** Signup, login, users with roles, permissions and departments, and the organization itself. */
export class IdentityService {
  constructor(
    private readonly clock: Clock,
    private readonly passwords: Passwords,
    private readonly sessions: SessionStore,
    private readonly throttle: SignInThrottle,
    private readonly audit: AuditTrail,
    private readonly twoFactor: TwoFactorService,
  ) {}

  async signup(ctx: RequestContext, input: SignupInput): Promise<SessionResult & { organization: OrganizationView }> {
    const { companyName, email, password } = parseInput(signupInput, input);
    const passwordHash = await this.passwords.admit(async () => {
      await this.throttle.signup(ctx);
      return this.passwords.hash(password);
    });
    const now = this.clock.now();
    const { user, organization } = await this.withUniqueEmail(() =>
      ctx.em.fork().transactional((em) => {
        const organization = em.create(Organization, {
          id: randomUUID(),
          name: companyName,
          plan: 'FREE',
          createdAt: now,
        });
        const user = em.create(User, { id: randomUUID(), email, passwordHash, createdAt: now });
        em.create(Membership, {
          id: randomUUID(),
          user,
          organization,
          role: 'OWNER',
          permissions: {},
          departmentIds: null,
          createdAt: now,
        });
        return { user, organization };
      }),
    );
    return {
      token: await this.sessions.start(ctx.em, user.id, ctx.client),
      user: { id: user.id, email: user.email },
      organization: organizationView(organization),
    };
  }

  /** A session, or with two-factor login on, the challenge that POST /auth/login/2fa completes. */
  async login(ctx: RequestContext, input: unknown): Promise<LoginResult | MfaChallenge> {
    const { email, password } = parseInput(loginInput, input);
    const { user, attempt } = await this.passwords.admit(() => this.checkPassword(ctx, email, password));
    if (await this.twoFactor.isEnabled(ctx.em, user.id)) {
      // The password was right but the sign-in goes on: no failure, and earlier failures stay until the code is proved.
      await attempt.uncount();
      return this.twoFactor.challenge(ctx, user.id);
    }
    await attempt.succeeded();
    const organizations = await this.organizationsOf(ctx.em, user.id);
    const organizationIds = organizations.map((o) => o.id);
    await this.audit.record(ctx, { action: 'login.succeeded', organizationIds, actorUserId: user.id });
    return {
      token: await this.sessions.start(ctx.em, user.id, ctx.client),
      user: { id: user.id, email: user.email },
      organizations,
    };
  }

  /**
   * The password step, throttled (sign-in-throttle.ts): the attempt is counted before the hash and
   * stays a failure unless the caller ends it with `succeeded()` or `uncount()`. 401 and 429 record
   * `login.failed`.
   */
  private async checkPassword(
    ctx: RequestContext,
    email: string,
    password: string,
  ): Promise<{ user: User; attempt: SignInAttempt }> {
    const user = await ctx.em.findOne(User, { email });
    const attempt = await this.throttle.attempt(ctx, email).catch((err: unknown) => this.loginFailed(ctx, user, err));
    const ok = await attempt.check(() => this.passwords.verify(user?.passwordHash ?? null, password));
    if (!user || !ok) return this.loginFailed(ctx, user, new InvalidCredentialsError());
    return { user, attempt };
  }

  /** Records `login.failed` (in the person's companies when the e-mail is known) and throws `error`. */
  private async loginFailed(ctx: RequestContext, user: User | null, error: unknown): Promise<never> {
    const reason =
      error instanceof InvalidCredentialsError ? 'password' : error instanceof TooManyAttempts ? 'throttled' : null;
    if (reason === null) throw error;
    const organizationIds = user ? (await this.organizationsOf(ctx.em, user.id)).map((o) => o.id) : null;
    await this.audit.record(ctx, {
      action: 'login.failed',
      organizationIds: organizationIds?.length ? organizationIds : null,
      actorUserId: user?.id ?? null,
      details: { reason },
    });
    throw error;
  }

  /** Login's second step (two-factor on): the challenge's token and a code → the same answer as login. */
  async loginSecondFactor(ctx: RequestContext, input: unknown): Promise<LoginResult> {
    const user = await this.twoFactor.completeLogin(ctx, input);
    return {
      token: await this.sessions.start(ctx.em, user.id, ctx.client),
      user,
      organizations: await this.organizationsOf(ctx.em, user.id),
    };
  }

  async me(ctx: RequestContext): Promise<MeView> {
    const membership = await this.currentMembership(ctx);
    return {
      user: userView(membership),
      organizations: await this.organizationsOf(ctx.em, membership.user.id),
      language: membership.user.language,
    };
  }

  /** The web app's language the person chose (null: back to the company's default). */
  async setLanguage(ctx: RequestContext, input: unknown): Promise<MeView> {
    const { language } = parseInput(setLanguageInput, input);
    const membership = await this.currentMembership(ctx);
    membership.user.language = language;
    await ctx.em.flush();
    return this.me(ctx);
  }

  getOrganization(ctx: RequestContext): OrganizationView {
    return organizationView(authed(ctx).principal.organization);
  }

  async updateOrganization(ctx: RequestContext, input: unknown): Promise<OrganizationView> {
    const { name } = parseInput(updateOrganizationInput, input);
    const organization = await ctx.em.findOneOrFail(Organization, { id: orgId(ctx) });
    if (name !== undefined) organization.name = name;
    await ctx.em.flush();
    return organizationView(organization);
  }

  async listUsers(ctx: RequestContext, page: unknown): Promise<Page<UserView>> {
    const rows = await paginate(ctx.em, Membership, { organization: orgId(ctx) }, parseInput(paginationInput, page), {
      populate: ['user'],
    });
    return mapPage(rows, userView);
  }

  async getUser(ctx: RequestContext, userId: string): Promise<UserView> {
    return userView(await this.membershipOf(ctx.em, orgId(ctx), userId));
  }

  async createUser(ctx: RequestContext, input: CreateUserInput): Promise<UserView> {
    const data = parseInput(createUserInput, input);
    const organization = orgId(ctx);
    const { principal } = authed(ctx);
    // A grantor limited to departments gives its own when none are named (never null = all).
    const departmentIds = data.departmentIds === undefined ? principal.departmentIds : data.departmentIds;
    assertMayGrant(authed(ctx), { role: data.role, permissions: data.permissions ?? {}, departmentIds });
    await this.assertDepartments(ctx.em, organization, departmentIds);
    const passwordHash = await this.passwords.hash(data.password);
    const now = this.clock.now();
    const membership = await this.withUniqueEmail(() =>
      ctx.em.fork().transactional(async (em) => {
        const user = em.create(User, { id: randomUUID(), email: data.email, passwordHash, createdAt: now });
        await this.audit.record(
          { ...ctx, em },
          {
            action: 'user.created',
            organizationIds: [organization],
            target: { type: 'user', id: user.id },
            details: { email: data.email, role: data.role },
          },
        );
        return em.create(Membership, {
          id: randomUUID(),
          user,
          organization: em.getReference(Organization, organization),
          role: data.role,
          permissions: data.permissions ?? {},
          departmentIds: departmentIds ?? null,
          createdAt: now,
        });
      }),
    );
    return userView(membership);
  }

  async updateUser(ctx: RequestContext, userId: string, input: UpdateUserInput): Promise<UserView> {
    const data = parseInput(updateUserInput, input);
    const organization = orgId(ctx);
    const membership = await this.membershipOf(ctx.em, organization, userId);
    if (membership.role === 'OWNER') throw new ForbiddenError('The owner’s role and permissions cannot be changed');
    const caller = authed(ctx);
    if (membership.user.id === caller.principal.userId) {
      throw new ForbiddenError('You cannot change your own role, permissions or departments');
    }
    if (membership.role === 'ADMIN' && caller.principal.role !== 'OWNER') {
      throw new ForbiddenError('Only an OWNER can change an ADMIN', { refused: 'ADMIN' });
    }
    // A grantor limited to departments gives a level only to someone within its departments: the
    // departments sent, else those the person has (lowering a level is never refused).
    const grants = Object.values(data.permissions ?? {}).some((level) => level !== 'none');
    const departmentIds =
      data.departmentIds !== undefined ? data.departmentIds : grants ? membership.departmentIds : undefined;
    assertMayGrant(caller, { ...data, departmentIds });
    await this.assertDepartments(ctx.em, organization, data.departmentIds);
    if (data.role !== undefined) membership.role = data.role;
    if (data.permissions !== undefined) membership.permissions = { ...membership.permissions, ...data.permissions };
    if (data.departmentIds !== undefined) membership.departmentIds = data.departmentIds;
    await this.audit.flushWith(ctx, {
      action: 'user.changed',
      organizationIds: [organization],
      target: { type: 'user', id: membership.user.id },
      details: {
        changed: Object.keys(data).filter((k) => data[k as keyof typeof data] !== undefined),
        role: membership.role,
      },
    });
    return userView(membership);
  }

  /**
   * Removes a person from this company: their membership goes and every session of theirs ends at
   * once (sessions belong to the person, not to one company; they log in again for their other
   * companies). The user row stays: the e-mail stays theirs and the audit log keeps naming them.
   * Nobody removes the OWNER or themselves; only the OWNER removes an ADMIN.
   */
  async removeUser(ctx: RequestContext, userId: string): Promise<void> {
    const { principal } = authed(ctx);
    const organization = orgId(ctx);
    const membership = await this.membershipOf(ctx.em, organization, userId);
    if (membership.role === 'OWNER') throw new ForbiddenError('The owner cannot be removed from the company');
    if (userId === principal.userId) throw new ForbiddenError('You cannot remove yourself from the company');
    if (membership.role === 'ADMIN' && principal.role !== 'OWNER')
      throw new ForbiddenError('Only the owner can remove an ADMIN');
    await ctx.em.fork().transactional(async (em) => {
      const removed = await em.nativeDelete(Membership, { id: membership.id });
      if (!removed) throw new NotFoundError('User');
      const endedSessions = await this.sessions.end(em, { userId });
      await this.audit.record(
        { ...ctx, em },
        {
          action: 'user.removed',
          organizationIds: [organization],
          target: { type: 'user', id: userId },
          details: { email: membership.user.email, role: membership.role, endedSessions },
        },
      );
    });
  }

  async createDepartment(ctx: RequestContext, input: unknown): Promise<{ id: string; name: string }> {
    const { name } = parseInput(createDepartmentInput, input);
    const department = ctx.em.create(Department, {
      id: randomUUID(),
      organization: ctx.em.getReference(Organization, orgId(ctx)),
      name,
      createdAt: this.clock.now(),
    });
    await ctx.em.flush();
    return { id: department.id, name: department.name };
  }

  async listDepartments(
    ctx: RequestContext,
    page: unknown,
  ): Promise<Page<{ id: string; name: string; createdAt: string }>> {
    const rows = await paginate(ctx.em, Department, { organization: orgId(ctx) }, parseInput(paginationInput, page));
    return mapPage(rows, (d) => ({ id: d.id, name: d.name, createdAt: d.createdAt.toISOString() }));
  }

  /** E-mails of people by id (the audit log names its actors; a removed member keeps their user record). */
  async emailsOf(em: EntityManager, userIds: readonly string[]): Promise<Map<string, string>> {
    const users = userIds.length ? await em.find(User, { id: { $in: [...new Set(userIds)] } }) : [];
    return new Map(users.map((u) => [u.id, u.email]));
  }

  /** Operator and test-control path: not reachable by customers. */
  async setPlan(em: EntityManager, organizationId: string, plan: Plan): Promise<OrganizationView> {
    const organization = await em.findOne(Organization, { id: organizationId });
    if (!organization) throw new NotFoundError('Organization');
    organization.plan = plan;
    await em.flush();
    return organizationView(organization);
  }

  private async currentMembership(ctx: RequestContext): Promise<Membership> {
    const { principal } = authed(ctx);
    if (!principal.userId) throw new ForbiddenError('This operation needs a logged-in session');
    return this.membershipOf(ctx.em, principal.organization.id, principal.userId);
  }

  private async membershipOf(em: EntityManager, organizationId: string, userId: string): Promise<Membership> {
    if (!isUuid(userId)) throw new NotFoundError('User');
    const membership = await em.findOne(
      Membership,
      { organization: organizationId, user: userId },
      { populate: ['user'] },
    );
    if (!membership) throw new NotFoundError('User');
    return membership;
  }

  private async organizationsOf(em: EntityManager, userId: string): Promise<OrganizationView[]> {
    const memberships = await em.find(
      Membership,
      { user: userId },
      { populate: ['organization'], orderBy: { createdAt: 'asc' } },
    );
    return memberships.map((m) => organizationView(m.organization));
  }

  private async assertDepartments(
    em: EntityManager,
    organizationId: string,
    ids: string[] | null | undefined,
  ): Promise<void> {
    if (!ids || ids.length === 0) return;
    const found = await em.count(Department, { organization: organizationId, id: { $in: ids } });
    if (found !== new Set(ids).size) {
      throw new ValidationError('Unknown department', [
        { path: 'departmentIds', message: 'every id must be a department of this organization' },
      ]);
    }
  }

  private async withUniqueEmail<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (err instanceof UniqueConstraintViolationException) throw new EmailTaken();
      throw err;
    }
  }
}
