import { PageHeader } from '../../components/feedback';
import { CompanyBilling } from './CompanyBilling';
import { NumberingSeries } from './NumberingSeries';

export function Company() {
  return (
    <>
      <PageHeader title="Company and numbering" />
      <CompanyBilling />
      <NumberingSeries />
    </>
  );
}
