import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/feedback';

/** (Issue 30 point 3 builds this page.) */
export function Exports() {
  const { t } = useTranslation();
  return <PageHeader title={t('nav.exports')} />;
}
