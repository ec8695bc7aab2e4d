import { useState } from 'react';
import { useQuery } from 'urql';
import { Empty, ErrorBox, PageHeader } from '../../components/feedback';
import { SelectField, optionsOf } from '../../components/form';
import { Pager, usePaging } from '../../components/paging';
import { DataTable } from '../../components/table';
import { problemOf } from '../../errors';
import { formatDateTime } from '../../format';
import type { AuditAction, AuditLogQuery } from '../../gql/graphql';
import { AuditLogDocument, AuditPeopleDocument } from './operations';

type Entry = AuditLogQuery['auditLog']['data'][number];

const ACTIONS: Record<AuditAction, string> = {
  LOGIN_SUCCEEDED: 'Signed in',
  LOGIN_FAILED: 'Sign-in failed',
  LOGOUT: 'Signed out',
  SESSION_ENDED: 'Session ended',
  PASSWORD_CHANGED: 'Password changed',
  TWO_FACTOR_ENABLED: 'Two-factor login enabled',
  TWO_FACTOR_DISABLED: 'Two-factor login disabled',
  TWO_FACTOR_REQUIREMENT_CHANGED: 'Two-factor requirement changed',
  USER_CREATED: 'User created',
  USER_CHANGED: 'User changed',
  USER_REMOVED: 'User removed',
  API_KEY_CREATED: 'API key created',
  API_KEY_DELETED: 'API key deleted',
  OAUTH_APPLICATION_CREATED: 'OAuth application registered',
  OAUTH_APPLICATION_CHANGED: 'OAuth application changed',
  OAUTH_APPLICATION_SECRET_ROTATED: 'OAuth client secret rotated',
  OAUTH_CONSENT_GRANTED: 'Application connected',
  OAUTH_CONSENT_REVOKED: 'Application disconnected',
  WEBHOOK_ENDPOINT_CREATED: 'Webhook endpoint created',
  WEBHOOK_ENDPOINT_CHANGED: 'Webhook endpoint changed',
  WEBHOOK_ENDPOINT_DELETED: 'Webhook endpoint deleted',
  PAYMENT_GATEWAY_CONNECTED: 'Payment gateway connected',
  PAYMENT_GATEWAY_DISCONNECTED: 'Payment gateway disconnected',
  BANK_CONNECTION_CONNECTED: 'Bank account connected (Fio token)',
  BANK_CONNECTION_REMOVED: 'Bank connection removed',
};

const CREDENTIALS: Record<string, string> = {
  session: 'signed in',
  apiKey: 'API key',
  oauth: 'OAuth application',
  pos: 'POS device',
};

const TARGETS: Record<string, string> = {
  user: 'User',
  session: 'Session',
  api_key: 'API key',
  oauth_application: 'OAuth application',
  oauth_consent: 'Consent',
  webhook_endpoint: 'Webhook endpoint',
};

/** Facts of an entry as "name: value" pairs; the server never puts a secret in them. */
function describeDetails(details: Record<string, unknown>): string {
  return Object.entries(details)
    .map(([name, value]) => `${name}: ${Array.isArray(value) ? value.join(', ') : String(value)}`)
    .join('; ');
}

const COLUMNS = [
  { label: 'When', cell: (e: Entry) => formatDateTime(e.createdAt) },
  { label: 'Action', cell: (e: Entry) => ACTIONS[e.action] },
  {
    label: 'Who',
    cell: ({ actor }: Entry) => {
      const credential = actor.kind ? (CREDENTIALS[actor.kind] ?? actor.kind) : null;
      const person = actor.email ?? actor.userId;
      if (!person) return credential ? `${credential} ${actor.credentialId ?? ''}` : 'unknown';
      return (
        <>
          {person}
          {credential && <small className="muted"> ({credential})</small>}
        </>
      );
    },
  },
  {
    label: 'Target',
    cell: ({ target }: Entry) =>
      target ? (
        <>
          {TARGETS[target.type] ?? target.type} <code title={target.id}>{target.id.slice(0, 8)}</code>
        </>
      ) : (
        '—'
      ),
  },
  { label: 'Details', cell: (e: Entry) => describeDetails(e.details as Record<string, unknown>) || '—' },
  {
    label: 'From',
    cell: (e: Entry) => <span title={e.userAgent}>{e.ip}</span>,
  },
];

/** Who did what to accounts, credentials and integrations of the company, newest first (OWNER and ADMIN). */
export function AuditLog() {
  const paging = usePaging();
  const [action, setAction] = useState<AuditAction | ''>('');
  const [userId, setUserId] = useState('');
  const [{ data, error }] = useQuery({
    query: AuditLogDocument,
    variables: { ...paging.variables, action: action || null, userId: userId || null },
    requestPolicy: 'cache-and-network',
  });
  const [people] = useQuery({ query: AuditPeopleDocument });

  return (
    <>
      <PageHeader title="Audit log" />
      <form className="filters" role="search" aria-label="Filter the audit log" onSubmit={(e) => e.preventDefault()}>
        <SelectField
          label="Action"
          name="action"
          problem={null}
          value={action}
          onChange={(e) => {
            setAction(e.target.value as AuditAction | '');
            paging.reset();
          }}
          options={[{ value: '', label: 'Every action' }, ...optionsOf(ACTIONS)]}
        />
        <SelectField
          label="Person"
          name="userId"
          problem={null}
          value={userId}
          onChange={(e) => {
            setUserId(e.target.value);
            paging.reset();
          }}
          options={[
            { value: '', label: 'Anyone' },
            ...(people.data?.users.data ?? []).map((u) => ({ value: u.id, label: u.email })),
          ]}
        />
      </form>
      <ErrorBox problem={problemOf(error)} />
      {data && !data.auditLog.data.length && <Empty>No entries.</Empty>}
      {data && data.auditLog.data.length > 0 && (
        <DataTable
          columns={COLUMNS}
          rows={data.auditLog.data}
          rowKey={(e) => e.id}
          testId="audit-log"
          rowTestId={(e) => `entry-${e.action}`}
        />
      )}
      <Pager paging={paging} nextCursor={data?.auditLog.nextCursor} label="Audit log" />
    </>
  );
}
