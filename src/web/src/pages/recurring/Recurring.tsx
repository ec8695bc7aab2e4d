import { useTranslation } from 'react-i18next';
import { Route, Routes, useParams } from 'react-router';
import { useQuery } from 'urql';
import { ErrorBox, PageHeader } from '../../components/feedback';
import { problemOf } from '../../errors';
import { NotFound } from '../../shell/NotFound';
import { RecurringSeriesEditDocument } from './operations';
import { SeriesDetail } from './SeriesDetail';
import { SeriesForm } from './SeriesForm';
import { SeriesList } from './SeriesList';

export function Recurring() {
  return (
    <Routes>
      <Route index element={<SeriesList />} />
      <Route path="new" element={<SeriesEditor />} />
      <Route path=":id" element={<SeriesDetail />} />
      <Route path=":id/edit" element={<SeriesEditor />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}

/** A new series, or the series of the address to edit. */
function SeriesEditor() {
  const { t } = useTranslation('recurring');
  const { id } = useParams();
  const [{ data, error }] = useQuery({
    query: RecurringSeriesEditDocument,
    variables: { id: id ?? '' },
    pause: !id,
    requestPolicy: 'network-only',
  });
  const problem = problemOf(error);
  if (problem?.code === 'NOT_FOUND') return <NotFound />;
  if (id && !data) return <ErrorBox problem={problem} />;
  return (
    <>
      <PageHeader title={data ? t('editor.edit', { name: data.recurringSeriesOne.name }) : t('editor.new')} />
      <SeriesForm series={data?.recurringSeriesOne} />
    </>
  );
}
