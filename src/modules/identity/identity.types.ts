import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Connection } from '../../core/graphql/connection';

export enum PermissionLevel {
  none = 'none',
  read = 'read',
  write = 'write',
}
export enum UserRole {
  OWNER = 'OWNER',
  ADMIN = 'ADMIN',
  MEMBER = 'MEMBER',
}
registerEnumType(PermissionLevel, { name: 'PermissionLevel' });
registerEnumType(UserRole, { name: 'UserRole' });

@ObjectType('Organization')
export class OrganizationType {
  @Field(() => ID) id!: string;
  @Field() name!: string;
  @Field() plan!: string;
}

@ObjectType('Permissions')
export class PermissionsType {
  @Field(() => PermissionLevel) documents!: PermissionLevel;
  @Field(() => PermissionLevel) costs!: PermissionLevel;
  @Field(() => PermissionLevel) contacts!: PermissionLevel;
  @Field(() => PermissionLevel) reports!: PermissionLevel;
  @Field(() => PermissionLevel) company_settings!: PermissionLevel;
  @Field(() => PermissionLevel) payments!: PermissionLevel;
  @Field(() => PermissionLevel) automations!: PermissionLevel;
}

@InputType('PermissionsInput')
export class PermissionsInput {
  @Field(() => PermissionLevel, { nullable: true }) documents?: PermissionLevel;
  @Field(() => PermissionLevel, { nullable: true }) costs?: PermissionLevel;
  @Field(() => PermissionLevel, { nullable: true }) contacts?: PermissionLevel;
  @Field(() => PermissionLevel, { nullable: true }) reports?: PermissionLevel;
  @Field(() => PermissionLevel, { nullable: true }) company_settings?: PermissionLevel;
  @Field(() => PermissionLevel, { nullable: true }) payments?: PermissionLevel;
  @Field(() => PermissionLevel, { nullable: true }) automations?: PermissionLevel;
}

@ObjectType('User')
export class UserType {
  @Field(() => ID) id!: string;
  @Field() email!: string;
  @Field(() => UserRole) role!: UserRole;
  @Field(() => PermissionsType) permissions!: PermissionsType;
  @Field(() => [ID], { nullable: true }) departmentIds!: string[] | null;
  @Field() createdAt!: string;
}

@InputType('SignUpInput')
export class SignUpInput {
  @Field() companyName!: string;
  @Field() email!: string;
  @Field() password!: string;
}

@ObjectType('Me')
export class MeType {
  @Field(() => UserType) user!: UserType;
  @Field(() => [OrganizationType]) organizations!: OrganizationType[];
  @Field(() => String, {
    nullable: true,
    description: 'The web app language the person chose (cs or en); null until chosen: defaultLanguage applies',
  })
  language!: string | null;
}

@ObjectType('Department')
export class DepartmentType {
  @Field(() => ID) id!: string;
  @Field() name!: string;
}

@InputType()
export class CreateUserInput {
  @Field() email!: string;
  @Field() password!: string;
  @Field(() => UserRole, { nullable: true }) role?: 'ADMIN' | 'MEMBER';
  @Field(() => PermissionsInput, { nullable: true }) permissions?: PermissionsInput;
  @Field(() => [ID], { nullable: true }) departmentIds?: string[] | null;
}

@InputType()
export class UpdateUserInput {
  @Field(() => UserRole, { nullable: true }) role?: 'ADMIN' | 'MEMBER';
  @Field(() => PermissionsInput, { nullable: true }) permissions?: PermissionsInput;
  @Field(() => [ID], { nullable: true }) departmentIds?: string[] | null;
}

@ObjectType('Session', { description: 'A live session of the logged-in person' })
export class SessionType {
  @Field(() => ID) id!: string;
  @Field() createdAt!: string;
  @Field({ description: 'Updated at most once a minute' }) lastSeenAt!: string;
  @Field() expiresAt!: string;
  @Field({ description: 'Client address at login' }) ip!: string;
  @Field({ description: 'User-Agent at login' }) userAgent!: string;
  @Field({ description: 'The session of this request' }) current!: boolean;
}

@ObjectType('PasswordChange')
export class PasswordChangeType {
  @Field(() => Int, { description: 'Other sessions of the person that were ended' }) endedSessions!: number;
}

export const UserConnection = Connection(UserType, 'User');
export const SessionConnection = Connection(SessionType, 'Session');
export const DepartmentConnection = Connection(DepartmentType, 'Department');
