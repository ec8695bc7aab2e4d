import type { AccessSpec } from '../../core/http/gate';
import type { ApiRouter } from '../../core/http/api-router';
import { cleanText } from '../../core/http/input-text';
import { parseBody } from '../../core/http/middleware';
import type { AppContext } from '../../core/http/types';
import type { ErrorDetail } from '../../core/errors';
import { validationFailed } from '../../core/validation';
import type { PosDevicesService } from './pos-devices.service';
import type { PosDocumentsService } from './pos-documents.service';
import { IdempotencyKeyRequired } from './pos.errors';
import { idempotencyKey } from './pos.inputs';

/** Only a register's token (the only credential kind of the pos area). */
export const DEVICE: AccessSpec = { authenticated: true, credentials: ['pos'] };
/** A person: OWNER, or ADMIN with company_settings write (SPEC 4.4); never a key, token or register. */
export const DEVICE_MANAGERS: AccessSpec = {
  section: 'company_settings',
  access: 'write',
  credentials: ['session'],
  roles: ['OWNER', 'ADMIN'],
};

const readJson = parseBody();

/** The body of a POS request, read only now (after the Idempotency-Key check) and checked like every other body. */
async function posBody(ctx: AppContext): Promise<unknown> {
  await readJson(ctx, () => Promise.resolve());
  const issues: ErrorDetail[] = [];
  const body = cleanText(ctx.request.body, '', issues);
  if (issues.length) throw validationFailed(issues);
  return body;
}

/** SPEC 4.5 rule 1: a single call without Idempotency-Key is refused before its body is looked at. */
function requiredKey(ctx: AppContext): string {
  const header = ctx.get('idempotency-key');
  if (!header) throw new IdempotencyKeyRequired();
  const parsed = idempotencyKey.safeParse(header);
  if (!parsed.success) throw validationFailed([{ path: 'Idempotency-Key', message: parsed.error.issues[0].message }]);
  return parsed.data;
}

export function posDocumentRoutes(pos: ApiRouter, documents: PosDocumentsService): void {
  pos
    .post('/documents', DEVICE, async (ctx) => {
      const key = requiredKey(ctx);
      const answer = await documents.issue(ctx.state.rc, key, await posBody(ctx));
      ctx.status = answer.replayed ? 200 : 201;
      ctx.body = answer;
    })
    .post('/documents/batch', DEVICE, async (ctx) => {
      const results = await documents.issueBatch(ctx.state.rc, await posBody(ctx));
      ctx.status = 207;
      ctx.body = { data: { results } };
    })
    .post('/documents/cancel', DEVICE, async (ctx) => {
      const key = requiredKey(ctx);
      ctx.body = await documents.cancel(ctx.state.rc, key, await posBody(ctx));
    })
    .post('/documents/credit-notes', DEVICE, async (ctx) => {
      const key = requiredKey(ctx);
      const answer = await documents.issueCreditNote(ctx.state.rc, key, await posBody(ctx));
      ctx.status = answer.replayed ? 200 : 201;
      ctx.body = answer;
    });
}

export function posDeviceRoutes(api: ApiRouter, devices: PosDevicesService): void {
  api
    .get('/pos-devices', DEVICE_MANAGERS, async (ctx) => {
      ctx.body = await devices.list(ctx.state.rc, ctx.query);
    })
    .post('/pos-devices', DEVICE_MANAGERS, async (ctx) => {
      ctx.status = 201;
      ctx.body = await devices.create(ctx.state.rc, ctx.request.body);
    })
    .patch('/pos-devices/:id', DEVICE_MANAGERS, async (ctx) => {
      ctx.body = await devices.update(ctx.state.rc, ctx.params.id, ctx.request.body);
    })
    .post('/pos-devices/:id/rotate-token', DEVICE_MANAGERS, async (ctx) => {
      ctx.body = await devices.rotateToken(ctx.state.rc, ctx.params.id);
    })
    .post('/pos-devices/:id/revoke', DEVICE_MANAGERS, async (ctx) => {
      ctx.body = await devices.revoke(ctx.state.rc, ctx.params.id);
    });
}
