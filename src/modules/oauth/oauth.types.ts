import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { Connection } from '../../core/graphql/connection';

@ObjectType('OAuthApplication')
export class OAuthApplicationType {
  @Field(() => ID) id!: string;
  @Field() name!: string;
  @Field() description!: string;
  @Field() clientId!: string;
  @Field(() => [String]) redirectUris!: string[];
  @Field(() => [String]) scopes!: string[];
  @Field() confidential!: boolean;
  @Field() disabled!: boolean;
  @Field() createdAt!: string;
  @Field() updatedAt!: string;
}

/** Separate type: the secret exists only on the registration result. */
@ObjectType('RegisteredOAuthApplication')
export class RegisteredOAuthApplicationType extends OAuthApplicationType {
  @Field(() => String, { nullable: true, description: 'Shown only in this response; null for public clients' })
  clientSecret?: string | null;
}

@ObjectType('OAuthClientSecret')
export class OAuthClientSecretType {
  @Field({ description: 'The new secret, shown only in this response' }) clientSecret!: string;
}

@ObjectType('OAuthGrantApplication')
export class OAuthGrantApplicationType {
  @Field(() => ID) id!: string;
  @Field() name!: string;
  @Field() description!: string;
  @Field() clientId!: string;
}

@ObjectType('OAuthGrant')
export class OAuthGrantType {
  @Field(() => ID) id!: string;
  @Field(() => OAuthGrantApplicationType) application!: OAuthGrantApplicationType;
  @Field(() => [String]) scopes!: string[];
  @Field() createdAt!: string;
  @Field() updatedAt!: string;
}

@InputType()
export class RegisterOAuthApplicationInput {
  @Field() name!: string;
  @Field({ nullable: true }) description?: string;
  @Field(() => [String]) redirectUris!: string[];
  @Field(() => [String]) scopes!: string[];
  @Field({ nullable: true }) confidential?: boolean;
}

@InputType()
export class UpdateOAuthApplicationInput {
  @Field({ nullable: true }) name?: string;
  @Field({ nullable: true }) description?: string;
  @Field(() => [String], { nullable: true }) redirectUris?: string[];
  @Field(() => [String], { nullable: true }) scopes?: string[];
  @Field({ nullable: true }) disabled?: boolean;
}

export const OAuthApplicationConnection = Connection(OAuthApplicationType, 'OAuthApplication');
export const OAuthGrantConnection = Connection(OAuthGrantType, 'OAuthGrant');
