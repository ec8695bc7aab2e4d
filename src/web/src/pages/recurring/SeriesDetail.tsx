import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useQuery } from 'urql';
import { useAction } from '../../components/action';
import { ConfirmButton } from '../../components/confirm';
import { Empty, ErrorBox, PageHeader } from '../../components/feedback';
import { problemOf } from '../../errors';
import { formatDate } from '../../format';
import { can, useSession } from '../../session';
import { NotFound } from '../../shell/NotFound';
import { isDocumentLanguage, scheduleText, useContactNames, type Series } from './labels';
import {
  DeleteRecurringSeriesDocument,
  PauseRecurringSeriesDocument,
  RecurringSeriesDetailDocument,
  ResumeRecurringSeriesDocument,
} from './operations';

/** A series: its template and schedule, the next 12 issue dates, and the documents it generated. */
export function SeriesDetail() {
  const { t } = useTranslation('recurring');
  const { id = '' } = useParams();
  const { person } = useSession();
  const contactName = useContactNames();
  const [{ data, error }, refetch] = useQuery({
    query: RecurringSeriesDetailDocument,
    variables: { id },
    requestPolicy: 'cache-and-network',
  });
  const problem = problemOf(error);
  if (problem?.code === 'NOT_FOUND') return <NotFound />;
  if (!data) return <ErrorBox problem={problem} />;
  const series = data.recurringSeriesOne;
  const generated = data.recurringSeriesDocuments.data;
  return (
    <>
      <PageHeader title={series.name}>
        <span className="badge" data-testid="series-status">
          {t(`statuses.${series.status}`)}
        </span>
      </PageHeader>
      <p>
        <Link to="/recurring">{t('detail.all')}</Link>
      </p>
      {can(person, 'documents', 'write') && (
        <SeriesActions series={series} onChanged={() => refetch({ requestPolicy: 'network-only' })} />
      )}
      {series.lastError && (
        <div className="error-box" role="alert" data-testid="series-error">
          <p>{t('detail.lastError', { error: series.lastError })}</p>
        </div>
      )}
      <dl className="facts">
        <dt>{t('detail.document')}</dt>
        <dd>
          {t('detail.documentText', {
            type: t(`types.${series.documentType}`),
            currency: series.currency,
            count: series.dueInDays,
          })}
        </dd>
        <dt>{t('detail.contact')}</dt>
        <dd>
          <Link to={`/contacts/${series.contactId}`}>{contactName(series.contactId)}</Link>
        </dd>
        <dt>{t('detail.items')}</dt>
        <dd>{series.items.map((i) => i.name).join('; ')}</dd>
        <dt>{t('detail.schedule')}</dt>
        <dd>{t('detail.scheduleFrom', { schedule: scheduleText(t, series), date: formatDate(series.startDate) })}</dd>
        <dt>{t('detail.each')}</dt>
        <dd>{series.issueAndSend ? t('detail.issueAndSend') : t('detail.draft')}</dd>
        <dt>{t('detail.language')}</dt>
        <dd>
          {isDocumentLanguage(series.language)
            ? t(`languages.${series.language}`)
            : (series.language ?? t('detail.contactLanguage'))}
        </dd>
        {series.tags.length > 0 && (
          <>
            <dt>{t('detail.tags')}</dt>
            <dd>{series.tags.join(', ')}</dd>
          </>
        )}
      </dl>
      <section aria-labelledby="series-next">
        <h2 id="series-next">{t('detail.next')}</h2>
        {data.recurringSeriesPreview.dates.length ? (
          <ol data-testid="series-preview">
            {data.recurringSeriesPreview.dates.map((d) => (
              <li key={d}>{formatDate(d)}</li>
            ))}
          </ol>
        ) : (
          <Empty>{t('detail.ended')}</Empty>
        )}
      </section>
      <section aria-labelledby="series-history">
        <h2 id="series-history">{t('detail.history')}</h2>
        {generated.length ? (
          <ul data-testid="series-history">
            {generated.map((o) => (
              <li key={o.date}>
                {o.documentId ? (
                  <Link to={`/documents/${o.documentId}`}>{t('detail.generated', { date: formatDate(o.date) })}</Link>
                ) : (
                  t('detail.making', { date: formatDate(o.date) })
                )}
              </li>
            ))}
          </ul>
        ) : (
          <Empty>{t('detail.nothing')}</Empty>
        )}
      </section>
    </>
  );
}

function SeriesActions({ series, onChanged }: { series: Series; onChanged: () => void }) {
  const { t } = useTranslation('recurring');
  const navigate = useNavigate();
  const pause = useAction(PauseRecurringSeriesDocument);
  const resume = useAction(ResumeRecurringSeriesDocument);
  const remove = useAction(DeleteRecurringSeriesDocument);
  return (
    <>
      <ErrorBox problem={pause.problem ?? resume.problem ?? remove.problem} />
      <div className="actions">
        <Link to="edit">{t('detail.edit')}</Link>
        {series.status === 'ACTIVE' && (
          <button
            type="button"
            disabled={pause.busy}
            onClick={() => void pause.run({ id: series.id }).then((done) => done && onChanged())}
          >
            {t('detail.pause')}
          </button>
        )}
        {series.status === 'PAUSED' && (
          <button
            type="button"
            disabled={resume.busy}
            onClick={() => void resume.run({ id: series.id }).then((done) => done && onChanged())}
          >
            {t('detail.resume')}
          </button>
        )}
        <ConfirmButton
          label={t('delete.label')}
          title={t('delete.title', { name: series.name })}
          confirmLabel={t('delete.confirm')}
          onConfirm={async () => {
            if (await remove.run({ id: series.id })) await navigate('/recurring');
          }}
        >
          {t('delete.text')}
        </ConfirmButton>
      </div>
    </>
  );
}
