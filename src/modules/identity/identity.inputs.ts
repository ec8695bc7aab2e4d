import { email as emailField, id, MAX, text } from '../../core/fields';
import { z } from '../../core/validation';
import { ROLES, SECTIONS } from '../../core/access';
import { PLANS } from './organization.entity';
import { PERSON_LANGUAGES } from './user.entity';
import { newPassword, notTheEmail, PASSWORD_IS_EMAIL } from './password-policy';

const email = emailField();
const password = newPassword();
/** The password-is-not-the-e-mail rule, reported on the password field. */
const NOT_THE_EMAIL = { message: PASSWORD_IS_EMAIL, path: ['password'] };
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

export const signupInput = z
  .object({
    companyName: text(MAX.name),
    email,
    password,
  })
  .refine(notTheEmail, NOT_THE_EMAIL);

export const loginInput = z.object({
  email: z.string().trim().toLowerCase().max(MAX.email),
  password: z.string().max(MAX.password),
});

export const createUserInput = z
  .object({
    email,
    password,
    role: z.enum(['ADMIN', 'MEMBER']).default('MEMBER'),
    permissions: permissions.optional(),
    departmentIds,
  })
  .refine(notTheEmail, NOT_THE_EMAIL);

export const changePasswordInput = z.object({
  currentPassword: z.string().max(MAX.password),
  newPassword: password,
});

export const updateUserInput = z.object({
  role: z.enum(['ADMIN', 'MEMBER']).optional(),
  permissions: permissions.optional(),
  departmentIds,
});

export const setLanguageInput = z.object({ language: z.enum(PERSON_LANGUAGES).nullable() });

export const updateOrganizationInput = z.object({ name: text(MAX.name).optional() });

export const createDepartmentInput = z.object({ name: text(MAX.name) });
export const planInput = z.object({ plan: z.enum(PLANS) });
export const roleValues = ROLES;

export type SignupInput = z.input<typeof signupInput>;
export type CreateUserInput = z.input<typeof createUserInput>;
export type UpdateUserInput = z.input<typeof updateUserInput>;
export type ChangePasswordInput = z.input<typeof changePasswordInput>;
