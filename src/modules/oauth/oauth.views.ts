import type { Scope } from '../../core/access';
import type { OAuthApplication } from './oauth-application.entity';
import type { OAuthConsent } from './oauth-consent.entity';

export interface ApplicationView {
  id: string;
  name: string;
  description: string;
  clientId: string;
  redirectUris: string[];
  scopes: Scope[];
  confidential: boolean;
  disabled: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface GrantView {
  id: string;
  application: { id: string; name: string; description: string; clientId: string };
  scopes: Scope[];
  createdAt: string;
  updatedAt: string;
}

export function applicationView(a: OAuthApplication): ApplicationView {
  return {
    id: a.id,
    name: a.name,
    description: a.description,
    clientId: a.clientId,
    redirectUris: a.redirectUris,
    scopes: a.scopes,
    confidential: a.confidential,
    disabled: a.disabled,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}

export function grantView(c: OAuthConsent): GrantView {
  const a = c.application;
  return {
    id: c.id,
    application: { id: a.id, name: a.name, description: a.description, clientId: a.clientId },
    scopes: c.scopes,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}
