import type { ApiRouter } from '../../core/http/api-router';
import type { CompanyService } from './company.service';

const READ = { section: 'company_settings', access: 'read' } as const;
const WRITE = { section: 'company_settings', access: 'write' } as const;

/** A logo is shown as an image only: an SVG opened on its own can neither run script nor load anything. */
export const LOGO_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

export function companyRoutes(api: ApiRouter, company: CompanyService): void {
  api
    .get('/settings/company', READ, async (ctx) => {
      ctx.body = await company.get(ctx.state.rc);
    })
    .put('/settings/company', WRITE, async (ctx) => {
      ctx.body = await company.update(ctx.state.rc, ctx.request.body);
    })
    .get('/settings/tax-filing', READ, async (ctx) => {
      ctx.body = await company.getTaxFiling(ctx.state.rc);
    })
    .put('/settings/tax-filing', WRITE, async (ctx) => {
      ctx.body = await company.updateTaxFiling(ctx.state.rc, ctx.request.body);
    })
    .get('/settings/document-look', READ, async (ctx) => {
      ctx.body = await company.getLook(ctx.state.rc);
    })
    .put('/settings/document-look', WRITE, async (ctx) => {
      ctx.body = await company.updateLook(ctx.state.rc, ctx.request.body);
    })
    .get('/settings/document-look/logo', READ, async (ctx) => {
      const logo = await company.logo(ctx.state.rc);
      ctx.set('Content-Security-Policy', LOGO_CSP);
      ctx.set('X-Content-Type-Options', 'nosniff');
      ctx.type = logo.contentType;
      ctx.body = logo.data;
    })
    .put('/settings/document-look/logo', WRITE, async (ctx) => {
      ctx.body = await company.uploadLogo(ctx.state.rc, ctx.request.body);
    })
    .delete('/settings/document-look/logo', WRITE, async (ctx) => {
      ctx.body = await company.deleteLogo(ctx.state.rc);
    });
}
