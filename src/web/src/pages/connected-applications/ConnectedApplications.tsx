import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { useAction } from '../../components/action';
import { ConfirmButton } from '../../components/confirm';
import { Empty, ErrorBox, PageHeader } from '../../components/feedback';
import { Pager, usePaging } from '../../components/paging';
import { problemOf } from '../../errors';
import { formatDateTime } from '../../format';
import { OAuthGrantsDocument, RevokeOAuthGrantDocument } from './operations';

/** The applications this person allowed to act for them; revoking ends all their tokens. */
export function ConnectedApplications() {
  const { t } = useTranslation(['connected-applications', 'common']);
  const paging = usePaging();
  const [{ data, error }, refetch] = useQuery({ query: OAuthGrantsDocument, variables: paging.variables });
  const revoke = useAction(RevokeOAuthGrantDocument);
  return (
    <>
      <PageHeader title={t('common:nav.connected-applications')} />
      <ErrorBox problem={problemOf(error) ?? revoke.problem} />
      {data && !data.oauthGrants.data.length && <Empty>{t('empty')}</Empty>}
      <ul className="cards">
        {data?.oauthGrants.data.map((g) => (
          <li key={g.id} data-testid={`grant-${g.application.name}`}>
            <h2>{g.application.name}</h2>
            {g.application.description && <p>{g.application.description}</p>}
            <p className="muted">{t('allowed', { date: formatDateTime(g.createdAt), scopes: g.scopes.join(', ') })}</p>
            <ConfirmButton
              label={t('revoke')}
              title={t('revokeTitle', { name: g.application.name })}
              confirmLabel={t('revoke')}
              onConfirm={async () => {
                if (await revoke.run({ id: g.id })) refetch({ requestPolicy: 'network-only' });
              }}
            >
              {t('revokeText')}
            </ConfirmButton>
          </li>
        ))}
      </ul>
      <Pager paging={paging} nextCursor={data?.oauthGrants.nextCursor} label={t('common:nav.connected-applications')} />
    </>
  );
}
