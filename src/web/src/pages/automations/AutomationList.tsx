import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import { useAction } from '../../components/action';
import { ConfirmButton } from '../../components/confirm';
import { Empty, ErrorBox, PageHeader } from '../../components/feedback';
import { Pager, usePaging } from '../../components/paging';
import { problemOf } from '../../errors';
import { can, useSession } from '../../session';
import { triggerText, type Rule } from './labels';
import { AutomationsDocument, DeleteAutomationDocument } from './operations';

export function AutomationList() {
  const { t } = useTranslation('automations');
  const { person } = useSession();
  const writer = can(person, 'automations', 'write');
  const paging = usePaging();
  const [{ data, error }, refetch] = useQuery({ query: AutomationsDocument, variables: paging.variables });
  return (
    <>
      <PageHeader title={t('title')}>
        {writer && (
          <Link to="new" className="button primary">
            {t('newRule')}
          </Link>
        )}
      </PageHeader>
      <ErrorBox problem={problemOf(error)} />
      {data && !data.automations.data.length && <Empty>{t('none')}</Empty>}
      <ul className="cards">
        {data?.automations.data.map((r) => (
          <RuleCard key={r.id} rule={r} writer={writer} onChanged={() => refetch({ requestPolicy: 'network-only' })} />
        ))}
      </ul>
      <Pager paging={paging} nextCursor={data?.automations.nextCursor} label={t('pager')} />
    </>
  );
}

function RuleCard({ rule, writer, onChanged }: { rule: Rule; writer: boolean; onChanged: () => void }) {
  const { t } = useTranslation('automations');
  const remove = useAction(DeleteAutomationDocument);
  return (
    <li data-testid={`automation-${rule.name}`}>
      <h2>
        <Link to={rule.id}>{rule.name}</Link>{' '}
        <span className="badge">{rule.isActive ? t('active') : t('inactive')}</span>
      </h2>
      <p>
        {triggerText(t, rule)} ·{' '}
        {rule.conditions.length
          ? rule.conditions
              .map((c) =>
                t('condition', {
                  field: c.name ?? t(`fields.${c.field}`),
                  operator: t(`operators.${c.operator}`),
                  value: String(c.value),
                }),
              )
              .join(t('and'))
          : t('noConditions')}
      </p>
      <p className="muted">
        {t('then', { actions: rule.actions.map((a) => t(`actions.${a.type}`).toLowerCase()).join(', ') })}
      </p>
      <ErrorBox problem={remove.problem} />
      <div className="actions">
        <Link to={rule.id}>{t('runHistory')}</Link>
        {writer && (
          <>
            <Link to={`${rule.id}/edit`}>{t('edit')}</Link>
            <ConfirmButton
              label={t('delete')}
              title={t('deleteTitle', { name: rule.name })}
              confirmLabel={t('deleteConfirm')}
              onConfirm={async () => {
                if (await remove.run({ id: rule.id })) onChanged();
              }}
            >
              {t('deleteText')}
            </ConfirmButton>
          </>
        )}
      </div>
    </li>
  );
}
