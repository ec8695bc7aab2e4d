import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../core/clock';
import { orgId, type RequestContext } from '../../core/ctx';
import { parseInput, z } from '../../core/validation';
import { ValidationError } from '../../core/errors';
import {
  formatMask,
  legacyMask,
  MASK_MAX_LENGTH,
  maskErrors,
  maskParts,
  periodOf,
  RESTARTS,
  type Restart,
} from './numbering-mask';
import {
  listSeries,
  lockCounter,
  nextNumbers,
  saveSeries,
  seriesOf,
  setCounter,
  stepBack,
  takeNext,
  type SeriesRow,
} from './numbering.queries';

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

/**
 * The next number of a series as a statement takes it while writing what it numbers (nextNumberPart):
 * the counter's row, and the mask printed around the counter for the issue date.
 */
export interface NumberSlot {
  organizationId: string;
  series: string;
  period: string;
  prefix: string;
  padding: number;
  suffix: string;
  /** The settings the statement keeps on the series' first use (nextNumberPart's `kept`); null once stored. */
  firstUse: { format: string; restart: Restart; at: Date } | null;
}

/** Stands for the counter while the mask is printed around it (longer than any counter width, so never padded). */
const COUNTER_MARK = '\u0000'.repeat(13);

export interface NumberingSeries {
  /** The series' name: a document type, or COST for received costs (the field keeps its first name). */
  documentType: string;
  /** The mask, e.g. FV{YYYY}-{NNNN} (numbering-mask.ts). */
  format: string;
  restart: Restart;
  /** The mask's text before the counter token (tokens included). */
  prefix: string;
  /** The counter's width. */
  padding: number;
  /** The counter the next document issued now gets (in this year's period for a YEARLY series). */
  nextNumber: number;
  /** The number the next document issued now will get. */
  preview: string;
}

const LITERAL = /^[A-Za-z0-9_./-]*$/;

/** PUT /settings/numbering's body over the given series names. */
export function numberingInput(names: readonly [string, ...string[]]) {
  return z.object({
    series: z
      .array(
        z.object({
          documentType: z.enum(names).meta({ description: 'A document type, or COST for received costs' }),
          format: z
            .string()
            .max(MASK_MAX_LENGTH)
            .optional()
            .meta({ description: 'The mask, e.g. FV{YYYY}-{NNNN}: {YYYY}, {YY}, {MM}, one {N…N} counter' }),
          restart: z.enum(RESTARTS).optional().meta({ description: 'YEARLY: the counter restarts each year' }),
          prefix: z
            .string()
            .max(20)
            .regex(LITERAL, 'letters, digits and _ . / - only')
            .optional()
            .meta({ description: 'Replaces the mask’s text before the counter (not with format)' }),
          padding: z
            .number()
            .int()
            .min(1)
            .max(12)
            .optional()
            .meta({ description: 'Replaces the counter’s width (not with format)' }),
          nextNumber: z
            .number()
            .int()
            .min(1)
            .max(999_999_999_999)
            .optional()
            .meta({ description: 'The counter of the current period' }),
        }),
      )
      .min(1)
      .max(names.length),
  });
}

type SeriesInput = z.infer<ReturnType<typeof numberingInput>>['series'][number];

/** The old way to write a number: prefix + zero-padded counter (the mask prefix{N…N}). */
export function formatNumber(prefix: string, padding: number, sequence: number | string): string {
  return prefix + String(sequence).padStart(padding, '0');
}

/**
 * Numbering series, one per (organization, series), each with a mask (FV{YYYY}-{NNNN}) and a counter per
 * period: the Prague year of the issue date for a YEARLY series, one for all time otherwise. Modules
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
    const organizationId = orgId(ctx);
    const now = this.clock.now();
    const stored = new Map((await listSeries(ctx.em, organizationId)).map((r) => [r.document_type, r]));
    const settings = [...this.series.keys()].map((name) => this.settingsOf(name, stored.get(name) ?? null));
    const periods = settings.map((s) => ({ series: s.name, period: periodOf(s.restart, now) }));
    const counters = await nextNumbers(ctx.em, organizationId, periods);
    return {
      series: settings.map(({ name, format, restart }, i) => {
        const nextNumber = counters.get(`${name}/${periods[i].period}`) ?? 1;
        const { prefix, padding } = maskParts(format);
        const preview = formatMask(format, nextNumber, now);
        return { documentType: name, format, restart, prefix, padding, nextNumber, preview };
      }),
    };
  }

  async update(ctx: RequestContext, input: unknown): Promise<{ series: NumberingSeries[] }> {
    const { series } = parseInput(this.inputSchema(), input);
    const organizationId = orgId(ctx);
    const now = this.clock.now();
    await ctx.em.transactional(async (em) => {
      for (const [i, change] of series.entries()) {
        const name = change.documentType;
        const { format, restart } = changedSettings(
          this.settingsOf(name, await seriesOf(em, organizationId, name)),
          change,
          i,
        );
        await saveSeries(em, { organizationId, series: name, format, restart, now });
        if (change.nextNumber !== undefined)
          await setCounter(em, organizationId, name, periodOf(restart, now), change.nextNumber);
      }
    });
    return this.list(ctx);
  }

  /**
   * Takes the next number of the series for a document issued at `issuedAt` inside `em`'s
   * transaction. Numbers already used (after nextNumber was set back, or taken outside the series)
   * are skipped rather than failing.
   */
  async allocate(em: EntityManager, organizationId: string, type: string, issuedAt?: Date): Promise<string> {
    const series = this.registered(type);
    const { format, restart } = await this.settingsInUse(em, organizationId, type);
    const at = issuedAt ?? this.clock.now();
    const period = periodOf(restart, at);
    for (let i = 0; i < MAX_SKIPS; i++) {
      const number = formatMask(format, await takeNext(em, organizationId, type, period), at);
      if (!(await series.isTaken(em, organizationId, number))) return number;
    }
    throw new Error(`Numbering series ${type} of ${organizationId} has no free number nearby`);
  }

  /**
   * Takes the next free number of the series in the statement that writes the record it numbers, so the
   * counter row is locked only from that statement to the commit: creations in one series queue on it
   * (docs/benchmarks.md, "Issue 31 point 1": with the row taken first and the record written by the
   * ORM's flush, the lock spanned six round trips and the API reached 19 % of a raw write; 37 % with
   * the changes of that entry). `write` runs one statement taking the counter (nextNumberPart) and,
   * unless the number is already used, writing the record; it returns what it wrote (the number), or null when
   * the number was taken (the counter has moved past it, the next try takes the next one). A rollback
   * gives the number back. On the series' first use the statement also keeps its settings (`firstUse`),
   * so each try is one write, atomic on its own: a creation without an Idempotency-Key runs it outside a
   * transaction (oneStatementWrite). A try that found its number taken may commit its counter step
   * alone: that number is a document's already, so no gap opens.
   */
  async allocateWith<T>(
    em: EntityManager,
    organizationId: string,
    type: string,
    issuedAt: Date,
    write: (slot: NumberSlot) => Promise<T | null>,
  ): Promise<T> {
    this.registered(type);
    const stored = await seriesOf(em, organizationId, type);
    const { format, restart } = this.settingsOf(type, stored);
    const [prefix, suffix] = formatMask(format, COUNTER_MARK, issuedAt).split(COUNTER_MARK);
    const { padding } = maskParts(format);
    const period = periodOf(restart, issuedAt);
    const firstUse = stored ? null : { format, restart, at: this.clock.now() };
    const slot: NumberSlot = { organizationId, series: type, period, prefix, padding, suffix, firstUse };
    for (let i = 0; i < MAX_SKIPS; i++) {
      const written = await write(slot);
      if (written !== null) return written;
    }
    throw new Error(`Numbering series ${type} of ${organizationId} has no free number nearby`);
  }

  /**
   * Whether a document of the series numbered at `from` keeps its number at `to`: the same counter
   * period and the same date tokens ({MM} of another month prints another number).
   */
  async keepsNumber(em: EntityManager, organizationId: string, type: string, from: Date, to: Date): Promise<boolean> {
    const { format, restart } = this.settingsOf(type, await seriesOf(em, organizationId, type));
    return (
      periodOf(restart, from) === periodOf(restart, to) && formatMask(format, 0, from) === formatMask(format, 0, to)
    );
  }

  /**
   * Deleting the newest draft of a series (its number given at `issuedAt`) gives its number back, so no
   * gap remains at the end of its period.
   */
  async release(
    em: EntityManager,
    organizationId: string,
    type: string,
    number: string,
    issuedAt: Date,
  ): Promise<void> {
    const { format, restart } = this.settingsOf(type, await seriesOf(em, organizationId, type));
    const period = periodOf(restart, issuedAt);
    const next = await lockCounter(em, organizationId, type, period);
    if (next === null || formatMask(format, next - 1, issuedAt) !== number) return;
    await stepBack(em, organizationId, type, period);
  }

  /** The series' settings; a series numbers with those it was first used with, whatever the defaults become. */
  private async settingsInUse(em: EntityManager, organizationId: string, type: string) {
    const stored = await seriesOf(em, organizationId, type);
    const settings = this.settingsOf(type, stored);
    const { format, restart } = settings;
    if (!stored) await saveSeries(em, { organizationId, series: type, format, restart, now: this.clock.now() }, true);
    return settings;
  }

  /** The stored settings of a series, or its defaults: the registered prefix, 6 digits, never restarting. */
  private settingsOf(name: string, row: SeriesRow | null): { name: string; format: string; restart: Restart } {
    if (row) return { name, format: row.format, restart: row.restart };
    return { name, format: legacyMask(this.registered(name).defaultPrefix, DEFAULT_PADDING), restart: 'NEVER' };
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

/**
 * A series' settings after `change` (the i-th of the request): a new format, or a new prefix/padding
 * around the current counter. A changed mask or restart is validated; an old, unchanged one is kept
 * as it is (series made before masks keep working whatever they print).
 */
function changedSettings(
  current: { format: string; restart: Restart },
  change: SeriesInput,
  i: number,
): { format: string; restart: Restart } {
  const path = `series[${i}]`;
  if (change.format !== undefined && (change.prefix !== undefined || change.padding !== undefined))
    throw new ValidationError('Give either format or prefix and padding', [
      { path: `${path}.format`, message: 'not together with prefix or padding' },
    ]);
  const parts = maskParts(current.format);
  const format =
    change.format ??
    (change.prefix !== undefined || change.padding !== undefined
      ? `${change.prefix ?? parts.prefix}{${'N'.repeat(change.padding ?? parts.padding)}}${parts.suffix}`
      : current.format);
  const restart = change.restart ?? current.restart;
  if (format === current.format && restart === current.restart) return current;
  const errors = maskErrors(format, restart);
  if (errors.length)
    throw new ValidationError(`Invalid numbering format ${format}: ${errors.join('; ')}`, [
      { path: `${path}.format`, message: errors.join('; ') },
    ]);
  return { format, restart };
}
