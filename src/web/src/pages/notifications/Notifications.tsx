import { useState } from 'react';
import { useQuery } from 'urql';
import { useAction, eventHandler } from '../../components/action';
import { Empty, ErrorBox, PageHeader } from '../../components/feedback';
import { SelectField } from '../../components/form';
import { Pager, usePaging } from '../../components/paging';
import { problemOf } from '../../errors';
import { formatDateTime } from '../../format';
import { NotificationsDocument, MarkNotificationReadDocument } from './operations';

/** A constant: urql re-runs a query whose context object changes (a new object each render would loop). */
const NOTIFICATION_CONTEXT = { additionalTypenames: ['Notification'] };

const FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'unread', label: 'Unread' },
  { value: 'read', label: 'Read' },
] as const;

export function Notifications() {
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
      <PageHeader title="Notifications">
        <SelectField
          label="Show"
          name="filter"
          problem={null}
          options={FILTERS}
          value={filter}
          onChange={(e) => {
            setFilter(e.target.value);
            paging.reset();
          }}
        />
      </PageHeader>
      <ErrorBox problem={problemOf(error) ?? mark.problem} />
      {data && !data.notifications.data.length && <Empty>No notifications.</Empty>}
      <ul className="cards">
        {data?.notifications.data.map((n) => (
          <li key={n.id} className={n.read ? 'read' : 'unread'} data-testid="notification">
            <h2>{n.title}</h2>
            <p>{n.message}</p>
            <p className="muted">
              {formatDateTime(n.createdAt)} · {n.type} · {n.read ? 'read' : 'unread'}
            </p>
            {!n.read && (
              <button
                type="button"
                onClick={eventHandler(async () => {
                  if (await mark.run({ id: n.id })) refetch({ requestPolicy: 'network-only' });
                })}
              >
                Mark read
              </button>
            )}
          </li>
        ))}
      </ul>
      <Pager paging={paging} nextCursor={data?.notifications.nextCursor} label="Notifications" />
    </>
  );
}
