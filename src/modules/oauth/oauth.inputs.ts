import { ALL_SCOPES, type Scope } from '../../core/access';
import { MAX, text } from '../../core/fields';
import { z } from '../../core/validation';
import { redirectUriProblem } from './redirect-uris';

const redirectUri = z
  .string()
  .max(MAX.url)
  .superRefine((uri, ctx) => {
    const problem = redirectUriProblem(uri);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const redirectUris = z
  .array(redirectUri)
  .min(1, { message: 'at least one redirect URI is required' })
  .max(20)
  .transform((uris) => [...new Set(uris)]);

const scopes = z
  .array(z.enum(ALL_SCOPES as [Scope, ...Scope[]]))
  .min(1, { message: 'at least one scope is required' })
  .max(50)
  .transform((list) => ALL_SCOPES.filter((s) => list.includes(s)));

const name = text(MAX.name);
const description = z.string().trim().max(MAX.note);

export const registerApplicationInput = z.object({
  name,
  description: description.default(''),
  redirectUris,
  scopes,
  confidential: z.boolean().default(true),
});

export const updateApplicationInput = z.object({
  name: name.optional(),
  description: description.optional(),
  redirectUris: redirectUris.optional(),
  scopes: scopes.optional(),
  disabled: z.boolean().optional(),
});

export type RegisterApplicationInput = z.input<typeof registerApplicationInput>;
export type UpdateApplicationInput = z.input<typeof updateApplicationInput>;
