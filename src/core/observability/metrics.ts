import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** One registry per app instance (tests run several apps in one process). */
export class Metrics {
  readonly registry = new Registry();
  readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
  readonly outboxConsumerFailures: Counter<'consumer'>;
  readonly outboxParked: Counter<'consumer'>;
  readonly mailAttempts: Counter<'kind' | 'outcome'>;
  /** The request-duration histogram's child per method, route and status (see observeRequest). */
  private readonly requestSeries = new Map<string, (seconds: number) => void>();

  constructor() {
    collectDefaultMetrics({ register: this.registry });
    this.httpDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration by route and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [this.registry],
    });
    this.outboxConsumerFailures = new Counter({
      name: 'outbox_consumer_failures_total',
      help: 'Times an outbox consumer threw on an event (each is retried with backoff or parked)',
      labelNames: ['consumer'],
      registers: [this.registry],
    });
    this.outboxParked = new Counter({
      name: 'outbox_events_parked_total',
      help: 'Events this process parked for a consumer after OUTBOX_MAX_ATTEMPTS failures',
      labelNames: ['consumer'],
      registers: [this.registry],
    });
    this.mailAttempts = new Counter({
      name: 'mail_attempts_total',
      help: 'E-mail attempts of this process by kind and outcome (sent, retry: tried again later, failed: no further attempt)',
      labelNames: ['kind', 'outcome'],
      registers: [this.registry],
    });
  }

  /**
   * One request's duration. The child of each (method, route, status) is looked up once, so a
   * request builds no label object for prom-client to validate and hash (part of the histogram's
   * 1–2 % of an API-key GET's CPU, docs/benchmarks.md, issue 31 point 2). Routes are the declared
   * paths and statuses few, so the map stays small.
   */
  observeRequest(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${status} ${route}`;
    let observe = this.requestSeries.get(key);
    if (!observe) {
      const child = this.httpDuration.labels({ method, route, status: String(status) });
      observe = (value) => child.observe(value);
      this.requestSeries.set(key, observe);
    }
    observe(seconds);
  }
}
