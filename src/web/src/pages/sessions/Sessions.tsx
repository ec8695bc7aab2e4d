import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClient, useQuery } from 'urql';
import { useAction } from '../../components/action';
import { ConfirmButton } from '../../components/confirm';
import { ErrorBox, Notice, PageHeader } from '../../components/feedback';
import { Pager, usePaging } from '../../components/paging';
import { problemOf, type Problem } from '../../errors';
import { formatDateTime } from '../../format';
import { EndSessionDocument, MySessionsDocument } from './operations';

/** At most this many pages of sessions are ended by "end all other sessions" (100 each). */
const MAX_PAGES = 20;

/** "Firefox 140 · Linux" from a User-Agent: enough to recognise a browser, not a full parser. */
export function browserOf(userAgent: string): string | null {
  const browser = /(Edg|OPR|Firefox|Chrome|Safari)\/(\d+)/.exec(userAgent);
  const system = /(Windows|Android|iPhone|iPad|Mac OS X|CrOS|Linux)/.exec(userAgent);
  const names: Record<string, string> = { Edg: 'Edge', OPR: 'Opera', 'Mac OS X': 'macOS', CrOS: 'ChromeOS' };
  const parts = [
    browser ? `${names[browser[1]] ?? browser[1]} ${browser[2]}` : null,
    system ? (names[system[1]] ?? system[1]) : null,
  ].filter((p): p is string => !!p);
  return parts.length ? parts.join(' · ') : null;
}

/** The person's live sessions (this browser marked): end one, or every other at once. */
export function Sessions() {
  const { t } = useTranslation(['sessions', 'common']);
  const client = useClient();
  const paging = usePaging();
  const [{ data, error }, refetch] = useQuery({
    query: MySessionsDocument,
    variables: paging.variables,
    requestPolicy: 'cache-and-network',
  });
  const end = useAction(EndSessionDocument);
  const [notice, setNotice] = useState<string | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const reload = () => refetch({ requestPolicy: 'network-only' });
  const sessions = data?.mySessions.data ?? [];
  const others = paging.page > 1 || !!data?.mySessions.nextCursor || sessions.some((s) => !s.current);

  const endOthers = async () => {
    setNotice(null);
    setProblem(null);
    let ended = 0;
    // Every page is read first: ending sessions while paging would shift the cursor.
    const ids: string[] = [];
    let cursor = null as string | null;
    for (let i = 0; i < MAX_PAGES; i++) {
      const page = await client
        .query(MySessionsDocument, { limit: 100, cursor }, { requestPolicy: 'network-only' })
        .toPromise();
      if (page.error || !page.data) return setProblem(problemOf(page.error));
      ids.push(...page.data.mySessions.data.filter((s) => !s.current).map((s) => s.id));
      cursor = page.data.mySessions.nextCursor ?? null;
      if (!cursor) break;
    }
    for (const id of ids) {
      if (!(await end.run({ id }))) break;
      ended++;
    }
    if (ended) setNotice(t('endedOthers', { count: ended }));
    paging.reset();
    reload();
  };

  return (
    <>
      <PageHeader title={t('common:nav.sessions')}>
        {others && (
          <ConfirmButton
            label={t('endOthers')}
            title={t('endOthersTitle')}
            confirmLabel={t('endOthers')}
            disabled={end.busy}
            onConfirm={endOthers}
          >
            {t('endOthersText')}
          </ConfirmButton>
        )}
      </PageHeader>
      <p>{t('intro')}</p>
      {notice && <Notice>{notice}</Notice>}
      <ErrorBox problem={problemOf(error) ?? end.problem ?? problem} />
      {data && !others && <p className="empty">{t('onlyThis')}</p>}
      <ul className="cards" aria-label={t('list')} data-testid="sessions">
        {sessions.map((s) => {
          const browser = browserOf(s.userAgent) ?? t('unknownBrowser');
          return (
            <li
              key={s.id}
              data-testid={s.current ? 'session-current' : 'session'}
              aria-current={s.current || undefined}
            >
              <h2>
                {browser}
                {s.current && (
                  <>
                    {' '}
                    <span className="badge">{t('current')}</span>
                  </>
                )}
              </h2>
              <p className="muted">
                {t('started', { date: formatDateTime(s.createdAt) })} ·{' '}
                {t('lastSeen', { date: formatDateTime(s.lastSeenAt) })} ·{' '}
                {t('expires', { date: formatDateTime(s.expiresAt) })} · {t('address', { ip: s.ip })}
              </p>
              {!s.current && (
                <ConfirmButton
                  label={t('end')}
                  title={t('endTitle', { browser })}
                  confirmLabel={t('end')}
                  disabled={end.busy}
                  onConfirm={async () => {
                    setNotice(null);
                    if (await end.run({ id: s.id })) {
                      setNotice(t('ended'));
                      reload();
                    }
                  }}
                >
                  {t('endText')}
                </ConfirmButton>
              )}
            </li>
          );
        })}
      </ul>
      <Pager paging={paging} nextCursor={data?.mySessions.nextCursor} label={t('common:nav.sessions')} />
    </>
  );
}
