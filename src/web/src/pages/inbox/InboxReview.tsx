import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useQuery } from 'urql';
import { useAction } from '../../components/action';
import { ConfirmButton } from '../../components/confirm';
import { ErrorBox, Notice, PageHeader } from '../../components/feedback';
import { problemOf } from '../../errors';
import { can, useSession } from '../../session';
import { NotFound } from '../../shell/NotFound';
import { ConfirmedCost } from './ConfirmedCost';
import { DeleteInboxItemDocument, InboxItemDocument } from './operations';
import { PageImage } from './PageImage';
import { ReviewForm } from './ReviewForm';
import { STATUS_LABELS, inProgress } from './labels';

/** Side by side: the file's page beside the draft cost read from it; confirm turns the draft into a cost. */
export function InboxReview() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { person } = useSession();
  const writer = can(person, 'costs', 'write');
  const [{ data, error }, refetch] = useQuery({ query: InboxItemDocument, variables: { id } });
  const remove = useAction(DeleteInboxItemDocument);
  const [confirmedNumber, setConfirmedNumber] = useState<string | null>(null);
  const problem = problemOf(error);
  if (problem?.code === 'NOT_FOUND') return <NotFound />;
  const item = data?.inboxItem;

  return (
    <>
      <PageHeader title={item ? `Review ${item.filename}` : 'Review'}>
        {item && writer && item.status !== 'CONFIRMED' && (
          <ConfirmButton
            label="Delete"
            title={`Delete ${item.filename}?`}
            confirmLabel="Delete the file"
            onConfirm={async () => {
              if (await remove.run({ id: item.id })) await navigate('..');
            }}
          >
            The file and what was read from it are removed; no cost is made.
          </ConfirmButton>
        )}
      </PageHeader>
      <p>
        <Link to="..">All received files</Link>
      </p>
      <ErrorBox problem={problem ?? remove.problem} />
      {item && (
        <div className="inbox-review">
          <PageImage itemId={item.id} filename={item.filename} pages={item.pages ?? 1} />
          <div>
            <p>
              <span className="badge" data-testid="review-status">
                {STATUS_LABELS[item.status]}
              </span>{' '}
              {item.method && (
                <span className="muted">
                  {item.method === 'OCR' ? 'Read by OCR' : item.method === 'TEXT' ? 'Read from the text' : 'ISDOC'}
                  {item.engine ? ` (${item.engine})` : ''}
                </span>
              )}
            </p>
            {inProgress(item.status) && <p role="status">The file is still being read.</p>}
            {item.failureReason && (
              <div className="error-box" role="alert">
                <p>The file could not be read: {item.failureReason}</p>
              </div>
            )}
            {item.duplicateCostId && item.status !== 'CONFIRMED' && (
              <div className="error-box" data-testid="duplicate-flag">
                <p>
                  Possible duplicate: a cost of this supplier with the same document number is already recorded.
                  Confirming it again is refused.
                </p>
              </div>
            )}
            {confirmedNumber && <Notice>Cost {confirmedNumber} was created.</Notice>}
            {item.costId && <ConfirmedCost costId={item.costId} />}
            {item.status === 'EXTRACTED' && item.fields && writer && (
              <ReviewForm
                key={item.id}
                item={item}
                onConfirmed={(number) => {
                  setConfirmedNumber(number);
                  refetch({ requestPolicy: 'network-only' });
                }}
              />
            )}
          </div>
        </div>
      )}
    </>
  );
}
