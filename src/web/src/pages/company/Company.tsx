import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/feedback';
import { CompanyBilling } from './CompanyBilling';
import { NumberingSeries } from './NumberingSeries';

export function Company() {
  const { t } = useTranslation('company');
  return (
    <>
      <PageHeader title={t('title')} />
      <CompanyBilling />
      <NumberingSeries />
    </>
  );
}
