import { Field, Int, ObjectType } from 'type-graphql';

@ObjectType('TwoFactorStatus')
export class TwoFactorStatusType {
  @Field() enabled!: boolean;
  @Field({ description: 'Set up, waiting for the first code' }) pending!: boolean;
  @Field(() => Int) recoveryCodesLeft!: number;
  @Field({ description: 'Whether the company of the session requires two-factor login of every member' })
  requiredByOrganization!: boolean;
}

@ObjectType('TwoFactorSetup')
export class TwoFactorSetupType {
  @Field({ description: 'The TOTP secret, base32 (RFC 4648, no padding): HMAC-SHA1, 6 digits, 30 s' })
  secret!: string;
  @Field({ description: 'otpauth:// URL for a QR code' }) otpauthUrl!: string;
}

@ObjectType('TwoFactorRecoveryCodes')
export class TwoFactorRecoveryCodesType {
  @Field(() => [String], { description: 'Shown once: each logs in once in place of a TOTP code' })
  recoveryCodes!: string[];
}
