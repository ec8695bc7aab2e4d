import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../components/feedback';
import type { NavPath } from './nav';

export function NotFound() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('notFound.title')} />
      <p>{t('notFound.text')}</p>
      <p>
        <Link to="/">{t('notFound.back')}</Link>
      </p>
    </>
  );
}

/** A page the person's role or permissions do not cover (the navigation does not offer it either). */
export function NotAllowed({ path }: { path: NavPath }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t(`nav.${path}`)} />
      <p role="alert">{t('notFound.notAllowed')}</p>
    </>
  );
}
