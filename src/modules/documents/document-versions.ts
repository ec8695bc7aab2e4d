import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { Entity, PrimaryKey, Property } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { NotFoundError, ValidationError } from '../../core/errors';
import type { Page, Pagination } from '../../core/validation';
import type { Document } from './document.entity';
import { DocumentHistoryEntry } from './document-history';
import type { DocumentStatus, DocumentType } from './document.types';
import { amountsView, type DocumentAmountsView } from './document.views';
import { printableOf, type PrintableDocument, type PrintedParty } from './print/printed-document';

/**
 * One kept version of an issued document's content (table document_versions, Migration0023):
 * written in the transaction of the change that made it, never edited; (document_id, version) is unique.
 */
@Entity({ tableName: 'document_versions' })
export class DocumentVersion {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'uuid' })
  organizationId!: string;

  @Property({ type: 'uuid' })
  documentId!: string;

  @Property({ type: 'integer' })
  version!: number;

  /** The person who made the change (version 1: who issued it); null for the system or a register. */
  @Property({ type: 'uuid', nullable: true })
  userId: string | null = null;

  @Property({ type: 'jsonb' })
  content!: VersionContent;

  /** When the version was made (column `at`). */
  @Property({ type: 'timestamptz', fieldName: 'at' })
  createdAt!: Date;
}

/**
 * A version's content as kept: everything its PDF prints (the customer as printed then) and what
 * the record shows beside it; dates as ISO 8601 strings.
 */
export interface VersionContent extends Omit<PrintableDocument, 'issuedAt' | 'dueAt' | 'taxableSupplyDate'> {
  type: DocumentType;
  status: DocumentStatus;
  contactId: string | null;
  clientName: string | null;
  note: string | null;
  issuedAt: string;
  dueAt: string;
  taxableSupplyDate: string | null;
}

/** GET /documents/:id/versions: the content as the document's record shows it, and the customer as printed. */
export interface VersionContentView extends DocumentAmountsView {
  type: DocumentType;
  status: DocumentStatus;
  number: string;
  variableSymbol: string | null;
  contactId: string | null;
  clientName: string | null;
  customer: PrintedParty;
  note: string | null;
  issuedAt: string;
  dueAt: string;
  /** DUZP; the issue date unless set. */
  taxableSupplyDate: string;
}

export interface DocumentVersionView {
  version: number;
  /** Who made the change (version 1: who issued the document); null when no person did. */
  userId: string | null;
  at: string;
  content: VersionContentView;
}

/** A document's content now, as a version keeps it; `doc.contact` must be loaded. */
export function contentOf(doc: Document): VersionContent {
  const printable = printableOf(doc);
  return {
    ...printable,
    status: doc.status,
    contactId: doc.contact?.id ?? null,
    clientName: doc.clientName,
    note: doc.note,
    issuedAt: printable.issuedAt.toISOString(),
    dueAt: printable.dueAt.toISOString(),
    taxableSupplyDate: printable.taxableSupplyDate?.toISOString() ?? null,
  };
}

/** A kept version, to print. */
export function printableContent(content: VersionContent): PrintableDocument {
  return {
    ...content,
    issuedAt: new Date(content.issuedAt),
    dueAt: new Date(content.dueAt),
    taxableSupplyDate: content.taxableSupplyDate ? new Date(content.taxableSupplyDate) : null,
  };
}

function versionView(v: Pick<DocumentVersion, 'version' | 'userId' | 'content' | 'createdAt'>): DocumentVersionView {
  const c = v.content;
  return {
    version: v.version,
    userId: v.userId,
    at: v.createdAt.toISOString(),
    content: {
      type: c.type,
      status: c.status,
      number: c.number,
      variableSymbol: c.variableSymbol,
      contactId: c.contactId,
      clientName: c.clientName,
      customer: c.customer,
      note: c.note,
      ...amountsView(c),
      issuedAt: c.issuedAt,
      dueAt: c.dueAt,
      taxableSupplyDate: c.taxableSupplyDate ?? c.issuedAt,
    },
  };
}

/** A document is versioned from issue on: a draft's edits are not versions. */
export function isVersioned(doc: Document): boolean {
  return doc.status !== 'DRAFT';
}

/** The keyset of a versions page: the last version number shown. */
function cursorOf(version: number): string {
  return Buffer.from(`v${version}`).toString('base64url');
}

function afterCursor(cursor: string | undefined): number {
  if (!cursor) return 0;
  const match = /^v(\d{1,9})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match)
    throw new ValidationError('Invalid cursor', [{ path: 'cursor', message: 'not a cursor returned by this list' }]);
  return Number(match[1]);
}

/**
 * The versions of issued documents' content. Version 1 is the content as issued; it is kept (with
 * version 2) by the first change, and until then read from the document itself, which has not
 * changed since. Every caller holds the document: locked FOR UPDATE to record, visible to read.
 */
export class DocumentVersions {
  /** The content of a document now, to compare after a change (recordChange). */
  async contentNow(em: EntityManager, doc: Document): Promise<VersionContent> {
    await em.populate(doc, ['contact']);
    return contentOf(doc);
  }

  /**
   * Inside the change's transaction, the document locked and changed: when its content differs
   * from `before`, `before` becomes version 1 if this is the first change since issue, and the
   * content now the next version, whose number the document then carries.
   */
  async recordChange(
    em: EntityManager,
    doc: Document,
    before: VersionContent,
    userId: string | null,
    at: Date,
  ): Promise<void> {
    const now = contentOf(doc);
    if (isDeepStrictEqual(now, before)) return;
    const keep = (version: number, content: VersionContent, by: string | null, when: Date) =>
      em.persist(
        em.create(DocumentVersion, {
          organizationId: doc.organization.id,
          documentId: doc.id,
          version,
          userId: by,
          content,
          createdAt: when,
        }),
      );
    if (doc.version === 1) {
      const issue = await issueOf(em, doc);
      keep(1, before, issue.userId, issue.at);
    }
    doc.version += 1;
    keep(doc.version, now, userId, at);
  }

  /** Oldest first, by version number; a draft has none. */
  async list(em: EntityManager, doc: Document, page: Pagination): Promise<Page<DocumentVersionView>> {
    const after = afterCursor(page.cursor);
    if (!isVersioned(doc)) return { data: [], nextCursor: null };
    if (doc.version === 1)
      return { data: after < 1 ? [versionView(await this.asIssued(em, doc))] : [], nextCursor: null };
    const rows = await em.find(
      DocumentVersion,
      { documentId: doc.id, version: { $gt: after } },
      { orderBy: { version: 'asc' }, limit: page.limit + 1 },
    );
    const hasMore = rows.length > page.limit;
    const data = hasMore ? rows.slice(0, page.limit) : rows;
    return { data: data.map(versionView), nextCursor: hasMore ? cursorOf(data[data.length - 1].version) : null };
  }

  /** Version `n` of the document; 404 when it has no such version. */
  async find(em: EntityManager, doc: Document, n: number): Promise<Pick<DocumentVersion, 'content' | 'createdAt'>> {
    if (!isVersioned(doc) || n < 1 || n > doc.version) throw new NotFoundError('Document version');
    if (doc.version === 1) return this.asIssued(em, doc);
    const found = await em.findOne(DocumentVersion, { documentId: doc.id, version: n });
    if (!found) throw new NotFoundError('Document version');
    return found;
  }

  /** Version 1 of a document not changed since issue: its content now. */
  private async asIssued(em: EntityManager, doc: Document) {
    const content = await this.contentNow(em, doc);
    const issue = await issueOf(em, doc);
    return { version: 1, userId: issue.userId, content, createdAt: issue.at };
  }
}

/** Who issued the document and when: its DRAFT → ISSUED change, or its creation when it was born issued. */
async function issueOf(em: EntityManager, doc: Document): Promise<{ userId: string | null; at: Date }> {
  const issued = await em.findOne(
    DocumentHistoryEntry,
    { documentId: doc.id, organizationId: doc.organization.id, fromStatus: 'DRAFT', toStatus: 'ISSUED' },
    { orderBy: { createdAt: 'asc' } },
  );
  return issued ? { userId: issued.userId, at: issued.createdAt } : { userId: null, at: doc.createdAt };
}
