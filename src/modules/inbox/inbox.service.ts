import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../core/clock';
import { authed, orgId, type RequestContext } from '../../core/ctx';
import { NotFoundError, ValidationError } from '../../core/errors';
import { isUuid } from '../../core/fields';
import type { Scheduler } from '../../core/jobs/scheduler';
import type { ServicesOf } from '../../core/module';
import { newestFirst } from '../../core/pagination';
import { parseInput, type Page } from '../../core/validation';
import type { contactsModule } from '../contacts/contacts.module';
import type { CostView, costsModule } from '../costs/costs.module';
import { detectKind, type ExtractedFields, type Extractor } from './extraction';
import { InboxItem } from './inbox-item.entity';
import { InboxFileGone, InboxFileUnsupported, InboxItemNotExtracted, InboxUploadTooLarge } from './inbox.errors';
import { confirmInboxInput, listInboxQuery } from './inbox.inputs';
import { confirmItem, insertFile, readFile } from './inbox.queries';
import type { InboxItemView } from './inbox.types';

export type { InboxItemView } from './inbox.types';

export const PROCESS_JOB = 'inbox.process';
/** The bounds of one upload (REST multipart and GraphQL alike). */
export const MAX_FILES = 10;
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

const CONTENT_TYPES = {
  PDF: 'application/pdf',
  PNG: 'image/png',
  JPEG: 'image/jpeg',
  ISDOC: 'application/xml',
  ISDOCX: 'application/zip',
} as const;

type Costs = ServicesOf<typeof costsModule>['costs'];
type Contacts = ServicesOf<typeof contactsModule>['contacts'];

/** A file as uploaded: its name and bytes (the bytes decide its type). */
export interface InboxUpload {
  filename: string;
  content: Buffer;
}

/**
 * The costs inbox (issue 29): received files become items, extracted by the job inbox.process
 * (InboxProcessor), and confirmed into costs. The draft cost is the item's proposal (its fields, the
 * matched supplier contact and the duplicate flag); no cost row exists before confirm.
 */
export class InboxService {
  constructor(
    private readonly clock: Clock,
    private readonly scheduler: Scheduler,
    private readonly extractor: Extractor,
    private readonly costs: Costs,
    private readonly contacts: Contacts,
  ) {}

  /**
   * 415 UNSUPPORTED_MEDIA_TYPE for a file of unknown type, 413 for one too big or too many (nothing is
   * stored then); each file becomes a QUEUED item, an empty one too (it ends FAILED with its reason).
   */
  async upload(ctx: RequestContext, files: InboxUpload[]): Promise<InboxItemView[]> {
    const { principal } = authed(ctx);
    if (files.length === 0)
      throw new ValidationError('No file uploaded', [{ path: 'files', message: 'at least one file' }]);
    if (files.length > MAX_FILES) throw new InboxUploadTooLarge(`At most ${MAX_FILES} files at once`);
    const checked = files.map((f) => {
      const filename = cleanName(f.filename);
      if (f.content.length > MAX_FILE_BYTES)
        throw new InboxUploadTooLarge(`${filename.slice(0, 100)} exceeds ${MAX_FILE_BYTES} bytes`);
      // An empty file is taken and ends FAILED with its reason, so the person sees which upload was empty.
      if (f.content.length === 0) return { filename, content: f.content, contentType: 'application/octet-stream' };
      const kind = detectKind(f.content);
      if (kind === null) throw new InboxFileUnsupported(filename);
      return { filename, content: f.content, contentType: CONTENT_TYPES[kind] };
    });
    const now = this.clock.now();
    const items = await ctx.em.fork().transactional(async (em) => {
      const made: InboxItem[] = [];
      for (const file of checked) {
        const item = em.create(InboxItem, {
          id: randomUUID(),
          organizationId: principal.organization.id,
          source: 'UPLOAD',
          createdByUserId: principal.userId ?? null,
          status: 'QUEUED',
          filename: file.filename,
          contentType: file.contentType,
          size: file.content.length,
          createdAt: now,
          updatedAt: now,
        });
        made.push(item);
      }
      await em.flush();
      for (let i = 0; i < made.length; i++) await insertFile(em, made[i].id, checked[i].content);
      return made;
    });
    // After the commit; a job lost in between is scheduled again by inbox.recover.
    for (const item of items) await this.schedule(item.id);
    return items.map(itemView);
  }

  async schedule(id: string): Promise<void> {
    await this.scheduler.schedule(PROCESS_JOB, this.clock.now(), { itemId: id });
  }

  /** `{limit, cursor, status?}`, newest first. */
  async list(ctx: RequestContext, query: unknown): Promise<Page<InboxItemView>> {
    const { status, ...page } = parseInput(listInboxQuery, query);
    const where = { organizationId: orgId(ctx), ...(status && { status }) };
    const result = await newestFirst(ctx.em, InboxItem, where, page);
    return { data: result.data.map(itemView), nextCursor: result.nextCursor };
  }

  async get(ctx: RequestContext, id: string): Promise<InboxItemView> {
    return itemView(await findItem(ctx.em, orgId(ctx), id));
  }

  /** Deletes the item and its file; a cost confirmed from it stays (with its own copy of the file). */
  async remove(ctx: RequestContext, id: string): Promise<void> {
    const item = await findItem(ctx.em, orgId(ctx), id);
    await ctx.em.nativeDelete(InboxItem, { id: item.id, organizationId: item.organizationId });
  }

  async file(ctx: RequestContext, id: string): Promise<{ filename: string; contentType: string; content: Buffer }> {
    const item = await findItem(ctx.em, orgId(ctx), id);
    const content = await readFile(ctx.em, item.id);
    if (content === null) throw new InboxFileGone();
    return { filename: item.filename, contentType: item.contentType, content };
  }

  /** Page `page` (from 1) of the item's file as PNG, for the review. */
  async pageImage(ctx: RequestContext, id: string, page: number): Promise<Buffer> {
    const item = await findItem(ctx.em, orgId(ctx), id);
    const limit = item.pages ?? 1;
    if (!Number.isInteger(page) || page < 1 || page > Math.max(limit, 1))
      throw new ValidationError('No such page', [{ path: 'page', message: `must be 1 to ${Math.max(limit, 1)}` }]);
    const content = await readFile(ctx.em, item.id);
    if (content === null) throw new InboxFileGone();
    return this.extractor.renderPage({ filename: item.filename, content }, page);
  }

  /**
   * The item's proposal with the person's corrections becomes a cost, as one entered by hand (the
   * costs module's rules, numbering, VAT and cost.created), with the file as its attachment and the
   * item's id on it; the item is CONFIRMED in the cost's transaction. A duplicate supplier number is
   * the costs module's 409 CONFLICT.
   */
  async confirm(ctx: RequestContext, id: string, input: unknown): Promise<{ item: InboxItemView; cost: CostView }> {
    const corrections = parseInput(confirmInboxInput, input ?? {});
    const organizationId = orgId(ctx);
    const item = await findItem(ctx.em, organizationId, id);
    if (item.status !== 'EXTRACTED') throw new InboxItemNotExtracted(item.status);
    const content = await readFile(ctx.em, item.id);
    if (content === null) throw new InboxFileGone();
    const merged = { ...proposalOf(item), ...corrections };
    if (merged.supplierId === undefined) merged.supplierId = await this.newSupplier(ctx, item, merged);
    else if (item.supplierContactId !== null && merged.supplierId === item.supplierContactId)
      await this.asSupplier(ctx, item.supplierContactId, merged);
    const now = this.clock.now();
    const cost = await this.costs.createReceived(ctx, merged, {
      inboxItemId: item.id,
      file: { filename: item.filename, contentType: item.contentType, content },
      within: async (em, costId) => {
        if (!(await confirmItem(em, item, costId, now))) {
          const current = await em.findOne(InboxItem, { id: item.id }, { fields: ['status'] });
          throw current ? new InboxItemNotExtracted(current.status) : new NotFoundError('Inbox item');
        }
      },
    });
    const confirmed = await findItem(ctx.em.fork(), organizationId, id);
    return { item: itemView(confirmed), cost };
  }

  /** The matched contact is a client of that IČO: it becomes BOTH, once the rest of the input passes. */
  private async asSupplier(ctx: RequestContext, contactId: string, input: Record<string, unknown>): Promise<void> {
    const contact = await this.contacts.get(ctx, contactId);
    if (contact.type !== 'CLIENT') return;
    this.costs.assertValidInput(input);
    await this.contacts.update(ctx, contactId, { type: 'BOTH' });
  }

  /**
   * No contact has the extracted IČO and no supplierId was given: a new SUPPLIER contact with the
   * extracted name, IČO and DIČ (contact.created), made only once the rest of the input passes.
   * Without an extracted name the input is refused (400 naming supplierId).
   */
  private async newSupplier(ctx: RequestContext, item: InboxItem, input: Record<string, unknown>): Promise<unknown> {
    const name = item.fields?.supplierName?.value.trim().slice(0, 200);
    if (!name) return undefined;
    this.costs.assertValidInput({ ...input, supplierId: NO_SUPPLIER_YET });
    const contact = await this.contacts.create(ctx, {
      name,
      type: 'SUPPLIER',
      taxId: item.fields?.supplierIco?.value.slice(0, 32) ?? null,
      vatId: item.fields?.supplierDic?.value.slice(0, 32) ?? null,
    });
    return contact.id;
  }
}

/** Stands in for the supplier while the input is checked before a new supplier would be created. */
const NO_SUPPLIER_YET = '00000000-0000-4000-8000-000000000000';

/** The input of POST /costs the extraction proposes: what a person would type from the document. */
export function proposalOf(item: InboxItem): Record<string, unknown> {
  const f: ExtractedFields | null = item.fields;
  if (!f) return {};
  const proposal: Record<string, unknown> = { kind: 'INVOICE' };
  if (item.supplierContactId) proposal.supplierId = item.supplierContactId;
  if (f.documentNumber) proposal.supplierDocumentNumber = f.documentNumber.value;
  if (f.variableSymbol && /^\d{1,10}$/.test(f.variableSymbol.value)) proposal.variableSymbol = f.variableSymbol.value;
  if (f.issueDate) proposal.issuedAt = f.issueDate.value;
  if (f.taxableSupplyDate) proposal.taxableSupplyDate = f.taxableSupplyDate.value;
  if (f.dueDate) proposal.dueAt = f.dueDate.value;
  if (f.currency) proposal.currency = f.currency.value;
  const label = f.documentNumber ? `Doklad ${f.documentNumber.value}` : 'Přijatý doklad';
  if (f.vat.length > 0) {
    proposal.items = f.vat.map((row) => ({
      name: `${label}, DPH ${row.rate} %`,
      quantity: '1',
      unitPrice: row.base,
      vatRate: row.rate,
    }));
  } else if (f.total) {
    // No VAT recapitulation (a supplier not registered for VAT): the total as one line without VAT.
    proposal.items = [{ name: label, quantity: '1', unitPrice: f.total.value, vatRate: '0' }];
  }
  const account = accountOf(f);
  if (account) proposal.paymentAccount = account;
  return proposal;
}

function accountOf(f: ExtractedFields): Record<string, string | null> | null {
  const iban = f.iban?.value ?? null;
  const match = f.accountNumber ? /^((?:\d{1,6}-)?\d{2,10})\/(\d{4})$/.exec(f.accountNumber.value) : null;
  if (!iban && !match) return null;
  return { iban, accountNumber: match?.[1] ?? null, bankCode: match?.[2] ?? null };
}

async function findItem(em: EntityManager, organizationId: string, id: string): Promise<InboxItem> {
  const item = isUuid(id) ? await em.findOne(InboxItem, { id, organizationId }) : null;
  if (!item) throw new NotFoundError('Inbox item');
  return item;
}

/** The uploaded name without any path or control characters, at most 200 characters; none: document. */
function cleanName(name: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 200);
  return base === '' ? 'document' : base;
}

export function itemView(item: InboxItem): InboxItemView {
  return {
    id: item.id,
    status: item.status,
    source: item.source,
    filename: item.filename,
    contentType: item.contentType,
    size: item.size,
    pages: item.pages,
    method: item.method,
    engine: item.engine,
    failureReason: item.failureReason,
    fields: item.fields,
    supplierContactId: item.supplierContactId,
    duplicateCostId: item.duplicateCostId,
    costId: item.costId,
    createdAt: item.createdAt.toISOString(),
    updatedAt: item.updatedAt.toISOString(),
    processedAt: item.processedAt?.toISOString() ?? null,
  };
}
