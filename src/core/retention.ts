import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { CZ_TZ, type Clock } from './clock';
import type { Orm } from './db/orm';
import type { ScheduledJob } from './module';

/**
 * Data retention (issue 24 point 3). Each module deletes what it owns with its own daily job (named
 * `<module>.retention`), built by `retentionJob`: a statement deletes at most RETENTION_BATCH_SIZE rows
 * and commits on its own (no transaction around the loop), so no lock is held longer than one batch
 * and readers and writers interleave between batches. Limits are settings (src/config.ts, README).
 *
 * The Idempotency-Keys of the general API (24 hours) go with the ops module's `idempotency.retention`.
 */

/** When the retention jobs run: every night at 02:45 Prague time, after the day's business. */
export const RETENTION_CRON = '45 2 * * *';

/** One kind of row: `deleteBatch` deletes at most `limit` rows older than the kind's limit, returns how many. */
export interface RetentionStep {
  kind: string;
  deleteBatch(em: EntityManager, now: Date, limit: number): Promise<number>;
}

/** The instant `days` days before `now` (days of 24 hours: retention is not calendar work). */
export function daysBefore(now: Date, days: number): Date {
  return new Date(now.getTime() - days * 24 * 3600 * 1000);
}

/** Runs `step` in batches of `batchSize` until a batch deletes fewer rows; returns the total. */
export async function deleteInBatches(
  em: EntityManager,
  step: RetentionStep,
  now: Date,
  batchSize: number,
): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await step.deleteBatch(em, now, batchSize);
    total += deleted;
    if (deleted < batchSize) return total;
  }
}

export interface RetentionDeps {
  orm: Orm;
  clock: Clock;
  config: Pick<Config, 'RETENTION_BATCH_SIZE'>;
  logger: Logger;
}

/** The daily job of module `module` running its steps one after another (each in batches). */
export function retentionJob(module: string, deps: RetentionDeps, steps: readonly RetentionStep[]): ScheduledJob {
  return {
    name: `${module}.retention`,
    run: async () => {
      const now = deps.clock.now();
      const deleted: Record<string, number> = {};
      for (const step of steps) {
        // A fresh EntityManager outside any transaction: every batch statement commits by itself.
        deleted[step.kind] = await deleteInBatches(deps.orm.em.fork(), step, now, deps.config.RETENTION_BATCH_SIZE);
      }
      deps.logger.info({ module, deleted }, 'retention: old rows deleted');
    },
    recurring: { key: 'daily', cron: RETENTION_CRON, timezone: CZ_TZ },
  };
}
