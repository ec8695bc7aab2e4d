import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { useAction, submitHandler } from '../../components/action';
import { Empty, ErrorBox } from '../../components/feedback';
import { FormError, TextField, formText } from '../../components/form';
import { Pager, usePaging } from '../../components/paging';
import { problemOf } from '../../errors';
import { DepartmentPageDocument, CreateDepartmentDocument } from './operations';

/** The departments, a page at a time, and a form for a new one (`onCreated` refreshes the users' department choices). */
export function Departments({ onCreated }: { onCreated: () => void }) {
  const { t } = useTranslation('users');
  const paging = usePaging();
  const [{ data, error }, refetch] = useQuery({ query: DepartmentPageDocument, variables: paging.variables });
  const create = useAction(CreateDepartmentDocument);
  return (
    <section aria-labelledby="departments">
      <h2 id="departments">{t('departments.heading')}</h2>
      <ErrorBox problem={problemOf(error)} />
      {data && !data.departments.data.length && <Empty>{t('departments.none')}</Empty>}
      <ul>
        {data?.departments.data.map((d) => (
          <li key={d.id}>{d.name}</li>
        ))}
      </ul>
      <Pager paging={paging} nextCursor={data?.departments.nextCursor} label={t('departments.pager')} />
      <form
        className="inline-form"
        onSubmit={submitHandler(async (form) => {
          if (await create.run({ name: formText(form, 'name') })) {
            form.reset();
            refetch({ requestPolicy: 'network-only' });
            onCreated();
          }
        })}
      >
        <FormError problem={create.problem} fields={['name']} />
        <TextField label={t('departments.name')} name="name" problem={create.problem} required />
        <button type="submit" className="primary" disabled={create.busy}>
          {t('departments.add')}
        </button>
      </form>
    </section>
  );
}
