import { useSession } from '../../session';
import { TwoFactor } from './TwoFactor';

/** The person's two-factor login; an OWNER also sets the company's requirement there. */
export function TwoFactorPage() {
  const { person } = useSession();
  return <TwoFactor isOwner={person.role === 'OWNER'} />;
}
