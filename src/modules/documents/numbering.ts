import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../core/clock';
import { orgId, type RequestContext } from '../../core/ctx';
import { parseInput, z } from '../../core/validation';
import { DOCUMENT_TYPES } from './document.types';

/** Every numbered series: one per document type, and received costs (issue 16). */
export const NUMBERING_SERIES = [...DOCUMENT_TYPES, 'COST'] as const;
export type SeriesName = (typeof NUMBERING_SERIES)[number];

/** Czech customary prefixes: faktura vydaná, zálohová faktura, nabídka, objednávka, dodací list, dobropis, náklad. */
const DEFAULT_PREFIX: Record<SeriesName, string> = {
  INVOICE: 'FV',
  PROFORMA: 'ZF',
  QUOTE: 'NA',
  ORDER: 'OB',
  DELIVERY_NOTE: 'DL',
  CREDIT_NOTE: 'DB',
  COST: 'N',
};

/** The query finding `number` already taken in the table the series numbers. */
function takenQuery(organizationId: string, type: SeriesName, number: string): [string, unknown[]] {
  if (type === 'COST')
    return ['SELECT 1 FROM costs WHERE organization_id = ? AND number = ?', [organizationId, number]];
  return [
    'SELECT 1 FROM documents WHERE organization_id = ? AND type = ? AND number = ?',
    [organizationId, type, number],
  ];
}
const DEFAULT_PADDING = 6;
/** Safety valve when skipping numbers that are already taken (see allocate). */
const MAX_SKIPS = 1000;

export interface NumberingSeries {
  /** The document type numbered, or COST for received costs (the field keeps its first name). */
  documentType: SeriesName;
  prefix: string;
  padding: number;
  nextNumber: number;
  /** The number the next document of this type will get. */
  preview: string;
}

interface SeriesRow {
  document_type: SeriesName;
  prefix: string;
  padding: number;
  next_number: string;
}

export const updateNumberingInput = z.object({
  series: z
    .array(
      z.object({
        documentType: z.enum(NUMBERING_SERIES).meta({ description: 'A document type, or COST for received costs' }),
        prefix: z
          .string()
          .max(20)
          .regex(/^[A-Za-z0-9_./-]*$/, 'letters, digits and _ . / - only')
          .optional(),
        padding: z.number().int().min(1).max(12).optional(),
        nextNumber: z.number().int().min(1).max(999_999_999_999).optional(),
      }),
    )
    .min(1)
    .max(NUMBERING_SERIES.length),
});

export function formatNumber(prefix: string, padding: number, sequence: number | string): string {
  return prefix + String(sequence).padStart(padding, '0');
}

/**
 * Numbering series, one per (organization, document type): number = prefix + zero-padded counter.
 * The counter row is incremented inside the creating transaction, so concurrent creates queue on
 * the row lock and a rolled-back create gives its number back: numbers are consecutive without gaps.
 */
export class NumberingService {
  constructor(private readonly clock: Clock) {}

  async list(ctx: RequestContext): Promise<{ series: NumberingSeries[] }> {
    const rows = await ctx.em.execute<SeriesRow[]>(
      'SELECT document_type, prefix, padding, next_number FROM numbering_series WHERE organization_id = ?',
      [orgId(ctx)],
    );
    const byType = new Map(rows.map((r) => [r.document_type, r]));
    return {
      series: NUMBERING_SERIES.map((type) => {
        const r = byType.get(type);
        const prefix = r?.prefix ?? DEFAULT_PREFIX[type];
        const padding = r?.padding ?? DEFAULT_PADDING;
        const nextNumber = r ? Number(r.next_number) : 1;
        return { documentType: type, prefix, padding, nextNumber, preview: formatNumber(prefix, padding, nextNumber) };
      }),
    };
  }

  async update(ctx: RequestContext, input: unknown): Promise<{ series: NumberingSeries[] }> {
    const { series } = parseInput(updateNumberingInput, input);
    const organization = orgId(ctx);
    await ctx.em.transactional(async (em) => {
      for (const s of series) {
        await em.execute(
          `INSERT INTO numbering_series (organization_id, document_type, prefix, padding, next_number, updated_at)
           VALUES (?, ?, ?, ?, ?, ?)
           ON CONFLICT (organization_id, document_type) DO UPDATE SET
             prefix = COALESCE(?, numbering_series.prefix),
             padding = COALESCE(?, numbering_series.padding),
             next_number = COALESCE(?, numbering_series.next_number),
             updated_at = EXCLUDED.updated_at`,
          [
            organization,
            s.documentType,
            s.prefix ?? DEFAULT_PREFIX[s.documentType],
            s.padding ?? DEFAULT_PADDING,
            s.nextNumber ?? 1,
            this.clock.now(),
            s.prefix ?? null,
            s.padding ?? null,
            s.nextNumber ?? null,
          ],
        );
      }
    });
    return this.list(ctx);
  }

  /**
   * Takes the next number of the series inside `em`'s transaction. Numbers already used (after
   * nextNumber was set back, or taken outside the series) are skipped rather than failing.
   */
  async allocate(em: EntityManager, organizationId: string, type: SeriesName): Promise<string> {
    for (let i = 0; i < MAX_SKIPS; i++) {
      const [row] = await em.execute<{ prefix: string; padding: number; taken: string }[]>(
        `INSERT INTO numbering_series (organization_id, document_type, prefix, padding, next_number, updated_at)
         VALUES (?, ?, ?, ?, 2, ?)
         ON CONFLICT (organization_id, document_type) DO UPDATE SET next_number = numbering_series.next_number + 1
         RETURNING prefix, padding, next_number - 1 AS taken`,
        [organizationId, type, DEFAULT_PREFIX[type], DEFAULT_PADDING, this.clock.now()],
      );
      const number = formatNumber(row.prefix, row.padding, row.taken);
      const used = await em.execute(...takenQuery(organizationId, type, number));
      if (used.length === 0) return number;
    }
    throw new Error(`Numbering series ${type} of ${organizationId} has no free number nearby`);
  }

  /** Deleting the newest draft of a series gives its number back, so no gap remains at the end. */
  async release(em: EntityManager, organizationId: string, type: SeriesName, number: string): Promise<void> {
    const [row] = await em.execute<SeriesRow[]>(
      'SELECT document_type, prefix, padding, next_number FROM numbering_series WHERE organization_id = ? AND document_type = ? FOR UPDATE',
      [organizationId, type],
    );
    if (!row || formatNumber(row.prefix, row.padding, Number(row.next_number) - 1) !== number) return;
    await em.execute(
      'UPDATE numbering_series SET next_number = next_number - 1 WHERE organization_id = ? AND document_type = ?',
      [organizationId, type],
    );
  }
}
