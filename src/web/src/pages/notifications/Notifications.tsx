import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { useAction, eventHandler } from '../../components/action';
import { Empty, ErrorBox, PageHeader } from '../../components/feedback';
import { SelectField } from '../../components/form';
import { Pager, usePaging } from '../../components/paging';
import { problemOf } from '../../errors';
import { formatDateTime } from '../../format';
import en from './locales/en';
import { NotificationsDocument, MarkNotificationReadDocument } from './operations';

/** A constant: urql re-runs a query whose context object changes (a new object each render would loop). */
const NOTIFICATION_CONTEXT = { additionalTypenames: ['Notification'] };

const FILTERS = ['all', 'unread', 'read'] as const;

type TypeKey = keyof typeof en.types;

export function Notifications() {
  const { t } = useTranslation(['notifications', 'common']);
  /** A type this page knows is named; another one (a newer server's) shows as the server names it. */
  const typeText = (type: string) => {
    const key = type.replace(/\./g, '_');
    return key in en.types ? t(`types.${key as TypeKey}`) : type;
  };
  const paging = usePaging();
  const [filter, setFilter] = useState<string>('all');
  const read = filter === 'all' ? null : filter === 'read';
  const [{ data, error }, refetch] = useQuery({
    query: NotificationsDocument,
    variables: { ...paging.variables, read },
    context: NOTIFICATION_CONTEXT,
  });
  const mark = useAction(MarkNotificationReadDocument);

  return (
    <>
      <PageHeader title={t('common:nav.notifications')}>
        <SelectField
          label={t('show')}
          name="filter"
          problem={null}
          options={FILTERS.map((value) => ({ value, label: t(`filters.${value}`) }))}
          value={filter}
          onChange={(e) => {
            setFilter(e.target.value);
            paging.reset();
          }}
        />
      </PageHeader>
      <ErrorBox problem={problemOf(error) ?? mark.problem} />
      {data && !data.notifications.data.length && <Empty>{t('empty')}</Empty>}
      <ul className="cards">
        {data?.notifications.data.map((n) => (
          <li key={n.id} className={n.read ? 'read' : 'unread'} data-testid="notification">
            <h2>{n.title}</h2>
            <p>{n.message}</p>
            <p className="muted">
              {formatDateTime(n.createdAt)} · {typeText(n.type)} · {n.read ? t('read') : t('unread')}
            </p>
            {!n.read && (
              <button
                type="button"
                onClick={eventHandler(async () => {
                  if (await mark.run({ id: n.id })) refetch({ requestPolicy: 'network-only' });
                })}
              >
                {t('markRead')}
              </button>
            )}
          </li>
        ))}
      </ul>
      <Pager paging={paging} nextCursor={data?.notifications.nextCursor} label={t('common:nav.notifications')} />
    </>
  );
}
