import type { ApiRouter } from '../../core/http/api-router';
import type { ContactsService } from './contacts.service';

const READ = { section: 'contacts', access: 'read' } as const;
const WRITE = { section: 'contacts', access: 'write' } as const;

export function contactRoutes(api: ApiRouter, contacts: ContactsService): void {
  api
    .post('/contacts', WRITE, async (ctx) => {
      ctx.status = 201;
      ctx.body = await contacts.create(ctx.state.rc, ctx.request.body);
    })
    .get('/contacts', READ, async (ctx) => {
      ctx.body = await contacts.list(ctx.state.rc, ctx.query);
    })
    .get('/contacts/:id', READ, async (ctx) => {
      ctx.body = await contacts.get(ctx.state.rc, ctx.params.id);
    })
    .patch('/contacts/:id', WRITE, async (ctx) => {
      ctx.body = await contacts.update(ctx.state.rc, ctx.params.id, ctx.request.body);
    });
}
