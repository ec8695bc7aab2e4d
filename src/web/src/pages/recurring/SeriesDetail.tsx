import { Link, useNavigate, useParams } from 'react-router';
import { useQuery } from 'urql';
import { useAction } from '../../components/action';
import { ConfirmButton } from '../../components/confirm';
import { Empty, ErrorBox, PageHeader } from '../../components/feedback';
import { problemOf } from '../../errors';
import { formatDate } from '../../format';
import { LANGUAGE_LABELS, type Language } from '../../languages';
import { can, useSession } from '../../session';
import { NotFound } from '../../shell/NotFound';
import { SERIES_STATUS_LABELS, SERIES_TYPE_LABELS, scheduleText, useContactNames, type Series } from './labels';
import {
  DeleteRecurringSeriesDocument,
  PauseRecurringSeriesDocument,
  RecurringSeriesDetailDocument,
  ResumeRecurringSeriesDocument,
} from './operations';

/** A series: its template and schedule, the next 12 issue dates, and the documents it generated. */
export function SeriesDetail() {
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
          {SERIES_STATUS_LABELS[series.status]}
        </span>
      </PageHeader>
      <p>
        <Link to="/recurring">All series</Link>
      </p>
      {can(person, 'documents', 'write') && (
        <SeriesActions series={series} onChanged={() => refetch({ requestPolicy: 'network-only' })} />
      )}
      {series.lastError && (
        <div className="error-box" role="alert" data-testid="series-error">
          <p>The last generation failed: {series.lastError}</p>
        </div>
      )}
      <dl className="facts">
        <dt>Document</dt>
        <dd>
          {SERIES_TYPE_LABELS[series.documentType]} in {series.currency}, due in {series.dueInDays} days
        </dd>
        <dt>Contact</dt>
        <dd>
          <Link to={`/contacts/${series.contactId}`}>{contactName(series.contactId)}</Link>
        </dd>
        <dt>Items</dt>
        <dd>{series.items.map((i) => i.name).join('; ')}</dd>
        <dt>Schedule</dt>
        <dd>
          {scheduleText(series)}, from {formatDate(series.startDate)}
        </dd>
        <dt>Each document</dt>
        <dd>{series.issueAndSend ? 'Issued and e-mailed to the contact' : 'Left a draft'}</dd>
        <dt>Language</dt>
        <dd>{series.language ? LANGUAGE_LABELS[series.language as Language] : "The contact's, else the company's"}</dd>
        {series.tags.length > 0 && (
          <>
            <dt>Tags</dt>
            <dd>{series.tags.join(', ')}</dd>
          </>
        )}
      </dl>
      <section aria-labelledby="series-next">
        <h2 id="series-next">Next issue dates</h2>
        {data.recurringSeriesPreview.dates.length ? (
          <ol data-testid="series-preview">
            {data.recurringSeriesPreview.dates.map((d) => (
              <li key={d}>{formatDate(d)}</li>
            ))}
          </ol>
        ) : (
          <Empty>None: the series has ended.</Empty>
        )}
      </section>
      <section aria-labelledby="series-history">
        <h2 id="series-history">Generated documents</h2>
        {generated.length ? (
          <ul data-testid="series-history">
            {generated.map((o) => (
              <li key={o.date}>
                {o.documentId ? (
                  <Link to={`/documents/${o.documentId}`}>Document of {formatDate(o.date)}</Link>
                ) : (
                  `Document of ${formatDate(o.date)} (being made)`
                )}
              </li>
            ))}
          </ul>
        ) : (
          <Empty>Nothing generated yet.</Empty>
        )}
      </section>
    </>
  );
}

function SeriesActions({ series, onChanged }: { series: Series; onChanged: () => void }) {
  const navigate = useNavigate();
  const pause = useAction(PauseRecurringSeriesDocument);
  const resume = useAction(ResumeRecurringSeriesDocument);
  const remove = useAction(DeleteRecurringSeriesDocument);
  return (
    <>
      <ErrorBox problem={pause.problem ?? resume.problem ?? remove.problem} />
      <div className="actions">
        <Link to="edit">Edit</Link>
        {series.status === 'ACTIVE' && (
          <button
            type="button"
            disabled={pause.busy}
            onClick={() => void pause.run({ id: series.id }).then((done) => done && onChanged())}
          >
            Pause
          </button>
        )}
        {series.status === 'PAUSED' && (
          <button
            type="button"
            disabled={resume.busy}
            onClick={() => void resume.run({ id: series.id }).then((done) => done && onChanged())}
          >
            Resume
          </button>
        )}
        <ConfirmButton
          label="Delete"
          title={`Delete the series ${series.name}?`}
          confirmLabel="Delete series"
          onConfirm={async () => {
            if (await remove.run({ id: series.id })) await navigate('/recurring');
          }}
        >
          The series stops; the documents it generated stay.
        </ConfirmButton>
      </div>
    </>
  );
}
