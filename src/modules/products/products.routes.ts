import type { ApiRouter } from '../../core/http/api-router';
import type { ProductsService } from './products.service';

/** The price list belongs to the documents section (SPEC 2.2). */
const READ = { section: 'documents', access: 'read' } as const;
const WRITE = { section: 'documents', access: 'write' } as const;

export function productRoutes(api: ApiRouter, products: ProductsService): void {
  api
    .post('/products', WRITE, async (ctx) => {
      ctx.status = 201;
      ctx.body = await products.create(ctx.state.rc, ctx.request.body);
    })
    .get('/products', READ, async (ctx) => {
      ctx.body = await products.list(ctx.state.rc, ctx.query);
    })
    .get('/products/:id', READ, async (ctx) => {
      ctx.body = await products.get(ctx.state.rc, ctx.params.id);
    })
    .patch('/products/:id', WRITE, async (ctx) => {
      ctx.body = await products.update(ctx.state.rc, ctx.params.id, ctx.request.body);
    })
    .delete('/products/:id', WRITE, async (ctx) => {
      ctx.body = await products.archive(ctx.state.rc, ctx.params.id);
    });
}
