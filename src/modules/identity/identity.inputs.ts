import { email as emailField, id, MAX, text } from '../../core/fields';
import { z } from '../../core/validation';
import { ROLES, SECTIONS } from '../../core/access';
import { PLANS } from './organization.entity';

const email = emailField();
const password = z.string().min(10, { message: 'must be at least 10 characters' }).max(MAX.password);
const level = z.enum(['none', 'read', 'write']);
const permissions = z
  .object(
    Object.fromEntries(SECTIONS.map((s) => [s, level.optional()])) as Record<
      (typeof SECTIONS)[number],
      z.ZodOptional<typeof level>
    >,
  )
  .strict();
/** Billing departments of a user: null = all. */
const departmentIds = z.array(id()).max(100).nullable().optional().meta({ description: 'null = all departments' });

export const signupInput = z.object({
  companyName: text(MAX.name),
  email,
  password,
});

export const loginInput = z.object({
  email: z.string().trim().toLowerCase().max(MAX.email),
  password: z.string().max(MAX.password),
});

export const createUserInput = z.object({
  email,
  password,
  role: z.enum(['ADMIN', 'MEMBER']).default('MEMBER'),
  permissions: permissions.optional(),
  departmentIds,
});

export const updateUserInput = z.object({
  role: z.enum(['ADMIN', 'MEMBER']).optional(),
  permissions: permissions.optional(),
  departmentIds,
});

export const updateOrganizationInput = z.object({ name: text(MAX.name).optional() });

export const createDepartmentInput = z.object({ name: text(MAX.name) });
export const planInput = z.object({ plan: z.enum(PLANS) });
export const roleValues = ROLES;

export type SignupInput = z.input<typeof signupInput>;
export type CreateUserInput = z.input<typeof createUserInput>;
export type UpdateUserInput = z.input<typeof updateUserInput>;
