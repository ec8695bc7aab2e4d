import { Agenda, type Job } from 'agenda';
import { PostgresBackend } from '@agendajs/postgres-backend';
import { Pool } from 'pg';
import { CronExpressionParser } from 'cron-parser';
import type { Logger } from 'pino';
import type { Clock } from '../clock';
import { finishedBefore, unhurried, type StopRequest } from '../lifecycle';

export type JobHandler<T = Record<string, unknown>> = (data: T) => Promise<void>;

interface Envelope {
  payload: Record<string, unknown>;
  /** Present on recurring jobs: the next occurrence is scheduled from the Clock after each run. */
  cron?: { expression: string; timezone: string; key: string };
}

/**
 * Scheduled work on Agenda. Run times are Clock times. Recurring jobs are chains of one-shot jobs,
 * each run scheduling the next occurrence from the Clock, so the test clock drives cron too.
 * When `processInBackground` is false (test controls), nothing runs until runDue() is called.
 *
 * A worker locks a due job (locked_at) and, as it begins the run, clears its next_run_at; a lock older
 * than Agenda's lock lifetime (10 minutes) is taken by any worker. So a run is removed by the worker
 * that ran it (in the run, not after), and stopping (stop()) hands back what it holds: jobs locked and
 * not begun at once, runs under way when the grace period runs out with their next_run_at set to now.
 * A handler may therefore run again after a crash or a cut: each records its effect once itself (an
 * automation's occurrence is claimed in its transaction, a webhook retry claims its delivery first,
 * retention deletes what is still there).
 */
export class Scheduler {
  private readonly handlers = new Map<string, JobHandler>();
  private started = false;
  private stopping = false;
  /** Runs under way in this process, each until it is removed from the jobs table. */
  private readonly running = new Map<Job, Promise<void>>();

  constructor(
    private readonly agenda: Agenda,
    private readonly backend: { disconnect(): Promise<void>; ready?: Promise<void> },
    private readonly clock: Clock,
    private readonly log: Logger,
    private readonly processInBackground: boolean,
    /** Closes a connection pool the scheduler owns beside its backend. */
    private readonly closePool: () => Promise<void> = () => Promise.resolve(),
  ) {}

  static postgres(connectionString: string, clock: Clock, log: Logger, processInBackground: boolean): Scheduler {
    // Our own pool, so an idle connection dropped by the server (its shutdown, a restart) is logged
    // instead of crashing the process with an unhandled 'error' event.
    const pool = new Pool({ connectionString, max: 4 });
    pool.on('error', (err: Error & { code?: string }) =>
      log.warn({ code: err.code, message: err.message }, 'scheduler database connection lost'),
    );
    const backend = new PostgresBackend({ pool });
    const agenda = new Agenda({ backend, processEvery: '2 seconds' });
    return new Scheduler(agenda, backend, clock, log, processInBackground, () => pool.end());
  }

  static async mongo(url: string, clock: Clock, log: Logger, processInBackground: boolean): Promise<Scheduler> {
    const { MongoBackend } = await import('@agendajs/mongo-backend');
    const backend = new MongoBackend({ address: url });
    const agenda = new Agenda({ backend, processEvery: '2 seconds' });
    return new Scheduler(agenda, backend, clock, log, processInBackground);
  }

  get ready(): Promise<void> {
    return this.agenda.ready;
  }

  define<T extends Record<string, unknown>>(name: string, handler: JobHandler<T>): void {
    this.handlers.set(name, handler as JobHandler);
    this.agenda.define(name, (job) => this.runLocked(job));
  }

  async schedule(name: string, runAt: Date, payload: Record<string, unknown> = {}): Promise<void> {
    await this.agenda.schedule(runAt, name, { payload } satisfies Envelope);
  }

  /** Makes sure one chain of a recurring job exists for `key` (cron in `timezone`). */
  async ensureRecurring(
    name: string,
    key: string,
    expression: string,
    timezone: string,
    payload: Record<string, unknown> = {},
  ): Promise<void> {
    const existing = await this.agenda.queryJobs({ name, data: { cron: { key } } });
    if (existing.jobs.some((j) => j.nextRunAt)) return;
    await this.scheduleNextOccurrence(name, { payload, cron: { expression, timezone, key } });
  }

  /** Whether a job of `name` whose payload contains `match` is waiting to run. */
  async hasPending(name: string, match: Record<string, unknown>): Promise<boolean> {
    const { jobs } = await this.agenda.queryJobs({ name, data: { payload: match } });
    return jobs.some((j) => j.nextRunAt);
  }

  /** Removes the pending jobs of `name` whose payload contains `match`. */
  async cancelWhere(name: string, match: Record<string, unknown>): Promise<void> {
    await this.agenda.cancel({ name, data: { payload: match } });
  }

  async cancelRecurring(name: string, key: string): Promise<void> {
    await this.agenda.cancel({ name, data: { cron: { key } } });
  }

  async start(): Promise<void> {
    await this.agenda.ready;
    if (this.processInBackground) {
      await this.agenda.start();
      this.started = true;
    }
  }

  /**
   * Stops taking jobs, hands back the ones locked and not begun, and waits for the runs under way.
   * When `request.cut` aborts first, the runs still under way are handed back (see handBack); their
   * names are returned. The connections stay open for jobs scheduled meanwhile, until close().
   */
  async stop(request: StopRequest = unhurried()): Promise<string[]> {
    await this.stopTaking();
    return (await finishedBefore(this.idle(), request.cut)) ? [] : this.handBack();
  }

  async close(): Promise<void> {
    await this.agenda.ready.catch(() => undefined).then(() => this.backend.disconnect());
    await this.closePool();
  }

  /** Takes no new job; jobs locked by this process and not begun are unlocked for any worker. */
  private async stopTaking(): Promise<void> {
    this.stopping = true;
    // Agenda.stop() unlocks the jobs it holds and has not begun, and leaves the running ones alone.
    if (this.started) await this.agenda.stop(false);
  }

  private async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running.values());
  }

  /**
   * The grace period ran out: each run under way is unlocked and due now, for any worker to take at
   * once. Its open transaction rolls back when this process exits; what it committed is not done
   * twice by the next run (the handlers' own records, see the class comment).
   */
  private async handBack(): Promise<string[]> {
    const cut = [...this.running.keys()];
    for (const job of cut) await this.release(job);
    return cut.map((job) => job.attrs.name);
  }

  /** Unlocks `job`, due now. */
  private async release(job: Job): Promise<void> {
    // Agenda's own save once the run returns writes this next_run_at too (not the cleared one).
    job.attrs.nextRunAt = this.clock.now();
    await this.agenda.db
      .saveJobState({ ...job.attrs, lockedAt: undefined }, undefined)
      .catch((err) => this.log.error({ err, job: job.attrs.name }, 'could not hand back a scheduled job'));
  }

  /**
   * Agenda's run of a locked job: the handler, then the job's removal, both before Agenda's own
   * bookkeeping, so a process stopping after the run does not leave the job to run again when its
   * lock runs out. A job whose run begins after stopping began is handed back unrun.
   */
  private async runLocked(job: Job): Promise<void> {
    const run = this.stopping
      ? this.release(job)
      : (async () => {
          await this.execute(job.attrs.name, job.attrs.data as Envelope);
          await job.remove();
        })();
    this.running.set(job, run);
    await run.finally(() => this.running.delete(job));
  }

  /** Test control: runs every job due by the Clock to completion, including ones they schedule. */
  async runDue(): Promise<number> {
    let ran = 0;
    for (let round = 0; round < 20; round++) {
      const now = this.clock.now().getTime();
      const { jobs } = await this.agenda.queryJobs({ includeDisabled: false, sort: { nextRunAt: 'asc' } });
      const due = jobs.filter(
        (j) => j.nextRunAt && new Date(j.nextRunAt).getTime() <= now && this.handlers.has(j.name),
      );
      if (due.length === 0) break;
      for (const job of due) {
        // Remove first: a recurring job schedules its successor while it runs.
        await this.agenda.cancel({ id: String(job._id) });
        await this.execute(job.name, job.data as Envelope);
        ran++;
      }
    }
    return ran;
  }

  private async execute(name: string, envelope: Envelope): Promise<void> {
    const handler = this.handlers.get(name);
    if (!handler) throw new Error(`No handler for job ${name}`);
    try {
      await handler(envelope.payload ?? {});
    } catch (err) {
      this.log.error({ err, job: name }, 'scheduled job failed');
    } finally {
      if (envelope.cron) await this.scheduleNextOccurrence(name, envelope);
    }
  }

  private async scheduleNextOccurrence(name: string, envelope: Envelope): Promise<void> {
    const { expression, timezone } = envelope.cron!;
    const next = CronExpressionParser.parse(expression, { currentDate: this.clock.now(), tz: timezone })
      .next()
      .toDate();
    await this.agenda.schedule(next, name, envelope);
  }
}
