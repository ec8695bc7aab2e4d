import type { FakturaModule } from './core/module';
import { apiKeysModule } from './modules/apikeys/apikeys.module';
import { contactsModule } from './modules/contacts/contacts.module';
import { documentsModule } from './modules/documents/documents.module';
import { reportsModule } from './modules/reports/reports.module';
import { identityModule } from './modules/identity/identity.module';
import { openApiModule } from './modules/openapi/openapi.module';
import { oauthModule } from './modules/oauth/oauth.module';
import { opsModule } from './modules/ops/ops.module';
import { paymentsModule } from './modules/payments/payments.module';
import { productsModule } from './modules/products/products.module';
import { quotaModule } from './modules/quota/quota.module';
import { testControlsModule } from './modules/testing/test-controls.module';
import { webhooksModule } from './modules/webhooks/webhooks.module';

/** Every domain module, in registration order. */
export const modules: FakturaModule[] = [opsModule, testControlsModule, identityModule, apiKeysModule, oauthModule, quotaModule, contactsModule, productsModule, documentsModule, reportsModule, paymentsModule, webhooksModule, openApiModule(() => modules)];
