import { AUDIT_ACTIONS, type AuditRow, type AuditTrail } from '../../core/audit/audit-trail';
import { orgId, type RequestContext } from '../../core/ctx';
import { id, instant } from '../../core/fields';
import type { ServicesOf } from '../../core/module';
import { paginationInput, parseInput, z, type Page } from '../../core/validation';
import type { identityModule } from '../identity/identity.module';

type IdentityService = ServicesOf<typeof identityModule>['identity'];

export const listAuditLogQuery = paginationInput.extend({
  action: z.enum(AUDIT_ACTIONS).optional(),
  userId: id().optional().meta({ description: 'The person who acted' }),
  from: instant().optional().meta({ description: 'Entries at or after this instant' }),
  to: instant().optional().meta({ description: 'Entries before this instant' }),
});

export interface AuditEntryView {
  id: string;
  createdAt: string;
  action: string;
  /** Who acted: the person (with their e-mail) and the credential they used; all null for an unknown caller. */
  actor: { userId: string | null; email: string | null; kind: string | null; credentialId: string | null };
  ip: string;
  userAgent: string;
  target: { type: string; id: string } | null;
  details: Record<string, unknown>;
}

/** The company's audit log as its OWNER and ADMINs read it. */
export class AuditLogService {
  constructor(
    private readonly audit: AuditTrail,
    private readonly identity: IdentityService,
  ) {}

  async list(ctx: RequestContext, query: unknown): Promise<Page<AuditEntryView>> {
    const { action, userId, from, to, ...page } = parseInput(listAuditLogQuery, query);
    const filter = { action: action ?? null, actorUserId: userId ?? null, from: from ?? null, to: to ?? null };
    const rows = await this.audit.list(ctx.em, orgId(ctx), filter, page);
    const actors = rows.data.flatMap((r) => (r.actor_user_id ? [r.actor_user_id] : []));
    const emails = await this.identity.emailsOf(ctx.em, actors);
    return { data: rows.data.map((r) => auditEntryView(r, emails)), nextCursor: rows.nextCursor };
  }
}

function auditEntryView(r: AuditRow, emails: Map<string, string>): AuditEntryView {
  return {
    id: r.id,
    createdAt: new Date(r.created_at).toISOString(),
    action: r.action,
    actor: {
      userId: r.actor_user_id,
      email: r.actor_user_id ? (emails.get(r.actor_user_id) ?? null) : null,
      kind: r.actor_kind,
      credentialId: r.actor_credential_id,
    },
    ip: r.ip,
    userAgent: r.user_agent,
    target: r.target_type && r.target_id ? { type: r.target_type, id: r.target_id } : null,
    details: r.details,
  };
}
