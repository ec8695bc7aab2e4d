import { useTranslation } from 'react-i18next';
import { Route, Routes, useParams } from 'react-router';
import { useQuery } from 'urql';
import { ErrorBox, PageHeader } from '../../components/feedback';
import { problemOf } from '../../errors';
import { NotFound } from '../../shell/NotFound';
import { AutomationList } from './AutomationList';
import { AutomationRuns } from './AutomationRuns';
import { AutomationDocument } from './operations';
import { RuleForm } from './RuleForm';

export function Automations() {
  return (
    <Routes>
      <Route index element={<AutomationList />} />
      <Route path="new" element={<AutomationEditor />} />
      <Route path=":id" element={<AutomationRuns />} />
      <Route path=":id/edit" element={<AutomationEditor />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}

/** A new rule, or the rule of the address to edit. */
function AutomationEditor() {
  const { t } = useTranslation('automations');
  const { id } = useParams();
  const [{ data, error }] = useQuery({
    query: AutomationDocument,
    variables: { id: id ?? '', limit: 1 },
    pause: !id,
    requestPolicy: 'network-only',
  });
  const problem = problemOf(error);
  if (problem?.code === 'NOT_FOUND') return <NotFound />;
  if (id && !data) return <ErrorBox problem={problem} />;
  return (
    <>
      <PageHeader title={data ? t('form.editTitle', { name: data.automation.name }) : t('form.newTitle')} />
      <RuleForm rule={data?.automation} />
    </>
  );
}
