import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuditTrail } from '../../../core/audit/audit-trail';
import type { Clock } from '../../../core/clock';
import { orgId, type RequestContext } from '../../../core/ctx';
import { NotFoundError } from '../../../core/errors';
import type { SealedColumn } from '../../../core/sealed-secrets';
import { openStored } from '../../../core/sealed-secrets';
import type { SecretBox } from '../../../core/secret-box';
import { parseInput } from '../../../core/validation';
import type { GatewayKeys, GatewayProvider, GatewayProviderName } from './gateway-provider';
import { connectGatewayInput } from './gateway.inputs';
import { deleteGateway, findGateway, saveGateway } from './gateway.queries';
import { gatewayView, type PaymentGatewayView } from './gateway.views';

const secretKeyPurpose = (organizationId: string) => `payment_gateway_secret_key:${organizationId}`;
const webhookSecretPurpose = (organizationId: string) => `payment_gateway_webhook_secret:${organizationId}`;

/** The gateway keys sealed at rest, each row's sealed for its own organization (rows cannot be swapped). */
export const GATEWAY_SEALED_SECRETS: readonly SealedColumn[] = [
  { table: 'payment_gateways', column: 'secret_key', idColumn: 'organization_id', purpose: secretKeyPurpose },
  { table: 'payment_gateways', column: 'webhook_secret', idColumn: 'organization_id', purpose: webhookSecretPurpose },
];

/** An organization's connected gateway with its keys opened, for the call that needs them. */
export interface ConnectedGateway {
  provider: GatewayProvider;
  keys: GatewayKeys;
}

/**
 * A company's payment gateway (one at a time): connected with its keys, shown without them,
 * disconnected. The keys are sealed by the SecretBox and opened only for a call to the gateway.
 */
export class PaymentGateways {
  private readonly providers: Map<GatewayProviderName, GatewayProvider>;

  constructor(
    private readonly clock: Clock,
    private readonly box: SecretBox,
    private readonly audit: AuditTrail,
    private readonly publicUrl: string,
    providers: readonly GatewayProvider[],
  ) {
    this.providers = new Map(providers.map((p) => [p.name, p]));
  }

  /** Connects the gateway, or replaces its keys (or its provider). */
  async connect(ctx: RequestContext, input: unknown): Promise<PaymentGatewayView> {
    const data = parseInput(connectGatewayInput, input);
    const organizationId = orgId(ctx);
    const provider = this.provider(data.provider);
    return ctx.em.fork().transactional(async (em) => {
      const row = await saveGateway(
        em,
        {
          organization_id: organizationId,
          provider: data.provider,
          secret_key: this.box.seal(data.secretKey, secretKeyPurpose(organizationId)),
          webhook_secret: this.box.seal(data.webhookSecret, webhookSecretPurpose(organizationId)),
          key_hint: provider.keyHint(data.secretKey),
        },
        this.clock.now(),
      );
      await this.audit.record(
        { ...ctx, em },
        {
          action: 'payment_gateway.connected',
          organizationIds: [organizationId],
          target: { type: 'payment_gateway', id: organizationId },
          details: { provider: data.provider, keyHint: row.key_hint },
        },
      );
      return gatewayView(row, this.webhookUrl(data.provider));
    });
  }

  async get(ctx: RequestContext): Promise<PaymentGatewayView | null> {
    const row = await findGateway(ctx.em, orgId(ctx));
    return row && gatewayView(row, this.webhookUrl(row.provider as GatewayProviderName));
  }

  /** Removes the gateway and its keys; customers' pages no longer offer online payment. */
  async disconnect(ctx: RequestContext): Promise<void> {
    const organizationId = orgId(ctx);
    await ctx.em.fork().transactional(async (em) => {
      if (!(await deleteGateway(em, organizationId))) throw new NotFoundError('Payment gateway');
      await this.audit.record(
        { ...ctx, em },
        {
          action: 'payment_gateway.disconnected',
          organizationIds: [organizationId],
          target: { type: 'payment_gateway', id: organizationId },
        },
      );
    });
  }

  /** The organization's gateway provider (its keys left sealed), or null when it has none. */
  async providerOf(em: EntityManager, organizationId: string): Promise<GatewayProvider | null> {
    const row = await findGateway(em, organizationId);
    return (row && this.providers.get(row.provider as GatewayProviderName)) ?? null;
  }

  /** The organization's gateway with its keys, or null when it has none (or one of a provider not built in). */
  async connected(em: EntityManager, organizationId: string): Promise<ConnectedGateway | null> {
    const row = await findGateway(em, organizationId);
    const provider = row && this.providers.get(row.provider as GatewayProviderName);
    if (!row || !provider) return null;
    return {
      provider,
      keys: {
        secretKey: openStored(this.box, row.secret_key, secretKeyPurpose(organizationId)),
        webhookSecret: openStored(this.box, row.webhook_secret, webhookSecretPurpose(organizationId)),
      },
    };
  }

  provider(name: GatewayProviderName): GatewayProvider {
    const provider = this.providers.get(name);
    if (!provider) throw new Error(`No payment gateway provider ${name} is built in`);
    return provider;
  }

  private webhookUrl(provider: GatewayProviderName): string {
    return `${this.publicUrl}/api/v1/gateway/${provider.toLowerCase()}/webhook`;
  }
}
