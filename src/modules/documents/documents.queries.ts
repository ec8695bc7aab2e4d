import { recordEventsPart } from '../../core/outbox/outbox.queries';
import { ReferenceKind } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { query, sql, type Statement } from '../../core/db/sql';
import type { PlannedDocument } from './document-factory';
import { Document } from './document.entity';
import type { NumberSlot } from './numbering';
import { nextNumberPart } from './numbering.queries';
import { companyLanguageSql } from '../company/company.module';
import type { DocumentLanguage } from '../../core/languages';

/** What the numbered statement decided: the number, and the language (the company's unless the document had one). */
export interface NumberedDocument {
  number: string;
  language: DocumentLanguage;
}

/** What a kept PDF depends on besides the document itself, and the kept PDF (document_pdfs) if any. */
export interface PdfProbeRow {
  organization_name: string;
  profile_at: Date | null;
  contact_at: Date | null;
  version: string | null;
  pdf: Buffer | null;
}

const PDF_PROBE = sql(
  `SELECT o.name AS organization_name, cp.updated_at AS profile_at, c.updated_at AS contact_at, p.version, p.pdf
     FROM documents d
     JOIN organizations o ON o.id = d.organization_id
     LEFT JOIN company_profiles cp ON cp.organization_id = d.organization_id
     LEFT JOIN contacts c ON c.id = d.contact_id
     LEFT JOIN document_pdfs p ON p.document_id = d.id
    WHERE d.id = ?`,
);

/** One statement, so a cached download costs one query. */
export async function pdfProbe(em: EntityManager, documentId: string): Promise<PdfProbeRow> {
  const [row] = await query<PdfProbeRow>(em, PDF_PROBE, [documentId]);
  return row;
}

const LOCK_PDF = sql('SELECT pg_advisory_xact_lock(hashtextextended(?, 17))');

/** Until the transaction ends: parallel first downloads of one version queue here, so only one renders. */
export async function lockDocumentPdf(em: EntityManager, documentId: string): Promise<void> {
  await query(em, LOCK_PDF, [documentId]);
}

const KEEP_PDF = sql(
  `INSERT INTO document_pdfs (document_id, organization_id, version, pdf, created_at) VALUES (?, ?, ?, ?, ?)
   ON CONFLICT (document_id) DO UPDATE SET version = EXCLUDED.version, pdf = EXCLUDED.pdf, created_at = EXCLUDED.created_at`,
);

export interface KeptPdf {
  documentId: string;
  organizationId: string;
  version: string;
  pdf: Buffer;
  createdAt: Date;
}

/** The document's one kept PDF, replacing an older version. */
export async function keepPdf(em: EntityManager, kept: KeptPdf): Promise<void> {
  await query(em, KEEP_PDF, [kept.documentId, kept.organizationId, kept.version, kept.pdf, kept.createdAt]);
}

type DocumentColumn = { column: string; field: string; relation: boolean };

/** Per ORM metadata (one per ORM): every new document of the general API maps its fields through them. */
const columnsOf = new WeakMap<object, DocumentColumn[]>();

/** The documents table's columns, each with the entity field it holds: the entity's own mapping, written nowhere else. */
function documentColumns(em: EntityManager): DocumentColumn[] {
  const meta = em.getMetadata(Document);
  let columns = columnsOf.get(meta);
  if (!columns) {
    columns = meta.props
      .filter((p) => p.persist !== false && [ReferenceKind.SCALAR, ReferenceKind.MANY_TO_ONE].includes(p.kind))
      .map((p) => ({ column: p.fieldNames[0], field: p.name, relation: p.kind === ReferenceKind.MANY_TO_ONE }));
    columnsOf.set(meta, columns);
  }
  return columns;
}

/** A planned document (DocumentFactory.plan) as a documents row, keyed by column, and its outbox events, for `newDocumentsPart`. */
export function plannedDocumentRow(
  em: EntityManager,
  planned: PlannedDocument,
): { document: object; events: object[] } {
  const fields = planned.fields as Record<string, unknown>;
  const document = Object.fromEntries(
    documentColumns(em).map(({ column, field, relation }) => {
      const value = fields[field] ?? null;
      return [column, relation && typeof value === 'object' && value ? (value as { id: string }).id : value];
    }),
  );
  return { document, events: planned.events };
}

/**
 * The part of one statement (a CTE, `docs` and `events`) that writes new documents and the events
 * announcing them, from a CTE named `source` with columns `n` (the order), `document` and `events`
 * (plannedDocumentRow as JSON). Documents go in by number, so two writers of the same numbers wait for
 * each other instead of deadlocking; a taken number fails the statement (23505).
 */
export function newDocumentsPart(em: EntityManager, source: string): string {
  const columns = documentColumns(em).map((c) => c.column);
  return `docs AS (
  INSERT INTO documents (${columns.join(', ')})
  SELECT ${columns.map((c) => `d.${c}`).join(', ')}
    FROM ${source} s, jsonb_populate_record(NULL::documents, s.document) d
   ORDER BY d.number
  RETURNING id, language
),
${recordEventsPart(source, "(s.document->>'organization_id')::uuid", "(s.document->>'created_at')::timestamptz")}`;
}

/** Built on first use per ORM metadata (the documents columns come from it): the same text for every request. */
const numberedDocument = new WeakMap<object, Statement>();

/**
 * One new document numbered by the statement that writes it (NumberingService.allocateWith): takes the
 * series' next number (nextNumberPart) and, unless a document of the type already has it, writes the
 * document with it, and with its variable symbol when that is the number's digits (variableSymbolOf,
 * as SQL), with the company's language when it has none of its own (read in place: one round trip
 * less), and its events with it (newDocumentsPart). Parameters after the slot's: whether the variable
 * symbol follows the number, else the one given, the planned events and row (plannedDocumentRow).
 */
function numberedDocumentStatement(em: EntityManager): Statement {
  const meta = em.getMetadata(Document);
  const known = numberedDocument.get(meta);
  if (known) return known;
  const statement = sql(
    `WITH ${nextNumberPart()},
source AS (
  SELECT 1 AS n,
         p.document || jsonb_build_object('number', f.number, 'variable_symbol',
           CASE WHEN ?::boolean THEN nullif(right(regexp_replace(f.number, '[^0-9]', '', 'g'), 10), '') ELSE ?::text END,
           'language', coalesce(p.document->>'language', ${companyLanguageSql("(p.document->>'organization_id')::uuid")})
         ) AS document,
         (SELECT jsonb_agg(jsonb_set(e.j, '{data,number}', to_jsonb(f.number)) ORDER BY e.k)
            FROM jsonb_array_elements(?::jsonb) WITH ORDINALITY AS e(j, k)) AS events
    FROM numbered f, (SELECT ?::jsonb AS document) p
   WHERE NOT EXISTS (SELECT 1 FROM documents d WHERE d.organization_id = ?::uuid AND d.type = ? AND d.number = f.number)
),
${newDocumentsPart(em, 'source')}
SELECT f.number, (SELECT language FROM docs) AS language, EXISTS (SELECT 1 FROM docs) AS written FROM numbered f`,
    'documents_insert_numbered',
  );
  numberedDocument.set(meta, statement);
  return statement;
}

/**
 * Writes the planned document with the series' next number (see numberedDocumentStatement) and returns
 * that number and the language written, or null when a document of the type already had it (nothing written, the counter moved on).
 * `variableSymbol`: undefined when it is the number's digits.
 */
export async function insertNumberedDocument(
  em: EntityManager,
  slot: NumberSlot,
  planned: PlannedDocument,
  variableSymbol: string | null | undefined,
): Promise<NumberedDocument | null> {
  const { document, events } = plannedDocumentRow(em, planned);
  const [row] = await query<{ number: string; language: DocumentLanguage; written: boolean }>(
    em,
    numberedDocumentStatement(em),
    [
      slot.organizationId,
      slot.series,
      slot.period,
      slot.prefix,
      slot.padding,
      slot.suffix,
      slot.firstUse?.format ?? null,
      slot.firstUse?.restart ?? null,
      slot.firstUse?.at ?? null,
      variableSymbol === undefined,
      variableSymbol ?? null,
      JSON.stringify(events),
      JSON.stringify(document),
      slot.organizationId,
      planned.fields.type,
    ],
  );
  return row.written ? { number: row.number, language: row.language } : null;
}
