import { MAX } from '../../core/fields';
import { z } from '../../core/validation';

/** A TOTP code (6 digits) or a recovery code (xxxxx-xxxxx); spaces and dashes are ignored. */
const code = z.string().max(64).meta({ description: 'A 6-digit TOTP code or a one-time recovery code' });

export const enableTwoFactorInput = z.object({
  code: z.string().max(64).meta({ description: 'The current 6-digit code of the authenticator app' }),
});

export const disableTwoFactorInput = z.object({
  password: z.string().max(MAX.password),
  code,
});

export const loginSecondFactorInput = z.object({
  mfaToken: z.string().max(MAX.token).meta({ description: 'From the login answer; single use, 5 minutes' }),
  code,
});

export const twoFactorRequirementInput = z.object({
  required: z.boolean().meta({ description: 'Every member must log in with two factors' }),
});
