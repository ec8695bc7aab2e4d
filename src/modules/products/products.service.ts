import { randomUUID } from 'node:crypto';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../core/clock';
import { authed, orgId, type RequestContext } from '../../core/ctx';
import { NotFoundError } from '../../core/errors';
import { isUuid } from '../../core/fields';
import { mapPage, paginate } from '../../core/pagination';
import { parseInput, type Page } from '../../core/validation';
import type { EventOutbox } from '../../core/outbox/event-outbox';
import type { ProductEvents } from './product.events';
import { Organization } from '../identity/identity.module';
import { Product } from './product.entity';
import { productListWhere } from './product-export-source';
import { createProductInput, listProductsQuery, updateProductInput } from './products.inputs';
import { productEventData, productView, type ProductView } from './products.views';
import type { ListViews } from '../savedviews/savedviews.module';

/** Decimal inputs are normalised to the columns' 2-place strings ("21.00"), so `!==` finds real changes. */
const EDITABLE = ['name', 'sku', 'unit', 'price', 'vatRate', 'active'] as const;

/** The price list (section documents). Products are deactivated, never removed: documents may name them. */
export class ProductsService {
  constructor(
    private readonly clock: Clock,
    private readonly events: EventOutbox<ProductEvents>,
    private readonly views: ListViews,
  ) {}

  async create(ctx: RequestContext, input: unknown): Promise<ProductView> {
    const data = parseInput(createProductInput, input);
    const organizationId = orgId(ctx);
    const now = this.clock.now();
    const product = ctx.em.create(Product, {
      ...data,
      id: randomUUID(),
      organization: ctx.em.getReference(Organization, organizationId),
      active: true,
      createdAt: now,
      updatedAt: now,
    });
    this.events.record(ctx.em, organizationId, 'product.created', productEventData(product));
    await ctx.em.flush();
    return productView(product);
  }

  async list(ctx: RequestContext, query: unknown): Promise<Page<ProductView>> {
    const { limit, cursor, sort, ...filters } = parseInput(listProductsQuery, await this.views.apply(ctx, query));
    const where = productListWhere(authed(ctx).principal, filters);
    return mapPage(await paginate(ctx.em, Product, where, { limit, cursor, sort }), productView);
  }

  async get(ctx: RequestContext, id: string): Promise<ProductView> {
    return productView(await this.find(ctx.em, orgId(ctx), id));
  }

  /** Records product.updated when something actually changed (a PATCH repeating the values records nothing). */
  async update(ctx: RequestContext, id: string, input: unknown): Promise<ProductView> {
    const data = parseInput(updateProductInput, input);
    const organizationId = orgId(ctx);
    return ctx.em.transactional(async (em) => {
      const product = await this.find(em, organizationId, id, LockMode.PESSIMISTIC_WRITE);
      const changed = EDITABLE.filter((field) => data[field] !== undefined && data[field] !== product[field]);
      if (changed.length === 0) return productView(product);
      em.assign(product, Object.fromEntries(changed.map((field) => [field, data[field]])));
      product.updatedAt = this.clock.now();
      this.events.record(em, organizationId, 'product.updated', productEventData(product));
      return productView(product);
    });
  }

  /**
   * Soft delete: active false and product.archived. Deleting an inactive product changes nothing and
   * records nothing; the row lock makes concurrent deletes record the event once.
   */
  async archive(ctx: RequestContext, id: string): Promise<ProductView> {
    const organizationId = orgId(ctx);
    return ctx.em.transactional(async (em) => {
      const product = await this.find(em, organizationId, id, LockMode.PESSIMISTIC_WRITE);
      if (!product.active) return productView(product);
      product.active = false;
      product.updatedAt = this.clock.now();
      this.events.record(em, organizationId, 'product.archived', productEventData(product));
      return productView(product);
    });
  }

  private async find(em: EntityManager, organizationId: string, id: string, lockMode?: LockMode): Promise<Product> {
    if (!isUuid(id)) throw new NotFoundError('Product');
    const product = await em.findOne(Product, { id, organization: organizationId }, lockMode ? { lockMode } : {});
    if (!product) throw new NotFoundError('Product');
    return product;
  }
}
