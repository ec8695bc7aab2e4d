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
  const paging = usePaging();
  const [{ data, error }, refetch] = useQuery({ query: OAuthGrantsDocument, variables: paging.variables });
  const revoke = useAction(RevokeOAuthGrantDocument);
  return (
    <>
      <PageHeader title="Connected applications" />
      <ErrorBox problem={problemOf(error) ?? revoke.problem} />
      {data && !data.oauthGrants.data.length && <Empty>You have not connected any application.</Empty>}
      <ul className="cards">
        {data?.oauthGrants.data.map((g) => (
          <li key={g.id} data-testid={`grant-${g.application.name}`}>
            <h2>{g.application.name}</h2>
            {g.application.description && <p>{g.application.description}</p>}
            <p className="muted">
              Allowed {formatDateTime(g.createdAt)} · {g.scopes.join(', ')}
            </p>
            <ConfirmButton
              label="Revoke access"
              title={`Revoke the access of ${g.application.name}?`}
              confirmLabel="Revoke access"
              onConfirm={async () => {
                if (await revoke.run({ id: g.id })) refetch({ requestPolicy: 'network-only' });
              }}
            >
              The application loses access at once; all its tokens stop working.
            </ConfirmButton>
          </li>
        ))}
      </ul>
      <Pager paging={paging} nextCursor={data?.oauthGrants.nextCursor} label="Connected applications" />
    </>
  );
}
