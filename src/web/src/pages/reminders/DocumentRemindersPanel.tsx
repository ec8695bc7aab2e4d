import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { eventHandler, useAction } from '../../components/action';
import { Empty, ErrorBox } from '../../components/feedback';
import { problemOf } from '../../errors';
import { formatDateTime } from '../../format';
import { DocumentRemindersDocument, SetDocumentRemindersDocument } from './operations';
import { stepText } from './steps';

/** An invoice's reminders: whether the daily job sends them, the switch, and those sent with step and time. */
export function DocumentRemindersPanel({ documentId, writer }: { documentId: string; writer: boolean }) {
  const { t } = useTranslation('reminders');
  const [{ data, error }, refetch] = useQuery({ query: DocumentRemindersDocument, variables: { documentId } });
  const change = useAction(SetDocumentRemindersDocument);
  const reminders = data?.documentReminders;
  return (
    <section aria-labelledby="reminders-heading" data-testid="document-reminders">
      <h2 id="reminders-heading">{t('panel.heading')}</h2>
      <ErrorBox problem={change.problem ?? problemOf(error)} />
      {reminders && (
        <>
          <p data-testid="reminders-state">{reminders.enabled ? t('panel.on') : t('panel.off')}</p>
          {writer && (
            <button
              type="button"
              disabled={change.busy}
              onClick={eventHandler(async () => {
                if (await change.run({ documentId, enabled: !reminders.enabled }))
                  refetch({ requestPolicy: 'network-only' });
              })}
            >
              {reminders.enabled ? t('panel.switchOff') : t('panel.switchOn')}
            </button>
          )}
          {!reminders.sent.length && <Empty>{t('panel.noneSent')}</Empty>}
          <ol className="timeline">
            {reminders.sent.map((r) => (
              <li key={r.stepId} data-testid="sent-reminder">
                <time dateTime={r.sentAt}>{formatDateTime(r.sentAt)}</time>{' '}
                {t('panel.sent', { when: stepText(t, r.days), step: r.days > 0 ? `+${r.days}` : String(r.days) })}
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
