/** Every MikroORM entity of the service. Each module adds its own here. */
import { Organization } from './modules/identity/organization.entity';
import { User } from './modules/identity/user.entity';
import { Membership } from './modules/identity/membership.entity';
import { Department } from './modules/identity/department.entity';
import { ApiKey } from './modules/apikeys/api-key.entity';
import { OutboxEvent } from './modules/events/outbox-event.entity';
import { QuotaUsage } from './modules/quota/quota-usage.entity';
import { Contact } from './modules/contacts/contact.entity';
import { Product } from './modules/products/product.entity';
import { Document } from './modules/documents/document.entity';
import { OAuthApplication } from './modules/oauth/oauth-application.entity';
import { OAuthConsent } from './modules/oauth/oauth-consent.entity';
import { OAuthCode } from './modules/oauth/oauth-code.entity';
import { OAuthTokenPair } from './modules/oauth/oauth-token.entity';
import { BankAccount } from './modules/payments/bank-account.entity';
import { Payment } from './modules/payments/payment.entity';

export const entities = [Organization, User, Membership, Department, ApiKey, OAuthApplication, OAuthConsent, OAuthCode, OAuthTokenPair, OutboxEvent, QuotaUsage, Contact, Product, Document, BankAccount, Payment];
