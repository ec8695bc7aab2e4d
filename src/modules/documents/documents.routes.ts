import type { ApiRouter } from '../../core/http/api-router';
import type { DocumentEmails } from './document-emails';
import type { DocumentMailing } from './document-mailing';
import type { Advances } from './advances';
import type { CreditNotes } from './credit-notes';
import type { DocumentConversions } from './conversions';
import type { DocumentsService } from './documents.service';
import type { NumberingService } from './numbering';
import type { AppContext } from '../../core/http/types';
import { pdfFileName, type DocumentPrinter } from './print/document-printer';
import { publicView, type PublicDocuments } from './public-documents';
import type { PublicPayments } from './public-payments';
import type { QuoteAnswers } from './quotes';
import { parseInput } from '../../core/validation';
import { pdfQuery } from './document.inputs';
import { eInvoiceFileName, type EInvoices } from './einvoice/einvoices';

const READ = { section: 'documents', access: 'read' } as const;
const WRITE = { section: 'documents', access: 'write' } as const;

/** What the document routes and resolvers call. */
export interface DocumentServices {
  documents: DocumentsService;
  creditNotes: CreditNotes;
  advances: Advances;
  conversions: DocumentConversions;
  mailing: DocumentMailing;
  emails: DocumentEmails;
  numbering: NumberingService;
  printer: DocumentPrinter;
  einvoice: EInvoices;
}

function sendPdf(ctx: AppContext, pdf: Buffer, number: string): void {
  ctx.type = 'application/pdf';
  ctx.set('Content-Disposition', `inline; filename="${pdfFileName(number)}"`);
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.body = pdf;
}

/** An e-invoice as a download: ISDOC as `<number>.isdoc`, UBL as `<number>.xml`. */
function sendXml(ctx: AppContext, xml: string, fileName: string): void {
  ctx.type = 'application/xml; charset=utf-8';
  ctx.set('Content-Disposition', `attachment; filename="${fileName}"`);
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.body = xml;
}

export function documentRoutes(
  api: ApiRouter,
  { documents, creditNotes, advances, conversions, mailing, numbering, printer, einvoice }: DocumentServices,
): void {
  api
    .post('/documents', WRITE, async (ctx) => {
      ctx.status = 201;
      ctx.body = await documents.create(ctx.state.rc, ctx.request.body);
    })
    .post('/documents/totals-preview', READ, (ctx) => {
      ctx.body = documents.previewTotals(ctx.request.body);
    })
    .get('/documents', READ, async (ctx) => {
      ctx.body = await documents.list(ctx.state.rc, ctx.query);
    })
    .get('/documents/:id', READ, async (ctx) => {
      ctx.body = await documents.record(ctx.state.rc, ctx.params.id);
    })
    .patch('/documents/:id', WRITE, async (ctx) => {
      ctx.body = await documents.update(ctx.state.rc, ctx.params.id, ctx.request.body);
    })
    .delete('/documents/:id', WRITE, async (ctx) => {
      await documents.delete(ctx.state.rc, ctx.params.id);
      ctx.status = 204;
    })
    .post('/documents/:id/transition', WRITE, async (ctx) => {
      ctx.body = await documents.transition(ctx.state.rc, ctx.params.id, ctx.request.body);
    })
    .get('/documents/:id/history', READ, async (ctx) => {
      ctx.body = await documents.history(ctx.state.rc, ctx.params.id, ctx.query);
    })
    .get('/documents/:id/pdf', READ, async (ctx) => {
      const { prices } = parseInput(pdfQuery, ctx.query);
      const doc = await documents.find(ctx.state.rc, ctx.params.id);
      sendPdf(ctx, await printer.pdf(ctx.state.rc.em, doc, { prices }), doc.number);
    })
    .get('/documents/:id/isdoc', READ, async (ctx) => {
      const doc = await documents.find(ctx.state.rc, ctx.params.id);
      sendXml(ctx, await einvoice.isdoc(ctx.state.rc.em, doc), eInvoiceFileName(doc.number, 'isdoc'));
    })
    .get('/documents/:id/ubl', READ, async (ctx) => {
      const doc = await documents.find(ctx.state.rc, ctx.params.id);
      sendXml(ctx, await einvoice.ubl(ctx.state.rc.em, doc), eInvoiceFileName(doc.number, 'ubl'));
    })
    .get('/documents/:id/versions', READ, async (ctx) => {
      ctx.body = await documents.versions(ctx.state.rc, ctx.params.id, ctx.query);
    })
    .get('/documents/:id/versions/:n/pdf', READ, async (ctx) => {
      const { doc, content, at } = await documents.version(ctx.state.rc, ctx.params.id, ctx.params.n);
      sendPdf(ctx, await printer.versionPdf(ctx.state.rc.em, doc, content, at), `${content.number}-v${ctx.params.n}`);
    })
    .post('/documents/:id/credit-note', WRITE, async (ctx) => {
      ctx.status = 201;
      ctx.body = documents.view(await creditNotes.create(ctx.state.rc, ctx.params.id, ctx.request.body));
    })
    .post('/documents/:id/final-invoice', WRITE, async (ctx) => {
      ctx.status = 201;
      ctx.body = documents.view(await advances.finalInvoice(ctx.state.rc, ctx.params.id, ctx.request.body));
    })
    .post('/documents/:id/convert', WRITE, async (ctx) => {
      ctx.status = 201;
      ctx.body = documents.view(await conversions.convert(ctx.state.rc, ctx.params.id, ctx.request.body));
    })
    .post('/documents/:id/send-email', WRITE, async (ctx) => {
      ctx.body = await mailing.send(ctx.state.rc, ctx.params.id, ctx.request.body);
    })
    .get('/settings/numbering', { section: 'company_settings', access: 'read' }, async (ctx) => {
      ctx.body = await numbering.list(ctx.state.rc);
    })
    .put('/settings/numbering', { section: 'company_settings', access: 'write' }, async (ctx) => {
      ctx.body = await numbering.update(ctx.state.rc, ctx.request.body);
    });
}

const PDF_SUFFIX = '.pdf';

/** What the customer's routes use. */
export interface PublicDocumentServices {
  publicDocuments: PublicDocuments;
  quoteAnswers: QuoteAnswers;
  printer: DocumentPrinter;
  publicPayments: PublicPayments;
}

/** The page's form posts here, and the customer lands back on the page. */
const answerPath = (token: string) => `/public/documents/${token}/answer`;
/** "Zaplatit online" posts here, and the browser is sent on (303) to the gateway's payment page; JSON gets its `url`. */
const payPath = (token: string) => `/public/documents/${token}/pay`;

/**
 * Outside /api/v1: the customer's view by public link, no credential. A browser (Accept text/html)
 * gets the printed page, `<token>.pdf` or `?format=pdf` the PDF, anything else the JSON record.
 * A quote's page answers it (POST …/answer): a form post is sent back to the page (303), JSON gets
 * the record.
 */
export function publicDocumentRoutes(
  api: ApiRouter,
  { publicDocuments, quoteAnswers, printer, publicPayments }: PublicDocumentServices,
): void {
  api.post('/public/documents/:token/pay', { public: true }, async (ctx) => {
    const url = await publicPayments.start(ctx.state.rc, ctx.params.token);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.set('Referrer-Policy', 'no-referrer');
    if (ctx.accepts('json', 'html') === 'json') {
      ctx.body = { url };
      return;
    }
    ctx.status = 303;
    ctx.redirect(url);
  });
  api.post('/public/documents/:token/answer', { public: true }, async (ctx) => {
    const doc = await quoteAnswers.answer(ctx.state.rc, ctx.params.token, ctx.request.body);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.set('Referrer-Policy', 'no-referrer');
    if (ctx.is('urlencoded')) {
      ctx.status = 303;
      ctx.redirect(`/public/documents/${ctx.params.token}`);
      return;
    }
    ctx.body = publicView(doc);
  });
  api.get('/public/documents/:token', { public: true }, async (ctx) => {
    const asPdf = ctx.params.token.endsWith(PDF_SUFFIX) || ctx.query.format === 'pdf';
    const token = ctx.params.token.endsWith(PDF_SUFFIX)
      ? ctx.params.token.slice(0, -PDF_SUFFIX.length)
      : ctx.params.token;
    const doc = await publicDocuments.open(ctx.state.rc, token);
    ctx.vary('Accept');
    // The link is the capability: neither the page nor the PDF may be kept by a shared cache.
    ctx.set('Cache-Control', 'private, no-store');
    ctx.set('Referrer-Policy', 'no-referrer');
    if (asPdf) return sendPdf(ctx, await printer.pdf(ctx.state.rc.em, doc), doc.number);
    if (ctx.accepts('json', 'html') === 'html') {
      const answer = quoteAnswers.stateOf(doc);
      const payOnline = await publicPayments.offer(ctx.state.rc.em, doc);
      const page = await printer.page(
        ctx.state.rc.em,
        doc,
        `/public/documents/${token}${PDF_SUFFIX}`,
        answer && { ...answer, action: answerPath(token) },
        payOnline && { ...payOnline, action: payPath(token) },
      );
      ctx.set('Content-Security-Policy', page.csp);
      ctx.set('X-Frame-Options', 'DENY');
      ctx.set('X-Content-Type-Options', 'nosniff');
      ctx.type = 'text/html; charset=utf-8';
      ctx.body = page.markup;
      return;
    }
    ctx.body = publicView(doc);
  });
}
