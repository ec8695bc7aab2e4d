import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Connection } from '../../core/graphql/connection';

export enum CredentialType {
  apiKey = 'apiKey',
  oauth = 'oauth',
}
registerEnumType(CredentialType, {
  name: 'CredentialType',
  description: 'What a quota counter belongs to: an API key or an OAuth application',
});

@ObjectType('CredentialQuotaUsage', { description: "One credential's request counter this UTC month" })
export class CredentialQuotaUsageType {
  @Field(() => CredentialType) credentialType!: CredentialType;
  @Field(() => ID, { description: 'API key id or OAuth application id' }) credentialId!: string;
  @Field(() => String, { nullable: true, description: 'API key name or OAuth application name' }) name!: string | null;
  @Field(() => Int) used!: number;
  @Field(() => Int, { nullable: true, description: 'Monthly limit of the plan; null when unlimited' }) limit!:
    number | null;
  @Field(() => Int, { nullable: true, description: 'Requests left this month; null when unlimited' }) remaining!:
    number | null;
  @Field(() => Int, { description: 'Unix seconds of the next 1st of the month, 00:00 UTC' }) resetAt!: number;
}

export const CredentialQuotaUsageConnection = Connection(CredentialQuotaUsageType, 'CredentialQuotaUsage');

@ObjectType('Quota', { description: "The calling credential's own counter this UTC month (GET /api/v1/quota)" })
export class QuotaType {
  @Field() plan!: string;
  @Field(() => Int, { nullable: true, description: 'Monthly limit of the plan; null when unlimited' }) limit!:
    number | null;
  @Field(() => Int, { description: 'Requests counted this month, this one included' }) used!: number;
  @Field(() => Int, { nullable: true, description: 'Requests left this month; null when unlimited' }) remaining!:
    number | null;
  @Field(() => Int, { description: 'Unix seconds of the next 1st of the month, 00:00 UTC' }) resetAt!: number;
}
