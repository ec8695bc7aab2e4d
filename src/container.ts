import type { Logger } from 'pino';
import type { Config } from './config';
import type { Clock } from './core/clock';
import type { Orm } from './core/db/orm';
import { Authenticator } from './core/http/authenticator';
import { Gate } from './core/http/gate';
import type { Scheduler } from './core/jobs/scheduler';
import type { Metrics } from './core/observability/metrics';
import { ApiKeyVerifier, API_KEY_PREFIX } from './modules/apikeys/api-key.verifier';
import { ApiKeysService } from './modules/apikeys/apikeys.service';
import { EventOutbox } from './modules/events/event-outbox';
import { OutboxDispatcher } from './modules/events/outbox-dispatcher';
import { IdentityService } from './modules/identity/identity.service';
import { Passwords } from './modules/identity/passwords';
import { SessionTokens } from './modules/identity/session-tokens';
import { SessionVerifier } from './modules/identity/session.verifier';

export interface Infrastructure {
  config: Config;
  clock: Clock;
  orm: Orm;
  logger: Logger;
  scheduler: Scheduler;
  metrics: Metrics;
  sessionSecret: string;
}

/** Composition root: every service is built here with its collaborators, nothing is a singleton. */
export class Container {
  readonly config: Config;
  readonly clock: Clock;
  readonly orm: Orm;
  readonly logger: Logger;
  readonly scheduler: Scheduler;
  readonly metrics: Metrics;

  readonly authenticator = new Authenticator();
  readonly gate: Gate;
  readonly events: EventOutbox;
  readonly dispatcher: OutboxDispatcher;
  readonly passwords = new Passwords();
  readonly sessions: SessionTokens;
  readonly identity: IdentityService;
  readonly apiKeys: ApiKeysService;

  constructor(infra: Infrastructure) {
    ({ config: this.config, clock: this.clock, orm: this.orm, logger: this.logger, scheduler: this.scheduler, metrics: this.metrics } = infra);
    this.gate = new Gate(this.authenticator);
    this.events = new EventOutbox(this.clock);
    this.dispatcher = new OutboxDispatcher(this.orm, this.clock, this.logger);
    this.sessions = new SessionTokens(infra.sessionSecret, this.clock, this.config.SESSION_TTL_SECONDS);
    this.identity = new IdentityService(this.clock, this.passwords, this.sessions);
    this.apiKeys = new ApiKeysService(this.clock);

    this.authenticator.registerSession(new SessionVerifier(this.sessions));
    this.authenticator.register(API_KEY_PREFIX, new ApiKeyVerifier());
  }
}
