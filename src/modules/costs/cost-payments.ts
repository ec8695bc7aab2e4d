import BigNumber from 'bignumber.js';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../core/clock';
import { NotFoundError } from '../../core/errors';
import { isUuid } from '../../core/fields';
import type { EventOutbox } from '../../core/outbox/event-outbox';
import type { CostEvents } from './cost.events';
import { Cost } from './cost.entity';
import { costEventData } from './cost.events';
import type { CostStatus } from './cost.types';
import { lockOpenBySymbols, type CostCandidate } from './costs.queries';
import { amountDue } from './costs.views';

/** What a payment needs to know of the cost it is matched to. */
export interface CostTarget {
  id: string;
  number: string;
  status: CostStatus;
  currency: string;
}

/**
 * The costs side of payment matching (used by the payments module inside its transactions): the
 * costs module owns the rows, their status and their events.
 */
export class CostPayments {
  constructor(
    private readonly clock: Clock,
    private readonly events: EventOutbox<CostEvents>,
  ) {}

  /** Locks the cost row for the rest of the transaction; another organization's cost is not found. */
  async lock(em: EntityManager, organizationId: string, costId: string): Promise<CostTarget> {
    const cost = isUuid(costId)
      ? await em.findOne(Cost, { id: costId, organization: organizationId }, { lockMode: LockMode.PESSIMISTIC_WRITE })
      : null;
    if (!cost) throw new NotFoundError('Cost');
    return { id: cost.id, number: cost.number, status: cost.status, currency: cost.currency };
  }

  /** OPEN costs with one of these (normalized) variable symbols, locked FOR UPDATE in id order. */
  async lockOpenBySymbols(em: EntityManager, organizationId: string, symbols: string[]): Promise<CostCandidate[]> {
    return symbols.length === 0 ? [] : lockOpenBySymbols(em, organizationId, symbols);
  }

  /**
   * Adds `delta` (negative when a payment is unmatched) to paidAmount. Reaching the amount due makes
   * the cost PAID (cost.paid); dropping below it makes a PAID cost OPEN again (cost.reopened).
   */
  async applyPaymentChange(em: EntityManager, organizationId: string, costId: string, delta: BigNumber): Promise<Cost> {
    const cost = await em.findOne(
      Cost,
      { id: costId, organization: organizationId },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!cost) throw new NotFoundError('Cost');
    const now = this.clock.now();
    cost.paidAmount = new BigNumber(cost.paidAmount).plus(delta).toFixed(2);
    cost.updatedAt = now;
    const paid = new BigNumber(cost.paidAmount).gte(amountDue(cost));
    if (cost.status === 'OPEN' && paid) {
      Object.assign(cost, { status: 'PAID', paidAt: now });
      this.events.record(em, organizationId, 'cost.paid', costEventData(cost));
    } else if (cost.status === 'PAID' && !paid) {
      Object.assign(cost, { status: 'OPEN', paidAt: null });
      this.events.record(em, organizationId, 'cost.reopened', costEventData(cost));
    }
    return cost;
  }
}
