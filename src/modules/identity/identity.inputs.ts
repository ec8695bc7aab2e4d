import { z } from '../../core/validation';
import { ROLES, SECTIONS } from '../../core/access';
import { PLANS } from './organization.entity';

const email = z.string().trim().toLowerCase().pipe(z.email({ message: 'must be an e-mail address' }));
const password = z.string().min(10, { message: 'must be at least 10 characters' }).max(1024);
const level = z.enum(['none', 'read', 'write']);
const permissions = z.object(Object.fromEntries(SECTIONS.map((s) => [s, level.optional()])) as Record<(typeof SECTIONS)[number], z.ZodOptional<typeof level>>).strict();
const uuid = z.uuid({ message: 'must be a UUID' });

export const signupInput = z.object({
  companyName: z.string().trim().min(1).max(200),
  email,
  password,
});

export const loginInput = z.object({
  email: z.string().trim().toLowerCase().max(320),
  password: z.string().max(1024),
});

export const createUserInput = z.object({
  email,
  password,
  role: z.enum(['ADMIN', 'MEMBER']).default('MEMBER'),
  permissions: permissions.optional(),
  departmentIds: z.array(uuid).nullable().optional(),
});

export const updateUserInput = z.object({
  role: z.enum(['ADMIN', 'MEMBER']).optional(),
  permissions: permissions.optional(),
  departmentIds: z.array(uuid).nullable().optional(),
});

export const updateOrganizationInput = z.object({ name: z.string().trim().min(1).max(200).optional() });

export const createDepartmentInput = z.object({ name: z.string().trim().min(1).max(200) });
export const planInput = z.object({ plan: z.enum(PLANS) });
export const roleValues = ROLES;

export type SignupInput = z.input<typeof signupInput>;
export type CreateUserInput = z.input<typeof createUserInput>;
export type UpdateUserInput = z.input<typeof updateUserInput>;
