import { rolePermissions, type Permissions, type Role } from '../../core/access';
import type { Membership } from './membership.entity';
import type { PersonLanguage } from './user.entity';

export interface OrganizationView {
  id: string;
  name: string;
  plan: string;
}

export interface UserView {
  id: string;
  email: string;
  role: Role;
  permissions: Permissions;
  departmentIds: string[] | null;
  createdAt: string;
}

/** The signed-in person: REST /auth/me and GraphQL `me`. */
export interface MeView {
  user: UserView;
  organizations: OrganizationView[];
  /** The web app language the person chose; null: the company's default. */
  language: PersonLanguage | null;
}

export function organizationView(o: { id: string; name: string; plan: string }): OrganizationView {
  return { id: o.id, name: o.name, plan: o.plan };
}

export function userView(m: Membership): UserView {
  return {
    id: m.user.id,
    email: m.user.email,
    role: m.role,
    permissions: rolePermissions(m.role, m.permissions),
    departmentIds: m.departmentIds,
    createdAt: m.user.createdAt.toISOString(),
  };
}
