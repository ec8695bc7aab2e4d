import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../core/clock';
import { orgId, type RequestContext } from '../../core/ctx';
import { parseInput, z } from '../../core/validation';
import { changeSeries, listSeries, lockSeries, stepBack, takeNext } from './numbering.queries';

const DEFAULT_PADDING = 6;
/** Safety valve when skipping numbers that are already taken (see allocate). */
const MAX_SKIPS = 1000;

/**
 * A numbered series a module registers (in its build): the documents module one per document type,
 * the costs module COST. The module that numbers things with it knows where its numbers are kept.
 */
export interface SeriesRegistration {
  /** The series' name (stored in numbering_series.document_type): a document type, COST, ... */
  name: string;
  /** The prefix until the company sets its own: Czech customary ones, FV for faktura vydaná, ... */
  defaultPrefix: string;
  /** Whether `number` is already used, in the registering module's own table (inside `em`'s transaction). */
  isTaken(em: EntityManager, organizationId: string, number: string): Promise<boolean>;
}

export interface NumberingSeries {
  /** The series' name: a document type, or COST for received costs (the field keeps its first name). */
  documentType: string;
  prefix: string;
  padding: number;
  nextNumber: number;
  /** The number the next document of this series will get. */
  preview: string;
}

/** PUT /settings/numbering's body over the given series names. */
export function numberingInput(names: readonly [string, ...string[]]) {
  return z.object({
    series: z
      .array(
        z.object({
          documentType: z.enum(names).meta({ description: 'A document type, or COST for received costs' }),
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
      .max(names.length),
  });
}

export function formatNumber(prefix: string, padding: number, sequence: number | string): string {
  return prefix + String(sequence).padStart(padding, '0');
}

/**
 * Numbering series, one per (organization, series): number = prefix + zero-padded counter. Modules
 * register their series when they are built; the list shows them in that order. The counter row is
 * incremented inside the creating transaction, so concurrent creates queue on the row lock and a
 * rolled-back create gives its number back: numbers are consecutive without gaps.
 */
export class NumberingService {
  private readonly series = new Map<string, SeriesRegistration>();
  private input: ReturnType<typeof numberingInput> | null = null;

  constructor(private readonly clock: Clock) {}

  register(series: SeriesRegistration): void {
    if (this.series.has(series.name)) throw new Error(`Numbering series ${series.name} is registered twice`);
    this.series.set(series.name, series);
    this.input = null;
  }

  async list(ctx: RequestContext): Promise<{ series: NumberingSeries[] }> {
    const rows = await listSeries(ctx.em, orgId(ctx));
    const byName = new Map(rows.map((r) => [r.document_type, r]));
    return {
      series: [...this.series.values()].map(({ name, defaultPrefix }) => {
        const r = byName.get(name);
        const prefix = r?.prefix ?? defaultPrefix;
        const padding = r?.padding ?? DEFAULT_PADDING;
        const nextNumber = r ? Number(r.next_number) : 1;
        return { documentType: name, prefix, padding, nextNumber, preview: formatNumber(prefix, padding, nextNumber) };
      }),
    };
  }

  async update(ctx: RequestContext, input: unknown): Promise<{ series: NumberingSeries[] }> {
    const { series } = parseInput(this.inputSchema(), input);
    const organizationId = orgId(ctx);
    await ctx.em.transactional(async (em) => {
      for (const { documentType, ...change } of series) {
        const defaults = {
          prefix: this.registered(documentType).defaultPrefix,
          padding: DEFAULT_PADDING,
          nextNumber: 1,
        };
        await changeSeries(em, { organizationId, series: documentType, defaults, ...change, now: this.clock.now() });
      }
    });
    return this.list(ctx);
  }

  /**
   * Takes the next number of the series inside `em`'s transaction. Numbers already used (after
   * nextNumber was set back, or taken outside the series) are skipped rather than failing.
   */
  async allocate(em: EntityManager, organizationId: string, type: string): Promise<string> {
    const series = this.registered(type);
    const defaults = { prefix: series.defaultPrefix, padding: DEFAULT_PADDING };
    for (let i = 0; i < MAX_SKIPS; i++) {
      const row = await takeNext(em, organizationId, type, defaults, this.clock.now());
      const number = formatNumber(row.prefix, row.padding, row.taken);
      if (!(await series.isTaken(em, organizationId, number))) return number;
    }
    throw new Error(`Numbering series ${type} of ${organizationId} has no free number nearby`);
  }

  /** Deleting the newest draft of a series gives its number back, so no gap remains at the end. */
  async release(em: EntityManager, organizationId: string, type: string, number: string): Promise<void> {
    const row = await lockSeries(em, organizationId, type);
    if (!row || formatNumber(row.prefix, row.padding, Number(row.next_number) - 1) !== number) return;
    await stepBack(em, organizationId, type);
  }

  private registered(name: string): SeriesRegistration {
    const series = this.series.get(name);
    if (!series) throw new Error(`No module registered the numbering series ${name}`);
    return series;
  }

  /** The input over the series registered so far (all of them once the app is composed). */
  private inputSchema(): ReturnType<typeof numberingInput> {
    const [first, ...rest] = this.series.keys();
    return (this.input ??= numberingInput([first, ...rest]));
  }
}
