import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
import { inProgress } from './labels';

/** Side by side: the file's page beside the draft cost read from it; confirm turns the draft into a cost. */
export function InboxReview() {
  const { t } = useTranslation('inbox');
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
      <PageHeader title={item ? t('review.title', { name: item.filename }) : t('review.loading')}>
        {item && writer && item.status !== 'CONFIRMED' && (
          <ConfirmButton
            label={t('review.delete')}
            title={t('review.deleteTitle', { name: item.filename })}
            confirmLabel={t('review.deleteConfirm')}
            onConfirm={async () => {
              if (await remove.run({ id: item.id })) await navigate('..');
            }}
          >
            {t('review.deleteText')}
          </ConfirmButton>
        )}
      </PageHeader>
      <p>
        <Link to="..">{t('review.back')}</Link>
      </p>
      <ErrorBox problem={problem ?? remove.problem} />
      {item && (
        <div className="inbox-review">
          <PageImage itemId={item.id} filename={item.filename} pages={item.pages ?? 1} />
          <div>
            <p>
              <span className="badge" data-testid="review-status">
                {t(`status.${item.status}`)}
              </span>{' '}
              {item.method && (
                <span className="muted">
                  {item.method === 'OCR'
                    ? t('review.method.OCR')
                    : item.method === 'TEXT'
                      ? t('review.method.TEXT')
                      : t('review.method.ISDOC')}
                  {item.engine ? ` (${item.engine})` : ''}
                </span>
              )}
            </p>
            {inProgress(item.status) && <p role="status">{t('review.stillReading')}</p>}
            {item.failureReason && (
              <div className="error-box" role="alert">
                <p>{t('review.failed', { reason: item.failureReason })}</p>
              </div>
            )}
            {item.duplicateCostId && item.status !== 'CONFIRMED' && (
              <div className="error-box" data-testid="duplicate-flag">
                <p>{t('review.duplicate')}</p>
              </div>
            )}
            {confirmedNumber && <Notice>{t('review.created', { number: confirmedNumber })}</Notice>}
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
