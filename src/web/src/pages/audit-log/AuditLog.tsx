import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { Empty, ErrorBox, PageHeader } from '../../components/feedback';
import { SelectField } from '../../components/form';
import { Pager, usePaging } from '../../components/paging';
import { DataTable } from '../../components/table';
import { problemOf } from '../../errors';
import { formatDateTime } from '../../format';
import type { AuditAction, AuditLogQuery } from '../../gql/graphql';
import { AuditLogDocument, AuditPeopleDocument } from './operations';

type Entry = AuditLogQuery['auditLog']['data'][number];

type T = TFunction<'audit-log'>;

/** Every action the server records: a new one fails the typecheck here until it is listed (and has its text). */
const ACTIONS = Object.keys({
  LOGIN_SUCCEEDED: true,
  LOGIN_FAILED: true,
  LOGOUT: true,
  SESSION_ENDED: true,
  PASSWORD_CHANGED: true,
  TWO_FACTOR_ENABLED: true,
  TWO_FACTOR_DISABLED: true,
  TWO_FACTOR_REQUIREMENT_CHANGED: true,
  USER_CREATED: true,
  USER_CHANGED: true,
  USER_REMOVED: true,
  API_KEY_CREATED: true,
  API_KEY_DELETED: true,
  OAUTH_APPLICATION_CREATED: true,
  OAUTH_APPLICATION_CHANGED: true,
  OAUTH_APPLICATION_SECRET_ROTATED: true,
  OAUTH_CONSENT_GRANTED: true,
  OAUTH_CONSENT_REVOKED: true,
  WEBHOOK_ENDPOINT_CREATED: true,
  WEBHOOK_ENDPOINT_CHANGED: true,
  WEBHOOK_ENDPOINT_DELETED: true,
  PAYMENT_GATEWAY_CONNECTED: true,
  PAYMENT_GATEWAY_DISCONNECTED: true,
  BANK_CONNECTION_CONNECTED: true,
  BANK_CONNECTION_REMOVED: true,
} satisfies Record<AuditAction, true>) as AuditAction[];

const CREDENTIALS = ['session', 'apiKey', 'oauth', 'pos'] as const;
const TARGETS = ['user', 'session', 'api_key', 'oauth_application', 'oauth_consent', 'webhook_endpoint'] as const;

const one = <K extends string>(list: readonly K[], value: string): value is K =>
  (list as readonly string[]).includes(value);

/** Facts of an entry as "name: value" pairs; the server never puts a secret in them. */
function describeDetails(details: Record<string, unknown>): string {
  return Object.entries(details)
    .map(([name, value]) => `${name}: ${Array.isArray(value) ? value.join(', ') : String(value)}`)
    .join('; ');
}

function columns(t: T) {
  return [
    { label: t('columns.when'), cell: (e: Entry) => formatDateTime(e.createdAt) },
    { label: t('columns.action'), cell: (e: Entry) => t(`actions.${e.action}`) },
    {
      label: t('columns.who'),
      cell: ({ actor }: Entry) => {
        const credential = actor.kind
          ? one(CREDENTIALS, actor.kind)
            ? t(`credentials.${actor.kind}`)
            : actor.kind
          : null;
        const person = actor.email ?? actor.userId;
        if (!person) return credential ? `${credential} ${actor.credentialId ?? ''}` : t('unknown');
        return (
          <>
            {person}
            {credential && <small className="muted"> ({credential})</small>}
          </>
        );
      },
    },
    {
      label: t('columns.target'),
      cell: ({ target }: Entry) =>
        target ? (
          <>
            {one(TARGETS, target.type) ? t(`targets.${target.type}`) : target.type}{' '}
            <code title={target.id}>{target.id.slice(0, 8)}</code>
          </>
        ) : (
          '—'
        ),
    },
    { label: t('columns.details'), cell: (e: Entry) => describeDetails(e.details as Record<string, unknown>) || '—' },
    {
      label: t('columns.from'),
      cell: (e: Entry) => <span title={e.userAgent}>{e.ip}</span>,
    },
  ];
}

/** Who did what to accounts, credentials and integrations of the company, newest first (OWNER and ADMIN). */
export function AuditLog() {
  const { t } = useTranslation('audit-log');
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
      <PageHeader title={t('title')} />
      <form className="filters" role="search" aria-label={t('filter')} onSubmit={(e) => e.preventDefault()}>
        <SelectField
          label={t('action')}
          name="action"
          problem={null}
          value={action}
          onChange={(e) => {
            setAction(e.target.value as AuditAction | '');
            paging.reset();
          }}
          options={[
            { value: '', label: t('everyAction') },
            ...ACTIONS.map((value) => ({ value, label: t(`actions.${value}`) })),
          ]}
        />
        <SelectField
          label={t('person')}
          name="userId"
          problem={null}
          value={userId}
          onChange={(e) => {
            setUserId(e.target.value);
            paging.reset();
          }}
          options={[
            { value: '', label: t('anyone') },
            ...(people.data?.users.data ?? []).map((u) => ({ value: u.id, label: u.email })),
          ]}
        />
      </form>
      <ErrorBox problem={problemOf(error)} />
      {data && !data.auditLog.data.length && <Empty>{t('none')}</Empty>}
      {data && data.auditLog.data.length > 0 && (
        <DataTable
          columns={columns(t)}
          rows={data.auditLog.data}
          rowKey={(e) => e.id}
          testId="audit-log"
          rowTestId={(e) => `entry-${e.action}`}
        />
      )}
      <Pager paging={paging} nextCursor={data?.auditLog.nextCursor} label={t('pager')} />
    </>
  );
}
