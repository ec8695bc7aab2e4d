import { rolePermissions, type Permissions, type Role } from '../../core/access';
import type { Membership } from './membership.entity';

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
