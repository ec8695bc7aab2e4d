import { randomBytes, randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuditTrail } from '../../core/audit/audit-trail';
import type { Clock } from '../../core/clock';
import { authed, orgId, type RequestContext } from '../../core/ctx';
import { ForbiddenError } from '../../core/errors';
import type { SignInThrottle } from './sign-in-throttle';
import type { SecretBox } from '../../core/secret-box';
import { generateToken, sha256Hex } from '../../core/secrets';
import { parseInput } from '../../core/validation';
import {
  InvalidMfaToken,
  InvalidTwoFactorCode,
  ReauthenticationFailed,
  TwoFactorAlreadyEnabled,
  TwoFactorNotEnabled,
} from './identity.errors';
import type { Passwords } from './passwords';
import { base32Decode, base32Encode, matchTotp, newTotpSecret, otpauthUrl } from './totp';
import {
  claimRecoveryCode,
  claimTimeStep,
  countFailedChallengeAttempt,
  deleteChallenge,
  insertChallenge,
  lockChallenge,
  markEnabled,
  organizationIdsOf,
  recoveryCodesLeft,
  removeTwoFactor,
  replaceRecoveryCodes,
  requiresTwoFactor,
  setRequiresTwoFactor,
  storePendingSecret,
  twoFactorOf,
} from './two-factor.queries';
import {
  disableTwoFactorInput,
  enableTwoFactorInput,
  loginSecondFactorInput,
  twoFactorRequirementInput,
} from './two-factor.inputs';
import { User } from './user.entity';

/** What login answers instead of a session when the person has two-factor login on. */
export interface MfaChallenge {
  mfaRequired: true;
  /** `fkm_` + 64 hex: single use, CHALLENGE_TTL_SECONDS by the Clock; stored as SHA-256. */
  mfaToken: string;
}

export interface TwoFactorStatus {
  enabled: boolean;
  /** Set up but not yet confirmed with a code. */
  pending: boolean;
  recoveryCodesLeft: number;
  /** Whether the company the session acts in requires two-factor login of every member. */
  requiredByOrganization: boolean;
}

export const MFA_TOKEN_PREFIX = 'fkm_';
const MFA_TOKEN_SHAPE = /^fkm_[0-9a-f]{64}$/;
export const CHALLENGE_TTL_SECONDS = 300;
/** Wrong codes one login step takes before its token dies (the per-person throttle counts them too). */
const MAX_CODES_PER_CHALLENGE = 5;
const RECOVERY_CODE_COUNT = 10;
/** SecretBox purpose of the sealed TOTP secrets. */
const SECRET_PURPOSE = 'totp_secret';
const ISSUER = 'Faktura';

const TOTP_SHAPE = /^\d{6}$/;
/** Recovery codes: 10 base32 characters (50 random bits), shown as XXXXX-XXXXX. */
const RECOVERY_SHAPE = /^[A-Z2-7]{10}$/;

/** What a person typed: spaces and dashes dropped, upper case (recovery codes are case-blind). */
function normalizeCode(code: string): string {
  return code.replace(/[\s-]/g, '').toUpperCase();
}

function newRecoveryCode(): string {
  const chars = base32Encode(randomBytes(7)).slice(0, 10);
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/**
 * Two-factor login with TOTP (RFC 6238) and one-time recovery codes; the login challenge between
 * the password and the code; an organization's requirement that every member use it.
 */
export class TwoFactorService {
  constructor(
    private readonly clock: Clock,
    private readonly passwords: Passwords,
    private readonly secretBox: SecretBox,
    private readonly audit: AuditTrail,
    private readonly throttle: SignInThrottle,
  ) {}

  async isEnabled(em: EntityManager, userId: string): Promise<boolean> {
    return Boolean((await twoFactorOf(em, userId))?.enabled_at);
  }

  async status(ctx: RequestContext): Promise<TwoFactorStatus> {
    const userId = personOf(ctx);
    const row = await twoFactorOf(ctx.em, userId);
    return {
      enabled: Boolean(row?.enabled_at),
      pending: row !== null && row.enabled_at === null,
      recoveryCodesLeft: row?.enabled_at ? await recoveryCodesLeft(ctx.em, userId) : 0,
      requiredByOrganization: await requiresTwoFactor(ctx.em, orgId(ctx)),
    };
  }

  /** A new secret for the authenticator app; replaces one set up but not yet enabled. */
  async setup(ctx: RequestContext): Promise<{ secret: string; otpauthUrl: string }> {
    const userId = personOf(ctx);
    const user = await ctx.em.findOneOrFail(User, { id: userId });
    const secret = base32Encode(newTotpSecret());
    const stored = await storePendingSecret(
      ctx.em,
      userId,
      this.secretBox.seal(secret, SECRET_PURPOSE),
      this.clock.now(),
    );
    if (!stored) throw new TwoFactorAlreadyEnabled();
    return { secret, otpauthUrl: otpauthUrl(ISSUER, user.email, secret) };
  }

  /** Confirms the setup with a current code; answers the recovery codes, shown this once. */
  async enable(ctx: RequestContext, input: unknown): Promise<{ recoveryCodes: string[] }> {
    const { code } = parseInput(enableTwoFactorInput, input);
    const userId = personOf(ctx);
    const now = this.clock.now();
    return ctx.em.fork().transactional(async (em) => {
      const row = await twoFactorOf(em, userId);
      if (!row) throw new TwoFactorNotEnabled('Set up two-factor login first (POST /api/v1/auth/2fa/setup)');
      if (row.enabled_at) throw new TwoFactorAlreadyEnabled();
      const step = matchTotp(this.secretOf(row.secret_sealed), normalizeCode(code), now);
      // The code that enabled it is used: the same one cannot log in afterwards.
      if (step === null || !(await claimTimeStep(em, userId, step))) throw new InvalidTwoFactorCode(400);
      if (!(await markEnabled(em, userId, now))) throw new TwoFactorAlreadyEnabled();
      const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      await replaceRecoveryCodes(
        em,
        userId,
        recoveryCodes.map((c) => ({ id: randomUUID(), hash: sha256Hex(normalizeCode(c)) })),
        now,
      );
      await this.audit.record(
        { ...ctx, em },
        {
          action: 'two_factor.enabled',
          organizationIds: await organizationIdsOf(em, userId),
          target: { type: 'user', id: userId },
        },
      );
      return { recoveryCodes };
    });
  }

  /** Turns two-factor login off: needs the password and a code (TOTP or recovery). */
  async disable(ctx: RequestContext, input: unknown): Promise<void> {
    const { password, code } = parseInput(disableTwoFactorInput, input);
    const userId = personOf(ctx);
    const user = await ctx.em.findOneOrFail(User, { id: userId });
    if (!(await this.isEnabled(ctx.em, userId))) throw new TwoFactorNotEnabled('Two-factor login is not enabled');
    // Throttled like a login: a stolen session must not guess the password or code without limit.
    const attempt = await this.throttle.attempt(ctx, user.email);
    const passwordOk = await attempt.check(() => this.passwords.verify(user.passwordHash, password));
    const done = await ctx.em.fork().transactional(async (em) => {
      // The code is used up only with the right password.
      if (!passwordOk || !(await this.acceptCode(em, userId, code))) return false;
      await removeTwoFactor(em, userId);
      await this.audit.record(
        { ...ctx, em },
        {
          action: 'two_factor.disabled',
          organizationIds: await organizationIdsOf(em, userId),
          target: { type: 'user', id: userId },
        },
      );
      return true;
    });
    // A wrong password or code stays counted as a failed attempt of the person.
    if (!done) throw new ReauthenticationFailed();
    await attempt.succeeded();
  }

  /** Login's answer after the right password when the person has two-factor login on. */
  async challenge(ctx: RequestContext, userId: string): Promise<MfaChallenge> {
    const mfaToken = generateToken(MFA_TOKEN_PREFIX);
    const now = this.clock.now();
    await insertChallenge(
      ctx.em,
      sha256Hex(mfaToken),
      userId,
      now,
      new Date(now.getTime() + CHALLENGE_TTL_SECONDS * 1000),
    );
    return { mfaRequired: true, mfaToken };
  }

  /**
   * The second login step: the challenge's token and a TOTP or recovery code. Answers the person to
   * issue the session for; the token is used up. A wrong code is recorded (and counted against the
   * token, which dies after MAX_CODES_PER_CHALLENGE) before the 401.
   */
  async completeLogin(ctx: RequestContext, input: unknown): Promise<{ id: string; email: string }> {
    const { mfaToken, code } = parseInput(loginSecondFactorInput, input);
    if (!MFA_TOKEN_SHAPE.test(mfaToken)) throw new InvalidMfaToken();
    const tokenHash = sha256Hex(mfaToken);
    const now = this.clock.now();
    const outcome = await ctx.em.fork().transactional(async (em) => {
      // Locked until commit: a parallel use of the same token waits, then finds it gone.
      const challenge = await lockChallenge(em, tokenHash, now);
      if (!challenge) return 'expired' as const;
      const user = { id: challenge.user_id, email: challenge.email };
      const organizationIds = await organizationIdsOf(em, user.id);
      // Counted before the code is checked, like the password (sign-in-throttle.ts): a throttled person
      // gets 429 here; a wrong code leaves the attempt counted as a failure.
      const attempt = await this.throttle.attempt(ctx, user.email);
      if (!(await this.acceptCode(em, user.id, code))) {
        if (challenge.failed_attempts + 1 >= MAX_CODES_PER_CHALLENGE) await deleteChallenge(em, tokenHash);
        else await countFailedChallengeAttempt(em, tokenHash);
        await this.audit.record(
          { ...ctx, em },
          { action: 'login.failed', organizationIds, actorUserId: user.id, details: { step: '2fa' } },
        );
        return 'wrong' as const;
      }
      await deleteChallenge(em, tokenHash);
      await attempt.succeeded();
      await this.audit.record(
        { ...ctx, em },
        { action: 'login.succeeded', organizationIds, actorUserId: user.id, details: { step: '2fa' } },
      );
      return user;
    });
    if (outcome === 'expired') throw new InvalidMfaToken();
    if (outcome === 'wrong') throw new InvalidTwoFactorCode(401);
    return outcome;
  }

  async requirement(ctx: RequestContext): Promise<{ required: boolean }> {
    return { required: await requiresTwoFactor(ctx.em, orgId(ctx)) };
  }

  /** OWNER only (the route's access): every member must then enable two-factor login to act in the company. */
  async setRequirement(ctx: RequestContext, input: unknown): Promise<{ required: boolean }> {
    const { required } = parseInput(twoFactorRequirementInput, input);
    const organizationId = orgId(ctx);
    const userId = personOf(ctx);
    if (required && !(await this.isEnabled(ctx.em, userId))) {
      throw new TwoFactorNotEnabled('Enable two-factor login for yourself before requiring it of every member');
    }
    await ctx.em.fork().transactional(async (em) => {
      if ((await requiresTwoFactor(em, organizationId)) === required) return;
      await setRequiresTwoFactor(em, organizationId, required);
      await this.audit.record(
        { ...ctx, em },
        {
          action: 'two_factor.requirement_changed',
          organizationIds: [organizationId],
          target: { type: 'organization', id: organizationId },
          details: { required },
        },
      );
    });
    return { required };
  }

  /** Uses up a TOTP code (its time step) or a recovery code of the person; false when neither. */
  private async acceptCode(em: EntityManager, userId: string, code: string): Promise<boolean> {
    const typed = normalizeCode(code);
    if (TOTP_SHAPE.test(typed)) {
      const row = await twoFactorOf(em, userId);
      if (!row?.enabled_at) return false;
      const step = matchTotp(this.secretOf(row.secret_sealed), typed, this.clock.now());
      return step !== null && (await claimTimeStep(em, userId, step));
    }
    if (RECOVERY_SHAPE.test(typed)) return claimRecoveryCode(em, userId, sha256Hex(typed), this.clock.now());
    return false;
  }

  private secretOf(sealed: string): Buffer {
    const secret = base32Decode(this.secretBox.open(sealed, SECRET_PURPOSE));
    if (!secret) throw new Error('A stored TOTP secret is not base32');
    return secret;
  }
}

function personOf(ctx: RequestContext): string {
  const { principal } = authed(ctx);
  if (!principal.userId) throw new ForbiddenError('This operation needs a logged-in session');
  return principal.userId;
}
