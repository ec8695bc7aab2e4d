import { useQuery } from 'urql';
import { ErrorBox } from '../../components/feedback';
import { problemOf } from '../../errors';
import { can, useSession } from '../../session';
import { BillingData } from './BillingData';
import { DocumentLook } from './DocumentLook';
import { TaxFiling } from './TaxFiling';
import { CompanySettingsDocument } from './operations';

/** The company's billing data, its tax filing settings and the look of its documents, read in one query. */
export function CompanyBilling() {
  const { person } = useSession();
  const writer = can(person, 'company_settings', 'write');
  const [{ data, error }, refetch] = useQuery({ query: CompanySettingsDocument });
  if (!data) return <ErrorBox problem={problemOf(error)} />;
  const reload = () => refetch({ requestPolicy: 'network-only' });
  return (
    <>
      <BillingData c={data.companySettings} writer={writer} onSaved={reload} />
      <TaxFiling t={data.taxFilingSettings} writer={writer} onSaved={reload} />
      <DocumentLook l={data.documentLook} writer={writer} onChanged={reload} />
    </>
  );
}
